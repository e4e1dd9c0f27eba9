import { describe, expect, it } from "vitest";
import { jobFailureAdvice } from "@/components/numbers/job-failure-words";

describe("what to do about a number a bulk job could not change", () => {
  it.each([
    ["number_locked", "release", "It is locked: unlock it on its page, then run the change again for it."],
    [
      "number_referenced",
      "release",
      "Rules of your other numbers forward calls to it: change those rules first, or release it on its page anyway.",
    ],
    ["role_forbidden", "lock", "Your role may not do this: ask an owner or admin of your organization."],
    [undefined, "release", "It could not be released: open it to try once more, by itself."],
    ["internal_error", "set_tags", "It could not be changed: open it to try once more, by itself."],
  ] as const)("%s (%s)", (code, type, advice) => {
    expect(jobFailureAdvice(code, type)).toBe(advice);
  });
});
