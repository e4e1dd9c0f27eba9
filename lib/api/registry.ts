import type { EndpointDefinition } from "@/lib/api/endpoint-definition";
import { referenceEndpoints } from "@/lib/api/endpoints/reference";
import { commerceEndpoints } from "@/lib/api/endpoints/commerce";
import { numberEndpoints } from "@/lib/api/endpoints/numbers";
import { tokenEndpoints } from "@/lib/api/endpoints/tokens";
import { cartEndpoints } from "@/lib/api/endpoints/cart";
import { reservationEndpoints } from "@/lib/api/endpoints/reservations";
import { metaEndpoints } from "@/lib/api/endpoints/meta";
import { organizationEndpoints } from "@/lib/api/endpoints/organizations";
import { webhookEndpoints } from "@/lib/api/endpoints/webhooks";
import { securityEndpoints } from "@/lib/api/endpoints/security";
import { auditEndpoints } from "@/lib/api/endpoints/audit";
import { accountEndpoints } from "@/lib/api/endpoints/accounts";
import { memberEndpoints } from "@/lib/api/endpoints/members";
import { complianceEndpoints } from "@/lib/api/endpoints/compliance";
import { jobEndpoints } from "@/lib/api/endpoints/jobs";
import { ssoEndpoints } from "@/lib/api/endpoints/sso";
import { invoiceEndpoints } from "@/lib/api/endpoints/invoices";
import { billingPaymentEndpoints } from "@/lib/api/endpoints/billing-payments";
import { billingLedgerEndpoints } from "@/lib/api/endpoints/billing-ledger";
import { billingSettingsEndpoints } from "@/lib/api/endpoints/billing-settings";
import { portingEndpoints } from "@/lib/api/endpoints/porting";
import { portingLoaEndpoints } from "@/lib/api/endpoints/porting-loa";
import { portingDeskEndpoints } from "@/lib/api/endpoints/porting-desk";

export type { EndpointDefinition } from "@/lib/api/endpoint-definition";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const methods: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

// Every endpoint of /api/v2, keyed "METHOD /path" with OpenAPI-style path parameters.
// The route wrapper, the 405 answers and the OpenAPI document all read this one list.
export const endpoints = {
  ...referenceEndpoints,
  ...commerceEndpoints,
  ...numberEndpoints,
  ...reservationEndpoints,
  ...tokenEndpoints,
  ...cartEndpoints,
  ...organizationEndpoints,
  ...webhookEndpoints,
  ...securityEndpoints,
  ...auditEndpoints,
  ...accountEndpoints,
  ...memberEndpoints,
  ...complianceEndpoints,
  ...jobEndpoints,
  ...ssoEndpoints,
  ...invoiceEndpoints,
  ...billingPaymentEndpoints,
  ...billingLedgerEndpoints,
  ...billingSettingsEndpoints,
  ...portingEndpoints,
  ...portingLoaEndpoints,
  ...portingDeskEndpoints,
  ...metaEndpoints,
} satisfies Record<string, EndpointDefinition>;

export type EndpointKey = keyof typeof endpoints;
type PathOf<K extends string> = K extends `${Method} ${infer P}` ? P : never;
export type EndpointPath = PathOf<EndpointKey>;

export function splitKey(key: string): { method: Method; path: string } {
  const [method, path] = key.split(" ");
  return { method: method as Method, path };
}

/** The methods the registry lists for a path, for 405's Allow header. */
export function methodsFor(path: string): Method[] {
  return (Object.keys(endpoints) as EndpointKey[])
    .map(splitKey)
    .filter((entry) => entry.path === path)
    .map((entry) => entry.method);
}
