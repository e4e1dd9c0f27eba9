// The values requests are made of, for tests/fuzz/arbitraries.ts: path parameters valid,
// random, malformed, huge and unicode; query strings from a route's own parameter names and
// strangers; headers a client may get wrong (credentials, content types, idempotency keys,
// cookies). Bodies are in tests/fuzz/bodies.ts.
import fc from "fast-check";
import type { z } from "zod";
import { testTokens, type TestTokenName } from "@/tests/fixtures";
import { demoOrganizations } from "@/prisma/seed/fixtures";

export type FuzzRequest = {
  method: string;
  /** Relative to /api/v2, raw: may hold unencoded or malformed characters. */
  path: string;
  headers: Array<[string, string]>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Whose credentials the request carries, for the leak check. */
  principal: "acme-customer" | "globex-customer" | "support" | "none";
};

/** Values read from the test database, so some requests name real things. */
export type FuzzSamples = {
  availableNumbers: string[];
  soldNumbers: string[];
  orderReferenceIds: string[];
  numberIds: string[];
  tokenIds: string[];
  /** An endpoint of Acme's, one of its deliveries and one of Acme's events (docs/CONTRACT.md §14). */
  webhookIds: string[];
  deliveryIds: string[];
  eventIds: string[];
  /**
   * Members, invitations, compliance records and jobs (docs/CONTRACT.md §2, §3, §15–§17), Acme's
   * and Globex's.
   */
  memberIds: string[];
  invitationIds: string[];
  endUserIds: string[];
  addressIds: string[];
  documentIds: string[];
  bundleIds: string[];
  jobIds: string[];
  sessions: { acmeCustomer: string; globexCustomer: string; support: string };
  sessionCookieName: string;
};

export const countries = [
  "GB",
  "US",
  "DE",
  "FR",
  "CA",
  "AU",
  "IT",
  "NL",
  "gb",
  "us",
  "ZZ",
  "XX",
  "USA",
  "",
  "G",
];
export const numberTypes = ["local", "national", "mobile", "toll_free", "LOCAL", "tollfree", "premium", ""];
export const regions = [
  "GB-ENG-LONDON-20",
  "US-NY-NEW_YORK-212",
  "GB-MOBILE-7",
  "US-TOLL_FREE-800",
  "DE-BE-BERLIN-30",
  "FR-IDF-PARIS-1",
  "XX-NOWHERE-0",
  "gb-eng-london-20",
];
const documentTypes = [
  "proof_of_address",
  "local_address",
  "identity_document",
  "company_registration",
  "business_license",
  "tax_id",
  "passport",
  "",
];
export const nasty = [
  "",
  " ",
  ".",
  "..",
  "%",
  "%%",
  "%00",
  "%2F",
  "%2e%2e",
  "%ZZ",
  "%E0%A4%A",
  "%C0%AF",
  "%FF",
  "\u0000",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x10",
  "9".repeat(40),
  "' OR '1'='1",
  "1; DROP TABLE inventory_number; --",
  "<script>alert(1)</script>",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "😀👍🏽",
  "Ｕｎｉｃｏｄｅ",
  "a\tb\nc",
  "+",
  "%2B44",
];

/** Any text: ASCII, full unicode (lone surrogates included), nasty constants, huge. */
export const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...nasty) },
  { weight: 1, arbitrary: fc.string({ minLength: 1000, maxLength: 4000 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

export function paramSamples(name: string, samples: FuzzSamples): string[] {
  switch (name) {
    case "country":
      return countries;
    case "number_type":
      return numberTypes;
    case "region":
      return regions;
    case "reference_id":
      return [
        ...samples.orderReferenceIds,
        ...samples.orderReferenceIds.map((id) => id.toLowerCase()),
        "ORD-AAAAAAAAAA",
      ];
    case "number_id":
      return [...samples.numberIds, "num_nobody"];
    case "extension":
      return ["101", "102", "300", "4400", "88001234", "1", "123456789", "12a"];
    case "token_id":
      return [...samples.tokenIds, "tok_00000000000000000000"];
    case "number_e164":
      return [...samples.availableNumbers, ...samples.soldNumbers, "+15555550100", "+1"];
    case "webhook_id":
      return [...samples.webhookIds, "wh_nobody"];
    case "delivery_id":
      return [...samples.deliveryIds, "dlv_nobody"];
    case "member_id":
      return [...samples.memberIds, "usr_nobody"];
    case "invitation_id":
      return [...samples.invitationIds, "inv_nobody"];
    // The raw token is mailed, never stored (only its hash): none of these is a real one.
    case "token":
      return ["invtok_nobody", "a".repeat(43), "%00"];
    case "end_user_id":
      return [...samples.endUserIds, "eu_nobody"];
    case "address_id":
      return [...samples.addressIds, "adr_nobody"];
    case "document_id":
      return [...samples.documentIds, "doc_nobody"];
    case "bundle_id":
      return [...samples.bundleIds, "bun_nobody"];
    case "job_id":
      return [...samples.jobIds, "job_nobody"];
    // No invoice exists until a month-end run: these name nothing (or are not ids at all).
    case "invoice_id":
      return ["in_nobody", "in_0123456789abcdef", "INV-2026-000001"];
    // The test data holds no billing alert: these name nothing (or are not ids at all).
    case "alert_id":
      return ["bal_nobody", "bal_0123456789abcdef0123456789abcdef", "alert"];
    // No port order is in the fuzz data: these name nothing (or are not ids at all).
    case "port_order_id":
      return ["po_nobody", "po_0123456789abcdef0123456789abcdef", "PO-1"];
    // A domain of a single sign-on connection: the demo data has none, so these name nothing.
    case "domain":
      return ["example.com", "acme.example", "EXAMPLE.COM", "not a domain", "xn--bcher-kva.example"];
    // A billing account's currency: sold in, sold in nowhere, or not a currency code.
    case "currency":
      return ["GBP", "EUR", "XTS", "gbp", "EURO"];
    default:
      return [];
  }
}

/** One path segment: encoded as a client should, or raw (unencoded, malformed). */
export function segment(name: string, samples: FuzzSamples): fc.Arbitrary<string> {
  const known = paramSamples(name, samples);
  const value =
    known.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: anyText })
      : anyText;
  return fc
    .tuple(value, fc.boolean())
    .map(([text, raw]) =>
      raw ? text.replaceAll("/", "%2F").replaceAll("?", "%3F").replaceAll("#", "%23") : encodeSafely(text),
    );
}

/** encodeURIComponent, which throws on a lone surrogate: then the text goes raw. */
export function encodeSafely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

export function queryValues(name: string, samples: FuzzSamples): string[] {
  switch (name) {
    case "limit":
    case "offset":
      return [
        "0",
        "1",
        "2",
        "50",
        "1000",
        "1001",
        "100000",
        "100001",
        "-1",
        "1.5",
        "1e3",
        "abc",
        "",
        "999999999999999999999",
      ];
    case "contains":
      return ["CALL", "+44", " 44", "207", "1234567890123456", "a-b", ""];
    case "starts_with":
    case "ends_with":
      return ["20", "0", "1234567890123456", "x"];
    case "region":
      return regions;
    case "sms_enabled":
    case "voice_enabled":
    case "exclude_all_documents_required":
      return ["true", "false", "1", "0", "yes", "TRUE", ""];
    case "exclude_documents":
      return [...documentTypes, documentTypes.join(","), ",,,"];
    case "organization_id":
      return ["org_acme", "org_globex", "org_nobody", ""];
    case "number_id":
      return [...samples.numberIds, ""];
    case "number":
      return [
        ...samples.soldNumbers,
        ...samples.soldNumbers.map((number) => ` ${number.slice(1)}`),
        "+44",
        "4420",
      ];
    case "numbers":
      return [
        samples.soldNumbers.join(","),
        Array.from({ length: 120 }, (_, i) => `+4420794600${String(i).padStart(2, "0")}`).join(","),
        "+1,+2",
        ",",
      ];
    case "name":
      return ["main", "%", "_", "Office", ""];
    case "type":
      return ["order.created", "reservation.expired", "webhook.test", "ORDER.CREATED", ""];
    case "after":
      return [...samples.eventIds, "evt_nobody", "evt_", "123"];
    case "at":
      return [
        "2026-03-08T07:30:00Z",
        "2026-03-08T07:30:00+01:00",
        "2026-03-08T07:30:00 01:00",
        "2026-13-40T99:99:99Z",
        "yesterday",
        "0",
        "275760-09-13T00:00:00Z",
      ];
    default:
      return [];
  }
}

export function queryString(schema: z.ZodType | undefined, samples: FuzzSamples): fc.Arbitrary<string> {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const known = Object.keys(shape);
  const names =
    known.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: anyText })
      : anyText;
  const pair = names.chain((name) => {
    const values = queryValues(name, samples);
    const value =
      values.length > 0
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: anyText })
        : anyText;
    return fc
      .tuple(fc.constant(name), value, fc.boolean())
      .map(([key, text, raw]) =>
        raw
          ? `${key.replaceAll("#", "")}=${text.replaceAll("#", "")}`
          : `${encodeSafely(key)}=${encodeSafely(text)}`,
      );
  });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant("") },
    {
      weight: 4,
      arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join("&")}`),
    },
    { weight: 1, arbitrary: fc.constantFrom("?", "?&&", "?=", "?limit", "?limit=1&limit=2", "?%", "?a=%ZZ") },
  );
}

// ---------------------------------------------------------------- headers

export const latin1Text = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

export type Auth = { header?: string; cookie?: string; principal: FuzzRequest["principal"] };

export function authArbitrary(samples: FuzzSamples): fc.Arbitrary<Auth> {
  const token = (name: TestTokenName): Auth => {
    const fixture = testTokens[name];
    // Who the token acts for is its creator's role, not its name: support's tokens are the
    // operator's and may read every organization (docs/CONTRACT.md §15).
    const principal =
      fixture.organizationId === demoOrganizations.operator.id
        ? "support"
        : fixture.organizationId === "org_acme"
          ? "acme-customer"
          : "globex-customer";
    return { header: `Bearer ${fixture.secret}`, principal };
  };
  const cookie = (value: string, principal: Auth["principal"]): Auth => ({
    cookie: `${samples.sessionCookieName}=${value}`,
    principal,
  });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<Auth>({ principal: "none" }) },
    {
      weight: 6,
      arbitrary: fc.constantFrom<TestTokenName>("acmeAll", "globexAll", "support").map(token),
    },
    { weight: 3, arbitrary: fc.constantFrom(...(Object.keys(testTokens) as TestTokenName[])).map(token) },
    // The scheme's name is case-insensitive: these are the acme customer too.
    {
      weight: 1,
      arbitrary: fc.constantFrom("bearer", "BEARER", "bEaReR").map((scheme): Auth => ({
        header: `${scheme} ${testTokens.acmeAll.secret}`,
        principal: "acme-customer",
      })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        cookie(samples.sessions.acmeCustomer, "acme-customer"),
        cookie(samples.sessions.globexCustomer, "globex-customer"),
        cookie(samples.sessions.support, "support"),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          latin1Text(60).map((text) => `Bearer ${text}`),
          latin1Text(60),
          fc.constantFrom(
            "Bearer",
            "Bearer ",
            "Basic YTpi",
            "Token x",
            `Bearer ${"a".repeat(600)}`,
            `Bearer ${testTokens.acmeAll.secret} extra`,
          ),
        )
        .map((header): Auth => ({ header, principal: "none" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          latin1Text(80),
          latin1Text(80).map((text) => `${samples.sessionCookieName}=${text}`),
          latin1Text(40).map(
            (text) => `${samples.sessionCookieName}.0=${text}; ${samples.sessionCookieName}.1=${text}`,
          ),
          fc.constant(`${samples.sessionCookieName}=${samples.sessions.acmeCustomer.slice(0, -5)}xxxxx`),
        )
        .map((value): Auth => ({ cookie: value, principal: "none" })),
    },
    // The https cookie: a session only when X-Forwarded-Proto says https, else no one.
    {
      weight: 1,
      arbitrary: fc.constant<Auth>({
        cookie: `__Secure-${samples.sessionCookieName}=${samples.sessions.globexCustomer}`,
        principal: "globex-customer",
      }),
    },
  );
}

export const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("application/json", "application/json; charset=utf-8") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "APPLICATION/JSON",
      "application/json;",
      "application/jsonx",
      "text/plain",
      "text/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
      "",
    ),
  },
  { weight: 1, arbitrary: latin1Text(40) },
);

export function extraHeaders(): fc.Arbitrary<Array<[string, string]>> {
  const header = fc.oneof(
    latin1Text(300).map((value): [string, string] => ["idempotency-key", value]),
    fc.constantFrom<[string, string]>(
      ["idempotency-key", "x".repeat(256)],
      ["idempotency-key", "fuzz-key"],
      ["idempotency-key", Buffer.from("ключ-😀", "utf8").toString("latin1")],
    ),
    latin1Text(200).map((value): [string, string] => ["x-request-id", value]),
    fc.constantFrom<[string, string]>(
      ["origin", "http://localhost:3000"],
      ["origin", "https://evil.example"],
      ["origin", "null"],
      ["x-forwarded-host", "evil.example"],
      ["x-forwarded-proto", "https"],
      ["x-forwarded-for", "1.2.3.4, 5.6.7.8"],
      ["accept", "text/html"],
      ["content-length", "99999999"],
      ["content-length", "-1"],
      ["transfer-encoding", "chunked"],
    ),
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), latin1Text(100))
      .map(([name, value]): [string, string] => [`x-${name}`, value]),
  );
  return fc.array(header, { maxLength: 4 });
}
