import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { readOrCreateSecretFile } from "@/lib/auth/secret";
import { getEnv } from "@/lib/env";

// Encryption of data at rest (contract §17): AES-256-GCM with DATA_ENCRYPTION_KEY. Unset, a
// key is generated once and kept beside the NextAuth secret (data/data-encryption-key), so
// `npm start` works without configuration; several instances must share one key. A copy of
// the database alone then reveals no TOTP secret.

const VERSION = "v1";
let cached: Buffer | undefined;

function keyFromText(text: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  const bytes = Buffer.from(text, "base64");
  // The generated file holds 32 random bytes as base64url; anything else is hashed to 32 bytes.
  return bytes.length === 32 ? bytes : createHash("sha256").update(text).digest();
}

function getDataKey(): Buffer {
  cached ??= keyFromText(
    getEnv().DATA_ENCRYPTION_KEY ??
      readOrCreateSecretFile(path.join(process.cwd(), "data", "data-encryption-key")),
  );
  return cached;
}

/**
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). `context` (e.g. the owner's id) is authenticated
 * with it: a value copied to another row does not decrypt there.
 */
export function encryptAtRest(plaintext: string, context: string, key = getDataKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plaintext of encryptAtRest's value; throws when it was altered, moved or made with another key. */
export function decryptAtRest(stored: string, context: string, key = getDataKey()): string {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
    throw new Error("not a value encrypted at rest");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
