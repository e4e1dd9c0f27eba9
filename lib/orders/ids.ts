import { randomBytes } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

// Random, not sequential: reference ids are shown to customers and must not reveal how many
// orders others place. 32 divides 256, so masking a byte keeps every character equally likely.
function randomBase32(length: number): string {
  return [...randomBytes(length)].map((byte) => BASE32[byte & 31]).join("");
}

/** `ORD-` and 10 upper-case base32 characters (50 random bits). */
export function newReferenceId(): string {
  return `ORD-${randomBase32(10)}`;
}

/** `num_` and 16 lower-case base32 characters, the id of a number configuration. */
export function newConfigurationId(): string {
  return `num_${randomBase32(16).toLowerCase()}`;
}
