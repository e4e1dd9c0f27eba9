// The success examples of the OpenAPI document, built from the response's own zod schema: a
// field's own `examples` meta first, else a value from the demo data for a field of that name
// (Acme's main line in New York), else the first value its type allows. lib/api/openapi.test.ts
// parses every example with its endpoint's response schema, so an example cannot drift from
// what the server answers.
import type { z } from "zod";
import { globalRegistry } from "zod";

const AT = "2026-11-27T10:15:02.114Z";

/** Demo values by field name: one organization, one number, one person, one day. */
const byName: Record<string, unknown> = {
  id: "GB",
  organization_id: "org_acme",
  organization_name: "Acme Telecom Ltd",
  number_id: "num_acme_main",
  number: "+12125550123",
  number_e164: "+12125550123",
  numbers: ["+12125550123"],
  local_format: "(212) 555-0123",
  country: "US",
  country_id: "US",
  country_code: "1",
  calling_code: "1",
  english_name: "United States",
  currency: "USD",
  number_type: "local",
  number_type_id: "local",
  region: "US-NY-NEW_YORK-212",
  region_id: "US-NY-NEW_YORK-212",
  reference_id: "ORD-OCCHO6HESU",
  reference_number: "PO-1042",
  contact_name: "Ada Lovelace",
  product_id: "1042",
  name: "Main line",
  email: "ada@acme.example",
  description: "Numbers in New York City's 212 area code",
  user_id: "usr_acme_customer",
  member_id: "usr_acme_developer",
  invitation_id: "inv_0f3c9a2e71b84d55",
  token_id: "tok_5a1e0c7d",
  webhook_id: "wh_6f2b8c1d9e0a4b37",
  delivery_id: "dlv_3c7e9a1f0b2d4e68",
  event_id: "evt_01JDX4Q8K2M7N3P5R6S8T9V0W1",
  job_id: "job_0123456789abcdef0123456789abcdef",
  end_user_id: "eu_4b8e2f6a1c3d5e7f",
  address_id: "adr_7c1d3e5f9a2b4c6d",
  document_id: "doc_2e4f6a8c0b1d3e5f",
  document_type_id: "proof_of_address",
  bundle_id: "bnd_9a7c5e3f1b2d4c6e",
  monthly_fee: "1.00",
  setup_fee: "0.50",
  included_minutes: "500",
  url: "https://hooks.acme.example/numbers",
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  street: "350 Fifth Avenue",
  city: "New York",
  postal_code: "10118",
  business_name: "Acme Telecom Ltd",
  registration_number: "01234567",
  phone: "+12125550199",
  role: "developer",
  ip: "203.0.113.7",
  action: "number.configuration_changed",
  message: "If that email can be used, a message with a link is on its way.",
  estimated_lead_time: "5 days",
  time_zone: "America/New_York",
  destination: "+442079460123",
  tags: ["support"],
  prefix: "npk_7Hq2",
  field: "name",
  overage_fixed_rate_per_minute: "0.0120",
  overage_mobile_rate_per_minute: "0.0450",
  standard_capacity: "2 concurrent calls",
  geographic_restrictions: "None",
  mobile_accessible: "Yes",
  outside_country_display: "+1 212 555 0123",
  portable: "Yes",
  more_information: "A utility bill or bank statement from the last 3 months",
  number_local_format: "2125550123",
  region_name: "New York, NY (212)",
  default_destination: "+44",
  best_rate_dial_prefix: "+44",
  start: 1764547200,
  stop: 1796083200,
  days: ["mon", "tue", "wed", "thu", "fri"],
  start_time: "09:00",
  stop_time: "17:00",
  timeout_sec: 30,
  priority: 1,
  version: 3,
  since: "2026-11-27T14:00:00.000Z",
  until: "2026-11-27T22:00:00.000Z",
  reason: "Office hours: Monday to Friday, 09:00–17:00 (America/New_York)",
  qr_code_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33">…</svg>',
  otpauth_uri:
    "otpauth://totp/Numbers%20portal:ada%40acme.example?secret=JBSWY3DPEHPK3PXP&issuer=Numbers%20portal",
  recovery_codes: ["7hq2-k4mz-9wxp"],
  file_name: "proof-of-address.pdf",
  sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  size: 48213,
  expires_on: "2027-06-30",
  requirement: "proof_of_address",
  note: "The address on the bill must match the end user's address.",
  total: 3,
  succeeded: 3,
  failed: 0,
  pending: 0,
  quantity: 1,
  backordered_quantity: 0,
  numbers_waiting_for_documents: 0,
  recovery_codes_left: 10,
  "Country.id": "US",
  "Country.name": "United States",
  "NumberType.id": "local",
  "NumberType.name": "Local",
  "NumberType.description": "Numbers tied to a city or area code",
  "DocumentType.id": "proof_of_address",
  "DocumentType.name": "Proof of address",
  "RequiredDocument.name": "Proof of address",
  "Region.id": "US-NY-NEW_YORK-212",
  "Region.name": "New York, NY (212)",
  "Destination.id": "GB",
  "Destination.name": "United Kingdom",
  "Product.id": "1042",
  "Product.name": "New York local",
  "Rule.name": "Office hours",
  "Rule.target_id": "crm-4711",
  "Member.id": "usr_acme_developer",
  "Member.name": "Dev Patel",
  "Member.role": "developer",
  "Invitation.id": "inv_0f3c9a2e71b84d55",
  "Invitation.email": "sam@acme.example",
  "ApiToken.name": "CI deploys",
  "CreatedApiToken.name": "CI deploys",
  "Webhook.description": "Order and number events for the billing system",
  "AuditEvent.id": "aud_3f0c9a2e71b84d55",
  "AuditEvent.action": "number.configuration_changed",
  "ConfigurationChange.id": "chg_5d2e8a1f3b7c9e04",
  "Event.id": "evt_01JDX4Q8K2M7N3P5R6S8T9V0W1",
  "Event.type": "order.completed",
  "Bundle.valid_until": "2027-06-30",
  "EndUser.name": "Ada Lovelace",
};

const byFormat: Record<string, unknown> = {
  "date-time": AT,
  date: "2026-11-27",
  email: "ada@acme.example",
  uri: "https://hooks.acme.example/numbers",
};

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  out?: z.ZodType;
  in?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  format?: string;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * An example answer of this schema, as the server would write it. `within` is the nearest
 * named schema (its meta id), for the fields whose demo value depends on what holds them.
 */
export function exampleOf(schema: z.ZodType, name = "", within = ""): unknown {
  const meta = globalRegistry.get(schema);
  if (Array.isArray(meta?.examples) && meta.examples.length > 0) return meta.examples[0];
  if (typeof meta?.id === "string") within = meta.id;
  const named = `${within}.${name}` in byName ? byName[`${within}.${name}`] : byName[name];
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [key, exampleOf(field, key, within)]),
      );
    case "array":
      return Array.isArray(named) && defOf(def.element as z.ZodType).type === "string"
        ? named
        : [exampleOf(def.element as z.ZodType, singular(name), within)];
    case "record":
      return recordExample(def, name, within);
    case "union":
      return exampleOf((def.options ?? [])[0], name, within);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return exampleOf(def.innerType as z.ZodType, name, within);
    case "pipe":
      return exampleOf(
        (defOf(def.out as z.ZodType).type === "transform" ? def.in : def.out) as z.ZodType,
        name,
        within,
      );
    case "lazy":
      return exampleOf((def.getter as () => z.ZodType)(), name, within);
    case "enum":
      return Object.values(def.entries ?? {})[0];
    case "literal":
      return (def.values ?? [])[0];
    case "boolean":
      return true;
    case "number":
      return typeof named === "number" ? named : 1;
    case "null":
      return null;
    case "string":
      return stringExample(schema, name, def, named);
    default:
      return named ?? null;
  }
}

function stringExample(schema: z.ZodType, name: string, def: Def, named: unknown): unknown {
  if (typeof named === "string") return named;
  const format = (globalRegistry.get(schema)?.format as string | undefined) ?? def.format;
  if (format && format in byFormat) return byFormat[format];
  if (/(_at|^at|_until|_due)$/.test(name)) return AT;
  return name.replace(/_/g, " ");
}

/** A map keyed by country, then number type, then region (products), or a tag's key. */
const recordKeys = ["US", "local", "US-NY-NEW_YORK-212"];

function recordExample(def: Def, name: string, within: string, depth = 0): unknown {
  const value = def.valueType as z.ZodType;
  const key = byName[`${within}.${name}.key`] ?? recordKeys[depth] ?? "key";
  const inner = defOf(value);
  return {
    [String(key)]:
      inner.type === "record"
        ? recordExample(inner, name, within, depth + 1)
        : exampleOf(value, name, within),
  };
}

const singular = (name: string) => (name.endsWith("s") ? name.slice(0, -1) : name);
