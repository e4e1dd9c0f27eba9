import { decryptAtRest, encryptAtRest } from "@/lib/crypto/data-key";

// The losing carrier account's PIN (docs/CONTRACT.md §20): encrypted at rest with the data key
// (as TOTP and SSO client secrets are), bound to its order's id so a value copied to another
// order does not decrypt there. Never answered; only the carrier adapter is given it back.

export function encryptAccountPin(pin: string, portOrderId: string): string {
  return encryptAtRest(pin, `port_order:${portOrderId}`);
}

export function decryptAccountPin(stored: string, portOrderId: string): string {
  return decryptAtRest(stored, `port_order:${portOrderId}`);
}
