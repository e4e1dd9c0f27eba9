import { getPrisma } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { getSignInThrottle, type SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { clientAddress } from "@/lib/http/client-address";
import { getEnv } from "@/lib/env";
import { signInErrors, signInSchema, throttledError } from "@/lib/schemas/sign-in";
import type { SessionClaims } from "@/lib/auth/session-cookie";

// Checking an email and password for the portal's credentials provider.

export class SignInRefused extends Error {
  /** One of lib/schemas/sign-in's codes; next-auth hands it to the sign-in page. */
  constructor(readonly code: string) {
    super(code);
    this.name = "SignInRefused";
  }
}

// An unknown email still costs one bcrypt comparison, so response times do not tell which
// emails have accounts. Made on first use: hashing at import time would slow every start.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy password that matches no account"));

/**
 * The user, or SignInRefused("CredentialsSignin" | "throttled:N"). `clientAddress` is null
 * when the address is not known; then only the per-email budget applies.
 */
export async function verifyCredentials(
  input: unknown,
  clientAddress: string | null,
  throttle?: SignInThrottle,
): Promise<SessionClaims> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) throw new SignInRefused(signInErrors.invalid);
  const { email, password } = parsed.data;

  const guard = throttle ?? (await getSignInThrottle());
  const waitMs = await guard.admit(email, clientAddress);
  if (waitMs > 0) throw new SignInRefused(throttledError(waitMs));

  const prisma = await getPrisma();
  // Emails are compared without case, as people type them.
  const user = await prisma.user.findFirst({
    where: { email: { equals: email, mode: "insensitive" } },
    select: { id: true, email: true, name: true, role: true, organizationId: true, passwordHash: true },
  });
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoy()));
  if (!user || !matches) {
    await guard.recordFailure(clientAddress);
    throw new SignInRefused(signInErrors.invalid);
  }
  await guard.recordSuccess(email);
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
  };
}

/** The client's address from next-auth's request headers, as TRUST_PROXY_HOPS allows it to be known. */
export function clientAddressFrom(headers: Record<string, unknown> | undefined): string | null {
  const forwarded = headers?.["x-forwarded-for"];
  return clientAddress(typeof forwarded === "string" ? forwarded : null, getEnv().TRUST_PROXY_HOPS);
}
