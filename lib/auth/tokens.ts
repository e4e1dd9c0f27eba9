import type { Tx } from "@/lib/db/transaction";
import { createHash, randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/schemas/scopes";

const TOKEN_PREFIX = "npk_";

/** 32 random bytes (256 bits), base64url: the secret the client sends as a Bearer token. */
function generateTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/** Only this hash is stored; the secret is shown once. */
export function hashTokenSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export type NewToken = {
  organizationId: string;
  userId?: string | null;
  name: string;
  scopes: readonly Scope[];
  expiresAt?: Date | null;
};

export async function createApiToken(
  prisma: PrismaClient | Tx,
  input: NewToken,
  secret = generateTokenSecret(),
) {
  const token = await prisma.apiToken.create({
    data: {
      id: newId("apiToken", 20),
      organizationId: input.organizationId,
      userId: input.userId ?? null,
      name: input.name,
      tokenHash: hashTokenSecret(secret),
      prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
      scopes: [...input.scopes],
      expiresAt: input.expiresAt ?? null,
    },
  });
  return { token, secret };
}
