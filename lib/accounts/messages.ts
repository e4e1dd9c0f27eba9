import type { QueuedEmail } from "@/lib/email/queue";
import { siteUrl } from "@/lib/accounts/links";

// The words of the account emails. Plain text: every client shows it, and the link is the
// whole point of each one.

export function verifyEmailMessage(to: string, name: string, token: string): QueuedEmail {
  const link = siteUrl(`/verify?token=${token}`);
  return {
    to,
    kind: "verify_email",
    subject: "Confirm your email for the Numbers portal",
    text: [
      `Hello ${name},`,
      "",
      "Confirm that this is your email address by opening this link within 24 hours:",
      "",
      link,
      "",
      "Until then you can sign in and look around, but not hold or buy numbers or create API tokens.",
      "If you did not sign up, ignore this email: nothing happens without the link.",
    ].join("\n"),
  };
}

export function accountExistsMessage(to: string): QueuedEmail {
  return {
    to,
    kind: "account_exists",
    subject: "You already have a Numbers portal account",
    text: [
      "Hello,",
      "",
      "Someone (perhaps you) tried to sign up with this email address, but it already has an account.",
      "",
      `Sign in: ${siteUrl("/sign-in")}`,
      `Forgotten your password? Set a new one: ${siteUrl("/forgot-password")}`,
      "",
      "If it was not you, ignore this email: no new account was made and yours is unchanged.",
    ].join("\n"),
  };
}

export function passwordResetMessage(to: string, name: string, token: string): QueuedEmail {
  return {
    to,
    kind: "password_reset",
    subject: "Set a new password for the Numbers portal",
    text: [
      `Hello ${name},`,
      "",
      "To set a new password, open this link within one hour. It works once:",
      "",
      siteUrl(`/reset-password?token=${token}`),
      "",
      "Setting a new password signs you out everywhere you are signed in.",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}
