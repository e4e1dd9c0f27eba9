import { createHash, randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import type { Tx } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";
import { getEnv } from "@/lib/env";

// Links sent by email (docs/CONTRACT.md §15): 256 random bits, of which only the SHA-256 is stored, so
// a copy of the database opens no account; each works once (a conditional update on used_at)
// and until its expiry.

export type LinkPurpose = "verify_email" | "password_reset";

const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  verify_email: 24 * 60 * 60_000,
  password_reset: 60 * 60_000,
};

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Makes a link for `userId`; answers its secret (for the email only: it is not stored). */
export async function createLink(tx: Tx, userId: string, purpose: LinkPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.accountLink.create({
    data: {
      id: newId("link"),
      userId,
      purpose,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
      createdAt: now,
    },
  });
  return token;
}

const WHAT: Record<LinkPurpose, string> = {
  verify_email: "verification link",
  password_reset: "password reset link",
};
const ASK_AGAIN: Record<LinkPurpose, string> = {
  verify_email: "sign in and choose “send the link again”",
  password_reset: "ask for a new one on the forgot-password page",
};

/**
 * Uses a link once: answers its user id, or throws 400 invalid_parameter saying in words
 * whether the link is unknown, used or expired. The update is conditional, so of two requests
 * with the same link exactly one gets through.
 */
export async function consumeLink(tx: Tx, token: string, purpose: LinkPurpose, now: Date): Promise<string> {
  const tokenHash = hashLinkToken(token);
  const claimed = await tx.accountLink.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  const link = await tx.accountLink.findUnique({ where: { tokenHash } });
  if (claimed.count === 1 && link) return link.userId;
  const what = WHAT[purpose];
  if (!link || link.purpose !== purpose)
    throw new ApiError(
      "invalid_parameter",
      `This ${what} is not valid: it may have been mistyped or cut short; ${ASK_AGAIN[purpose]}.`,
      "body.token=(not shown)",
    );
  if (link.usedAt)
    throw new ApiError(
      "invalid_parameter",
      `This ${what} has already been used; a link works once. ${purpose === "verify_email" ? "Your email is verified: sign in." : "If you did not use it, ask for a new one."}`,
      `body.token=(used at ${link.usedAt.toISOString()})`,
    );
  throw new ApiError(
    "invalid_parameter",
    `This ${what} expired at ${link.expiresAt.toISOString()}; ${ASK_AGAIN[purpose]}.`,
    `body.token=(expired at ${link.expiresAt.toISOString()})`,
  );
}

/**
 * Makes the unused, unexpired links of a purpose expire now, before a new one is sent: only
 * the newest link works, and an older one is answered as expired ("ask for a new one"), not
 * as used, which would say something happened that did not.
 */
export async function expireLinks(tx: Tx, userId: string, purpose: LinkPurpose, now: Date): Promise<void> {
  await tx.accountLink.updateMany({
    where: { userId, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
}

/** Ends the unused links of a purpose, so only the newest one sent works. */
export async function retireLinks(tx: Tx, userId: string, purpose: LinkPurpose, now: Date): Promise<void> {
  await tx.accountLink.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } });
}

/**
 * The site's address for links in emails: PUBLIC_URL, else NEXTAUTH_URL, else this machine.
 * Never the request's Host header, which the requester writes: a reset link pointing at an
 * attacker's host would hand them the token.
 */
export function siteUrl(path: string): string {
  const env = getEnv();
  const base = (env.PUBLIC_URL ?? env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return `${base}${path}`;
}
