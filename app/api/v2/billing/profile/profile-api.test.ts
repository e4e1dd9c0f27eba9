import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import type { TestTokenName } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";

// GET/PUT /billing/profile: every refusal stores nothing; the VAT ID is checked for the
// profile's country (format and check digits, offline) and stored as printed on invoices.

type Profile = {
  organization_id: string;
  legal_name: string;
  address: string;
  country: string;
  vat_id: string | null;
  emails: string[];
  updated_at: string;
};

const valid = {
  legal_name: "Acme GmbH",
  address: "Friedrichstraße 1\n10117 Berlin",
  country: "DE",
  vat_id: "DE136695976",
  emails: ["accounts@acme.example"],
};

const put = (body: unknown, token: TestTokenName = "acmeAll") =>
  api<{ data: Profile }>("PUT", "/billing/profile", { token, body });

const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);
const badVat = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_vat_id", message, details);

async function profileAudits() {
  const prisma = await getPrisma();
  return prisma.auditEvent.findMany({
    where: { resourceType: "billing_profile", organizationId: "org_globex" },
    orderBy: { at: "asc" },
    select: { action: true, changes: true, actorType: true },
  });
}

describe("GET /billing/profile", () => {
  it("answers 404 until a profile is set", async () => {
    const response = await get("/billing/profile", { token: "globexAll" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(
      errorBody(
        "Not Found",
        "not_found",
        "The organization has no billing profile yet: PUT /billing/profile makes one.",
        "organization_id=org_globex",
      ),
    );
  });
});

describe("PUT /billing/profile", () => {
  it("stores the profile with its VAT ID as printed, audits the change, and audits nothing for a repeat", async () => {
    const first = await put(
      { ...valid, vat_id: "de 136.695-976", emails: ["Accounts@Acme.example"] },
      "globexAll",
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      organization_id: "org_globex",
      legal_name: "Acme GmbH",
      address: "Friedrichstraße 1\n10117 Berlin",
      country: "DE",
      vat_id: "DE136695976",
      emails: ["accounts@acme.example"],
      updated_at: expect.any(String),
    });
    const read = await get<{ data: Profile }>("/billing/profile", { token: "globexAll" });
    expect(read.body).toEqual(first.body);

    await put(valid, "globexAll");
    const changed = await put({ ...valid, legal_name: "Acme AG", vat_id: null }, "globexAll");
    expect(changed.body.data).toMatchObject({ legal_name: "Acme AG", vat_id: null });

    expect(await profileAudits()).toEqual([
      {
        action: "billing_profile.created",
        actorType: "token",
        changes: [
          { field: "legal_name", from: null, to: "Acme GmbH" },
          { field: "address", from: null, to: "Friedrichstraße 1\n10117 Berlin" },
          { field: "country", from: null, to: "DE" },
          { field: "vat_id", from: null, to: "DE136695976" },
          { field: "emails", from: null, to: ["accounts@acme.example"] },
        ],
      },
      {
        action: "billing_profile.updated",
        actorType: "token",
        changes: [
          { field: "legal_name", from: "Acme GmbH", to: "Acme AG" },
          { field: "vat_id", from: "DE136695976", to: null },
        ],
      },
    ]);
  });

  it.each([
    ["a Greek ID with EL", { country: "GR", vat_id: "EL094259216" }, "EL094259216"],
    ["a Northern Irish ID with XI", { country: "GB", vat_id: "XI980780684" }, "XI980780684"],
    ["a British ID", { country: "gb", vat_id: "GB 980 7806 84" }, "GB980780684"],
    ["a Swiss ID with CHE and MWST", { country: "CH", vat_id: "CHE-116.281.710 MWST" }, "CHE116281710MWST"],
    ["a Belgian ID starting with 1", { country: "BE", vat_id: "BE1006023325" }, "BE1006023325"],
    ["an ID where no format is known", { country: "JP", vat_id: "T1234567890123" }, "T1234567890123"],
    ["no VAT ID", { country: "US", vat_id: null }, null],
    ["an empty VAT ID as none", { country: "US", vat_id: " " }, null],
  ])("accepts %s", async (_name, change, stored) => {
    const response = await put({ ...valid, ...change }, "acmeAll");
    expect(response.status).toBe(200);
    expect(response.body.data.vat_id).toBe(stored);
    expect(response.body.data.country).toBe(change.country.toUpperCase());
  });

  it("takes vat_id and emails as optional (none, no addresses)", async () => {
    const response = await put({ legal_name: "Acme Inc.", address: "1 Main St", country: "US" });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ vat_id: null, emails: [] });
  });

  const emails = (count: number) => Array.from({ length: count }, (_, i) => `billing${i}@acme.example`);
  const EMAILS_RULE = "emails must list 0 to 10 distinct email addresses";

  it.each([
    [
      "no legal_name",
      { legal_name: undefined },
      bad("legal_name is required: 1 to 200 characters", "body.legal_name=(missing)"),
    ],
    [
      "a blank legal_name",
      { legal_name: "   " },
      bad("legal_name must be 1 to 200 characters", "body.legal_name="),
    ],
    [
      "a legal_name over 200 characters",
      { legal_name: "x".repeat(201) },
      bad("legal_name must be 1 to 200 characters", `body.legal_name=${"x".repeat(200)}…`),
    ],
    [
      "no address",
      { address: undefined },
      bad("address is required: 1 to 500 characters", "body.address=(missing)"),
    ],
    [
      "an address over 500 characters",
      { address: "y".repeat(501) },
      bad("address must be 1 to 500 characters", `body.address=${"y".repeat(200)}…`),
    ],
    [
      "no country",
      { country: undefined },
      bad("country must be a two-letter ISO 3166-1 code", "body.country=(missing)"),
    ],
    [
      "a three-letter country",
      { country: "DEU" },
      bad("country must be a two-letter ISO 3166-1 code", "body.country=DEU"),
    ],
    [
      "an unassigned country",
      { country: "ZZ" },
      bad("country must be an assigned ISO 3166-1 alpha-2 code", "body.country=ZZ"),
    ],
    [
      "a VAT ID that is a number",
      { vat_id: 136695976 },
      bad("vat_id must be a string or null", "body.vat_id=136695976"),
    ],
    [
      "a VAT ID over 30 characters",
      { vat_id: "D".repeat(31) },
      bad("vat_id must be at most 30 characters", `body.vat_id=${"D".repeat(31)}`),
    ],
    ["emails not a list", { emails: "a@b.example" }, bad(EMAILS_RULE, "body.emails=a@b.example")],
    [
      "an email that is not one",
      { emails: ["accounts"] },
      bad("emails.0: emails must be email addresses, such as accounts@example.com", "body.emails.0=accounts"),
    ],
    [
      "eleven emails",
      { emails: emails(11) },
      bad(EMAILS_RULE, `body.emails=${JSON.stringify(emails(11)).slice(0, 200)}…`),
    ],
    [
      "the same email twice, in two cases",
      { emails: ["a@acme.example", "A@acme.example"] },
      bad(EMAILS_RULE, 'body.emails=["a@acme.example","a@acme.example"]'),
    ],
    [
      "an unknown field",
      { vat_number: "DE136695976" },
      bad("unknown body parameter: vat_number", "body.vat_number"),
    ],
    [
      "a German ID with a wrong check digit",
      { vat_id: "DE136695977" },
      badVat(
        "vat_id DE136695977 is not a VAT ID of DE: its check digits are wrong",
        "body.vat_id=DE136695977",
      ),
    ],
    [
      "a German ID of the wrong length",
      { vat_id: "DE13669597" },
      badVat("vat_id DE13669597 is not in the format of DE's VAT IDs", "body.vat_id=DE13669597"),
    ],
    [
      "a German ID without its prefix",
      { vat_id: "136695976" },
      badVat("vat_id must start with DE, the prefix of DE", "body.vat_id=136695976"),
    ],
    [
      "a French ID for a German profile",
      { vat_id: "FR40303265045" },
      badVat("vat_id FR40303265045 is a VAT ID of FR, but country is DE", "body.vat_id=FR40303265045"),
    ],
    [
      "a valid German ID for a French profile",
      { country: "FR", vat_id: "DE136695976" },
      badVat("vat_id DE136695976 is a VAT ID of DE, but country is FR", "body.vat_id=DE136695976"),
    ],
    [
      "a German ID for a country with no known format",
      { country: "JP", vat_id: "DE136695976" },
      badVat("vat_id DE136695976 is a VAT ID of DE, but country is JP", "body.vat_id=DE136695976"),
    ],
    [
      "a Greek ID written GR",
      { country: "GR", vat_id: "GR094259216" },
      badVat("vat_id must start with EL, the prefix of GR", "body.vat_id=GR094259216"),
    ],
    [
      "punctuation where no format is known",
      { country: "JP", vat_id: "T-123#" },
      badVat("vat_id must be 2 to 20 letters and digits", "body.vat_id=T-123#"),
    ],
  ])("refuses %s (400) and stores nothing", async (_name, change, expected) => {
    const response = await put({ ...valid, ...change }, "globexAll");
    expect([response.status, response.body]).toEqual([400, expected]);
    const prisma = await getPrisma();
    expect(await prisma.billingProfile.findUnique({ where: { organizationId: "org_globex" } })).toMatchObject(
      {
        legalName: "Acme AG",
      },
    );
  });
});

describe("who may", () => {
  it.each([
    ["acmeAdminAll", 200],
    ["acmeBillingAll", 200],
    ["acmeDeveloperAll", 401],
    ["acmeViewerAll", 401],
  ] as const)("%s reads and changes the profile: %i", async (token, status) => {
    expect((await put(valid, token)).status).toBe(status);
    expect((await get("/billing/profile", { token })).status).toBe(status);
  });

  it("refuses the developer role by name", async () => {
    const response = await put(valid, "acmeDeveloperAll");
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "role_forbidden",
        "The developer role cannot change the billing profile and balance alerts; that needs the owner, admin or billing role.",
        "role=developer required_role=owner|admin|billing",
      ),
    );
  });

  it("lets support read one named organization's profile, never change it", async () => {
    await put(valid, "acmeAll");
    const read = await get<{ data: Profile }>("/billing/profile?organization_id=org_acme", {
      token: "support",
    });
    expect(read.status).toBe(200);
    expect(read.body.data.organization_id).toBe("org_acme");
    const unnamed = await get("/billing/profile", { token: "support" });
    expect(unnamed.body).toEqual(
      bad(
        "organization_id is required: support staff name the organization whose billing profile they read",
        "query.organization_id",
      ),
    );
    expect((await put(valid, "support")).status).toBe(401);
  });

  it("refuses organization_id from a customer", async () => {
    const response = await get("/billing/profile?organization_id=org_globex", { token: "acmeAll" });
    expect(response.body).toEqual(
      bad("organization_id is for support users", "query.organization_id=org_globex"),
    );
  });
});
