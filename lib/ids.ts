import { randomBytes, randomUUID } from "node:crypto";

// Every id the server makes: a prefix that says what it names, then random characters. Random,
// not sequential, because ids are shown to customers and must not reveal how many records
// others have. One table of prefixes, so two kinds of record never share one (webhook
// deliveries, `dlv_`, are made in SQL: lib/events/record-events.ts).

const prefixes = {
  address: "adr",
  apiToken: "tok",
  auditEntry: "aud",
  billingAlert: "bal",
  bundle: "bnd",
  document: "doc",
  email: "eml",
  endUser: "eu",
  event: "evt",
  invitation: "inv",
  invoice: "in",
  ledgerEntry: "le",
  job: "job",
  link: "lnk",
  organization: "org",
  passwordResetRequest: "prr",
  portOrder: "po",
  portOrderEvent: "poe",
  portOrderNumber: "pon",
  loaSignature: "loa",
  portOutRequest: "pout",
  recoveryCode: "rcv",
  ssoConnection: "sso",
  user: "usr",
  webhook: "wh",
} as const;

export type IdKind = keyof typeof prefixes;

/** `prefix_` and `hexDigits` random hex digits (at most 32: one UUID's 122 random bits). */
export function newId(kind: IdKind, hexDigits = 32): string {
  return `${prefixes[kind]}_${randomUUID().replaceAll("-", "").slice(0, hexDigits)}`;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

// 32 divides 256, so masking a byte keeps every character equally likely.
function randomBase32(length: number): string {
  return [...randomBytes(length)].map((byte) => BASE32[byte & 31]).join("");
}

/** `ORD-` and 10 upper-case base32 characters (50 random bits): an order's reference id. */
export function newReferenceId(): string {
  return `ORD-${randomBase32(10)}`;
}

/** `num_` and 16 lower-case base32 characters (80 random bits), the id of a number configuration. */
export function newConfigurationId(): string {
  return `num_${randomBase32(16).toLowerCase()}`;
}
