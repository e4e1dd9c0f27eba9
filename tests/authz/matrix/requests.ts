import { encode } from "next-auth/jwt";
import { endpoints, splitKey, type EndpointKey, type Method } from "@/lib/api/registry";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName, SIGNED_IN_AT_CLAIM } from "@/lib/auth/session-cookie";
import { getPrisma } from "@/lib/db/client";
import { demoUsers } from "@/prisma/seed/fixtures";
import { etagFor } from "@/lib/numbers/preconditions";
import type { TestTokenName } from "@/tests/fixtures";
import { accountRoutes, emptyBodyRoutes } from "@/tests/authz/matrix/routes";
import { ORIGIN, type Cell, type MatrixContext, type OrgData } from "@/tests/authz/matrix/types";

// A cell's request: its path with the owner's parameters, the query that names the owner's
// data, a sample body, the preconditions a write needs, and the credential's headers.

function paramValue(name: string, key: string, owner: OrgData, target: Cell["target"]): string {
  switch (name) {
    case "country":
      return "GB";
    case "number_type":
      return "local";
    case "region":
      return "GB-ENG-LONDON-20";
    case "reference_id":
      return owner.orderReferenceId;
    case "number_id":
      return owner.numberId;
    case "extension":
      return key.startsWith("GET ") ? owner.onlyExtension : owner.writableExtension;
    case "token_id":
      return target === "own" ? owner.victimTokenId : owner.guardedTokenId;
    case "number_e164":
      return owner.heldNumberE164;
    case "webhook_id":
      return key.startsWith("DELETE ") ? owner.deletableWebhookId : owner.webhookId;
    case "delivery_id":
      return owner.deliveryId;
    case "job_id":
      return owner.jobId ?? "job_none";
    // Nothing of these exists: the credential cells stop at 404 (or at the body's 400).
    case "member_id":
      return "usr_matrix_none";
    case "invitation_id":
      return "inv_matrix_none";
    case "token":
      return "matrix-no-such-invitation";
    case "end_user_id":
      return "eu_matrix_none";
    case "address_id":
      return "addr_matrix_none";
    case "document_id":
      return "doc_matrix_none";
    case "bundle_id":
      return "bnd_matrix_none";
    case "domain":
      return "matrix-none.example";
    case "invoice_id":
      return "in_matrixnone";
    case "currency":
      return "GBP";
    case "alert_id":
      return "bal_matrix_none";
    case "port_order_id":
      return "po_matrix_none";
    default:
      throw new Error(
        `authz matrix: no sample for the path parameter {${name}} of ${key}; add one to paramValue in tests/authz/matrix/requests.ts`,
      );
  }
}

/** The query string that asks for the owner's data where the path names none. */
function queryFor(key: string, target: Cell["target"], owner: OrgData): string {
  if (key === "GET /billing/upcoming")
    return target === "own" ? "?currency=GBP" : `?currency=GBP&organization_id=${owner.organizationId}`;
  if (target === "own") return "";
  if (
    key === "GET /orders" ||
    key === "GET /events" ||
    key === "GET /webhooks" ||
    key === "GET /audit-events" ||
    key === "GET /audit-events/export" ||
    key === "GET /invoices" ||
    key === "GET /invoices/export" ||
    key === "GET /billing/accounts" ||
    key === "GET /billing/ledger" ||
    key === "GET /billing/ledger/export" ||
    key === "GET /members" ||
    key === "GET /members/invitations"
  )
    return `?organization_id=${owner.organizationId}`;
  // Release even when one of the organization's rules dials the number.
  if (key === "DELETE /numbers/{number_id}") return "?force=true";
  if (key === "GET /numbers" || key === "GET /numbers/export")
    return target === "support" ? `?organization_id=${owner.organizationId}` : `?number_id=${owner.numberId}`;
  if (
    key === "POST /extensions" ||
    key === "PUT /extension/{extension}" ||
    key === "DELETE /extension/{extension}"
  ) {
    // A customer naming another organization is refused (400) or finds nothing (404); support may.
    return target === "support" || key === "POST /extensions"
      ? `?organization_id=${owner.organizationId}`
      : "";
  }
  return "";
}

function bodyFor(key: string, target: Cell["target"], owner: OrgData): unknown {
  if (key === "POST /order") {
    return target === "other"
      ? { contact_name: "Matrix buyer", items: [{ number_e164: owner.numberE164 }] }
      : { contact_name: "Matrix buyer", items: [{ country: "GB", number_type: "mobile", quantity: 1 }] };
  }
  if (key === "POST /tokens") return { name: "matrix token", scopes: ["reference:read"] };
  if (key === "POST /webhooks") return { url: "https://93.184.216.34/matrix", events: ["order.created"] };
  if (key === "PUT /cart") return { lines: [] };
  if (accountRoutes.has(key) || emptyBodyRoutes.has(key)) return {};
  if (key === "POST /jobs")
    return { type: "set_tags", number_ids: [owner.numberId], params: { add: ["matrix"] } };
  if (key === "PUT /numbers/{number_id}" || key === "PUT /extension/{extension}")
    return { name: "Matrix configuration", rules: [] };
  if (key === "POST /numbers/{number_id}/port_out_requests") return { pin: "0000" };
  if (key === "POST /extensions")
    return { extension: String(10_000 + extensionCounter++), name: "Matrix extension", rules: [] };
  if (key === "POST /reservations")
    return { numbers: [target === "own" ? owner.holdableNumberE164 : owner.heldNumberE164] };
  const definition = endpoints[key as EndpointKey];
  if ("body" in definition && definition.body)
    throw new Error(
      `authz matrix: no sample body for ${key}; add one to bodyFor in tests/authz/matrix/requests.ts`,
    );
  return undefined;
}

let extensionCounter = 0;

/**
 * Writes need the current ETag; each DELETE or PUT of an extension gets a fresh one of the owner's, so the cells
 * do not depend on each other's order.
 */
async function preconditionHeaders(key: string, owner: OrgData): Promise<Record<string, string>> {
  const prisma = await getPrisma();
  if (key === "PUT /numbers/{number_id}" || key === "DELETE /numbers/{number_id}") {
    const row = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: owner.numberId } });
    return { "if-match": etagFor(row) };
  }
  if (key === "PUT /extension/{extension}" || key === "DELETE /extension/{extension}") {
    owner.writableExtension = String(20_000 + extensionCounter++);
    const row = await prisma.numberConfiguration.create({
      data: {
        id: `num_matrix_${owner.writableExtension}`,
        organizationId: owner.organizationId,
        kind: "extension",
        number: owner.writableExtension,
        name: "Matrix extension",
      },
    });
    return { "if-match": etagFor(row) };
  }
  if (key === "GET /jobs/{job_id}" || key === "POST /jobs/{job_id}/cancel") {
    owner.jobId = `job_matrix_${extensionCounter++}`;
    await prisma.job.create({
      data: {
        id: owner.jobId,
        organizationId: owner.organizationId,
        type: "lock",
        actorKind: "token",
        actorScopes: [],
        items: { create: [{ position: 0, numberId: owner.numberId }] },
      },
    });
  }
  if (key === "DELETE /webhooks/{webhook_id}") {
    owner.deletableWebhookId = `wh_matrix_${extensionCounter++}`;
    await prisma.webhook.create({
      data: {
        id: owner.deletableWebhookId,
        organizationId: owner.organizationId,
        url: "https://93.184.216.34/matrix",
        events: ["order.created"],
        secret: "whsec_bWF0cml4",
      },
    });
  }
  // Test and re-send cells start from an endpoint with nothing pending (a re-send needs a finished delivery).
  if (key.startsWith("POST /webhooks/{webhook_id}/"))
    await prisma.webhookDelivery.updateMany({
      where: { webhookId: owner.webhookId },
      data: { status: "failed", nextAttemptAt: null },
    });
  return {};
}

export type BuiltRequest = {
  method: Method;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  token?: TestTokenName;
};

export async function buildRequest(cell: Cell, context: MatrixContext): Promise<BuiltRequest> {
  const { method, path: template } = splitKey(cell.key);
  const owner = context.orgs[cell.owner];
  const headers: Record<string, string> = await preconditionHeaders(cell.key, owner);
  const path =
    template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(paramValue(name, cell.key, owner, cell.target)),
    ) + queryFor(cell.key, cell.target, owner);
  let token: TestTokenName | undefined;
  const credential = cell.credential;
  if (credential.kind === "header") headers.authorization = credential.authorization;
  if (credential.kind === "token") token = credential.token;
  if (credential.kind === "session") {
    const { id, email, name, role, organizationId } = demoUsers[credential.user];
    // Session-ending cells (POST /sessions/end-all, POST /password) end the person's sessions:
    // each cell signs in afresh, after any earlier cell's end (lib/auth/end-sessions.ts).
    const prisma = await getPrisma();
    await prisma.user.update({ where: { id }, data: { sessionsValidAfter: null } });
    const value = await encode({
      token: { sub: id, email, name, role, organizationId, [SIGNED_IN_AT_CLAIM]: Date.now() - 60_000 },
      secret: getSessionSecret(),
    });
    headers.cookie = `${sessionCookieName(false)}=${value}`;
    if (method !== "GET") headers.origin = credential.crossSite ? "https://evil.example" : ORIGIN;
  }
  return { method, path, body: bodyFor(cell.key, cell.target, owner), headers, token };
}
