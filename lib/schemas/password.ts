// The length rule of passwords (docs/CONTRACT.md §15), shared by the API's schemas and the portal's
// forms. The list of common passwords is checked on the server only (lib/auth/password-policy.ts):
// it is too big to send to every browser.

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** Why the password's length is wrong, in words; null when it is right. Counts characters, not UTF-16 units. */
export function passwordLengthProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN)
    return `The password must have at least ${PASSWORD_MIN} characters; this one has ${length}.`;
  if (length > PASSWORD_MAX)
    return `The password may have at most ${PASSWORD_MAX} characters; this one has ${length}.`;
  return null;
}
