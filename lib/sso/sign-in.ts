import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import { decryptAtRest } from "@/lib/crypto/data-key";
import { hashPassword } from "@/lib/auth/passwords";
import { recordAudit, type AuditEntry } from "@/lib/audit/record";
import { clientSecretContext } from "@/lib/sso/connection";
import {
  authorizationUrl,
  newChecks,
  ProviderRefused,
  redeemCode,
  type ProviderClient,
  type TokenRefusal,
} from "@/lib/sso/provider";
import type { Role } from "@/lib/schemas/roles";

// Signing in through an organization's provider. The organization is always the connection's,
// found from the verified domain of the email typed here and kept with the sign-in while the
// person is at the provider; no claim of the provider's can name another. The provider's
// answer counts only with the right issuer, audience, signature, expiry and nonce
// (lib/sso/provider.ts), a verified email, and that email in one of the connection's verified
// domains. Two-factor sign-in is the provider's business then, not this service's.

/** How long a person may take at the provider before coming back. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60_000;

/** Why a sign-in through the provider was refused: the audit log's reason and the page's words. */
type SsoRefusal =
  | TokenRefusal
  | "unknown_domain"
  | "state_invalid"
  | "email_unverified"
  | "email_outside_domains"
  | "email_in_another_organization";

export class SsoSignInRefused extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(reason);
    this.name = "SsoSignInRefused";
  }
}

/** Who signed in, for the session cookie: the connection's id ends the session with it. */
type SsoSignedIn = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  organizationId: string;
  connectionId: string;
};

const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

type Connection = {
  id: string;
  organizationId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
};

function providerOf(connection: Connection, redirectUri: string): ProviderClient {
  return {
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: decryptAtRest(connection.clientSecret, clientSecretContext(connection.organizationId)),
    redirectUri,
  };
}

type Attempt = {
  email: string | null;
  userId?: string | null;
  organizationId: string | null;
  ip: string | null;
};

/** One entry per attempt, as password sign-ins have, with the method and any refusal's reason. */
function signInAudit(attempt: Attempt, reason: SsoRefusal | null, now: Date): AuditEntry {
  return {
    actor: { type: "user", id: attempt.userId ?? null, name: attempt.email ?? "(single sign-on)" },
    ip: attempt.ip,
    action: reason === null ? "sign_in.succeeded" : "sign_in.failed",
    organizationId: attempt.organizationId,
    resource: { type: "user", id: attempt.userId ?? null },
    changes: [
      { field: "method", from: null, to: "sso" },
      ...(reason === null ? [] : [{ field: "reason", from: null, to: reason }]),
    ],
    at: now,
  };
}

async function refuse(attempt: Attempt, reason: SsoRefusal, now: Date): Promise<never> {
  await recordAudit(await getPrisma(), signInAudit(attempt, reason, now));
  throw new SsoSignInRefused(reason);
}

/**
 * The provider's URL to send the person to, and the state to keep in their browser until they
 * come back. SsoSignInRefused("unknown_domain") when no organization has verified the email's
 * domain, ("provider_unavailable") when the provider cannot be read.
 */
export async function startSsoSignIn(input: {
  email: string;
  callbackPath: string;
  redirectUri: string;
  clientAddress: string | null;
  now: Date;
}): Promise<{ url: string; state: string }> {
  const prisma = await getPrisma();
  const domain = await prisma.ssoDomain.findUnique({
    where: { verifiedDomain: domainOf(input.email) },
    select: { connection: true },
  });
  if (!domain) throw new SsoSignInRefused("unknown_domain");
  const { connection } = domain;
  const checks = newChecks();
  let url: string;
  try {
    url = await authorizationUrl(providerOf(connection, input.redirectUri), checks, input.email, input.now);
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error;
    const attempt = {
      email: input.email,
      organizationId: connection.organizationId,
      ip: input.clientAddress,
    };
    return refuse(attempt, error.reason, input.now);
  }
  await prisma.ssoSignIn.create({
    data: {
      stateHash: hashState(checks.state),
      connectionId: connection.id,
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      callbackPath: input.callbackPath,
      expiresAt: new Date(input.now.getTime() + SSO_SIGN_IN_TTL_MS),
    },
  });
  return { url, state: checks.state };
}

/**
 * Deletes the sign-ins whose person never came back from the provider in time (the worker's
 * housekeeping): their state could not finish a sign-in anyway. Answers how many went.
 */
export async function sweepExpiredSsoSignIns(now: Date): Promise<number> {
  const prisma = await getPrisma();
  const { count } = await prisma.ssoSignIn.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/**
 * The person back from the provider at `callbackUrl` (the whole URL, with its code and state):
 * who they are here, and the portal page to land on. `browserState` is the state this browser
 * kept: a state from another browser, one used already or one past its time is refused.
 * A first sign-in makes the person a member with the connection's default role.
 */
export async function finishSsoSignIn(input: {
  callbackUrl: string;
  browserState: string | null;
  redirectUri: string;
  clientAddress: string | null;
  now: Date;
}): Promise<{ user: SsoSignedIn; callbackPath: string }> {
  const prisma = await getPrisma();
  const state = new URL(input.callbackUrl).searchParams.get("state");
  const unknown: Attempt = { email: null, organizationId: null, ip: input.clientAddress };
  if (!state || state !== input.browserState) return refuse(unknown, "state_invalid", input.now);
  const stateHash = hashState(state);
  const started = await prisma.ssoSignIn.findUnique({ where: { stateHash }, include: { connection: true } });
  // Used up here, whatever comes next: the same state never counts twice.
  const { count } = await prisma.ssoSignIn.deleteMany({ where: { stateHash } });
  if (!started || count !== 1 || started.expiresAt <= input.now)
    return refuse(unknown, "state_invalid", input.now);

  const { connection } = started;
  const attempt: Attempt = {
    email: null,
    organizationId: connection.organizationId,
    ip: input.clientAddress,
  };
  let claims: Record<string, unknown>;
  try {
    claims = await redeemCode(
      providerOf(connection, input.redirectUri),
      input.callbackUrl,
      {
        state,
        nonce: started.nonce,
        codeVerifier: started.codeVerifier,
      },
      input.now,
    );
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error;
    return refuse(attempt, error.reason, input.now);
  }
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  attempt.email = email || null;
  if (email === "" || claims.email_verified !== true) return refuse(attempt, "email_unverified", input.now);
  const verified = await prisma.ssoDomain.count({
    where: { connectionId: connection.id, verifiedDomain: domainOf(email) },
  });
  if (verified === 0) return refuse(attempt, "email_outside_domains", input.now);

  const name = typeof claims.name === "string" ? claims.name : "";
  // A first sign-in in two tabs at once: both make the member, the unique email lets one
  // through, and the other signs in as the member the first made.
  const user =
    (await personWithEmail(email)) ??
    (await createMember(connection, email, name, input.now).catch(async (error: unknown) => {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
      const first = await personWithEmail(email);
      if (!first) throw error;
      return first;
    }));
  if (user.organizationId !== connection.organizationId)
    return refuse({ ...attempt, userId: user.id }, "email_in_another_organization", input.now);
  await recordAudit(prisma, signInAudit({ ...attempt, userId: user.id }, null, input.now));
  return {
    user: {
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      organizationId: user.organizationId,
      connectionId: connection.id,
    },
    callbackPath: started.callbackPath,
  };
}

async function personWithEmail(email: string) {
  const prisma = await getPrisma();
  return prisma.user.findFirst({
    where: { email: { equals: email, mode: "insensitive" } },
    select: { id: true, email: true, name: true, role: true, organizationId: true },
  });
}

/** A first sign-in: a member with the connection's default role and a password nobody knows. */
async function createMember(
  connection: Connection & { defaultRole: Role },
  email: string,
  name: string,
  now: Date,
): Promise<{ id: string; email: string; name: string; role: Role; organizationId: string }> {
  // Unusable as a password (nobody ever saw it); "forgot password" can set one, which a
  // required connection still refuses to members who are not owners.
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const shownName = name.trim().slice(0, 200) || email.slice(0, email.lastIndexOf("@"));
  return inRetryingTransaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        id: newId("user"),
        organizationId: connection.organizationId,
        email: email.toLowerCase(),
        name: shownName,
        role: connection.defaultRole,
        passwordHash,
        // The provider said the email is verified, and its domain is the organization's.
        emailVerifiedAt: now,
        createdAt: now,
      },
      select: { id: true, email: true, name: true, role: true, organizationId: true },
    });
    await recordAudit(tx, {
      actor: { type: "user", id: user.id, name: user.name },
      ip: null,
      action: "member.joined",
      organizationId: connection.organizationId,
      resource: { type: "user", id: user.id },
      changes: [
        { field: "role", from: null, to: user.role },
        { field: "method", from: null, to: "sso" },
      ],
      at: now,
    });
    return user;
  });
}
