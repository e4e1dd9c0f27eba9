import { describe, expect, it } from "vitest";
import { describeSignInError, singleSignOnEmail } from "@/lib/schemas/sign-in";

// The sign-in form's single sign-on path: an email alone goes to the provider, and what comes
// back refused reads as a sentence.

describe("singleSignOnEmail", () => {
  it.each([
    { typed: " jane@acme.example ", expected: "jane@acme.example" },
    { typed: "jane", expected: null },
    { typed: "", expected: null },
  ])("reads $typed as $expected", ({ typed, expected }) => {
    expect(singleSignOnEmail(typed)).toBe(expected);
  });
});

describe("describeSignInError", () => {
  it.each([
    [
      "sso_required",
      "Your organization signs in through its identity provider: leave the password empty and continue with single sign-on.",
    ],
    [
      "sso_unknown_domain",
      "No organization signs in with single sign-on for that email's domain. Sign in with your password.",
    ],
    ["sso_state_invalid", "That sign-in link was already used or has expired. Start signing in again."],
    [
      "sso_wrong_audience",
      "Your organization's identity provider did not sign you in. Start again, or ask your administrator.",
    ],
  ])("words %s", (code, words) => {
    expect(describeSignInError(code)).toBe(words);
  });
});
