import "server-only";
import { getAttemptThrottle } from "@/lib/auth/attempt-throttle";
import type { Principal } from "@/lib/auth/types";
import { ApiError } from "@/lib/errors";
import { requestClientAddress } from "@/lib/http/client-address";
import { signUp } from "@/lib/accounts/sign-up";
import { resendVerification, verifyEmail } from "@/lib/accounts/verification";
import { confirmPasswordReset, requestPasswordReset } from "@/lib/accounts/password-reset";
import type { SignUpRequest } from "@/lib/schemas/accounts";

// What the account routes do, between the wrapper and the domain: throttle, then act, then
// the words of the answer. As for sign-in, only a known client address is counted: requests
// whose address is unknown sharing one budget would let anyone lock out everyone. The answers
// to sign-up and reset requests are constants on purpose: the same bytes whether or not the
// email has an account. `now` is the request's time, from the wrapper.

export const SIGN_UP_ACCEPTED = {
  message:
    "Thanks. We have sent an email to that address: follow its link within 24 hours to confirm it. If it does not arrive in a few minutes, check your spam folder.",
};
export const RESET_ACCEPTED = {
  message:
    "If that email has an account, we have sent it a link to set a new password. The link works once, within one hour.",
};
const RESEND_ACCEPTED = {
  message: "We have sent the verification link again. Follow it within 24 hours.",
};

type Headers = Pick<Request, "headers">;

export async function answerSignUp(body: SignUpRequest, request: Headers, now: Date) {
  const ip = requestClientAddress(request.headers);
  await (await getAttemptThrottle()).take(["signup_address", ip]);
  await signUp(body, { ip, now });
  return SIGN_UP_ACCEPTED;
}

export async function answerVerification(token: string, request: Headers, now: Date) {
  const ip = requestClientAddress(request.headers);
  await (await getAttemptThrottle()).take(["link_address", ip]);
  return verifyEmail(token, { ip, now });
}

export async function answerResend(principal: Principal | null, request: Headers, now: Date) {
  const userId = principal?.userId;
  if (!userId) throw new ApiError("unauthorized", "Sign in to have the verification link sent again.");
  await (await getAttemptThrottle()).take(["resend_user", userId]);
  const outcome = await resendVerification(userId, { ip: requestClientAddress(request.headers), now });
  if (outcome === "verified")
    throw new ApiError("invalid_parameter", "Your email is already verified; there is nothing to send.", "");
  return RESEND_ACCEPTED;
}

export async function answerResetRequest(email: string, request: Headers, now: Date) {
  const ip = requestClientAddress(request.headers);
  await (await getAttemptThrottle()).take(["reset_address", ip], ["reset_email", email]);
  await requestPasswordReset(email, { ip, now });
  return RESET_ACCEPTED;
}

export async function answerResetConfirm(token: string, password: string, request: Headers, now: Date) {
  const ip = requestClientAddress(request.headers);
  await (await getAttemptThrottle()).take(["link_address", ip]);
  await confirmPasswordReset(token, password, { ip, now });
  return {
    message: "Your password is set. You have been signed out everywhere; sign in with the new password.",
  };
}
