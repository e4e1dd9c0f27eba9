import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { readOrCreateSecretFile } from "@/lib/crypto/secret-file";
import { getEnv } from "@/lib/env";

// Encryption of data at rest (docs/CONTRACT.md §17): AES-256-GCM with DATA_ENCRYPTION_KEY. Unset, a
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

// Files are bytes, not text: `v2.` then the IV (12), the tag (16) and the ciphertext, binary.
// A value that begins `v1.` is encryptAtRest's text, as files were stored before.
const BYTES_VERSION = Buffer.from("v2.", "latin1");
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BYTES_HEADER = BYTES_VERSION.length + IV_BYTES + TAG_BYTES;

/** Encrypts a file as its chunks arrive, straight into one Buffer: no copy of the whole file but that. */
export type BytesEncryptor = { update(chunk: Uint8Array): void; final(): Buffer<ArrayBuffer> };

/**
 * `expectedBytes` sizes the Buffer once (the request's Content-Length, say); when more arrives,
 * it doubles. `context` is authenticated as in encryptAtRest.
 */
export function createBytesEncryptor(
  context: string,
  expectedBytes: number,
  key = getDataKey(),
): BytesEncryptor {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  let out = Buffer.allocUnsafe(BYTES_HEADER + Math.max(expectedBytes, 0));
  let length = BYTES_HEADER;
  const append = (part: Buffer) => {
    if (length + part.length > out.length) {
      const grown = Buffer.allocUnsafe(Math.max(out.length * 2, length + part.length));
      out.copy(grown, 0, 0, length);
      out = grown;
    }
    length += part.copy(out, length);
  };
  return {
    update: (chunk) => append(cipher.update(chunk)),
    final() {
      append(cipher.final());
      BYTES_VERSION.copy(out, 0);
      iv.copy(out, BYTES_VERSION.length);
      cipher.getAuthTag().copy(out, BYTES_VERSION.length + IV_BYTES);
      return out.subarray(0, length);
    },
  };
}

/** The plaintext of a value createBytesEncryptor made (or, read the old way, encryptAtRest made of base64). */
export function decryptBytesAtRest(
  stored: Uint8Array,
  context: string,
  key = getDataKey(),
): Buffer<ArrayBuffer> {
  const value = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (value.subarray(0, BYTES_VERSION.length).equals(BYTES_VERSION)) {
    if (value.length < BYTES_HEADER) throw new Error("not a value encrypted at rest");
    const decipher = createDecipheriv(
      "aes-256-gcm",
      key,
      value.subarray(BYTES_VERSION.length, BYTES_VERSION.length + IV_BYTES),
    );
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(value.subarray(BYTES_VERSION.length + IV_BYTES, BYTES_HEADER));
    const plaintext = decipher.update(value.subarray(BYTES_HEADER));
    // GCM's final() adds no bytes: it checks the tag (and throws on a mismatch).
    decipher.final();
    return plaintext;
  }
  return Buffer.from(decryptAtRest(value.toString("latin1"), context, key), "base64");
}
