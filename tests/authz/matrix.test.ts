// Every route × every state of credentials, and organization data × {own, another
// organization's, support}. Each cell asserts the exact status (and error code), and that the
// body holds nothing that identifies another organization's data unless support may see it.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { createApiToken } from "@/lib/auth/tokens";
import { demoOwnedNumbers } from "@/prisma/seed/fixtures";
import { identifiersOf, leakedIdentifiers } from "@/tests/authz/identifiers";
import {
  buildRequest,
  credentialCells,
  organizationCells,
  unclassifiedRoutes,
  type Cell,
  type MatrixContext,
  type OrgData,
  type OrgKey,
} from "@/tests/authz/matrix";

const seeds: Record<OrgKey, { organizationId: string; numberId: string; onlyExtension: string }> = {
  acme: { organizationId: "org_acme", numberId: "num_acme_main", onlyExtension: "102" },
  globex: { organizationId: "org_globex", numberId: "num_globex_hq", onlyExtension: "300" },
};

let context: MatrixContext;

async function orgData(org: OrgKey): Promise<OrgData> {
  const prisma = await getPrisma();
  const { organizationId, numberId, onlyExtension } = seeds[org];
  const configuration = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: numberId } });
  const order = demoOwnedNumbers.find((entry) => entry.id === numberId);
  if (!order) throw new Error(`no seed order for ${numberId}`);
  const make = async (name: string) =>
    (await createApiToken(prisma, { organizationId, name, scopes: ["reference:read"] })).token.id;
  // Two numbers for sale per organization, apart from the ones other cells buy: one it holds, one it may hold.
  const [held, holdable] = await prisma.inventoryNumber.findMany({
    where: { regionId: "US-NY-NEW_YORK-212", status: "available", hold: null },
    orderBy: { numberE164: org === "acme" ? "asc" : "desc" },
    take: 2,
  });
  await prisma.numberHold.create({
    data: { numberE164: held.numberE164, organizationId, heldUntil: new Date(Date.now() + 86_400_000) },
  });
  // An endpoint with one finished delivery, and an event for GET /events to list.
  const webhookId = `wh_matrix_${org}`;
  const eventId = `evt_matrix_${org}`;
  await prisma.webhook.create({
    data: {
      id: webhookId,
      organizationId,
      url: "https://93.184.216.34/matrix",
      events: ["reservation.expired"],
      secret: "whsec_bWF0cml4",
    },
  });
  await prisma.event.create({
    data: {
      id: eventId,
      organizationId,
      type: "reservation.expired",
      data: { number_e164: held.numberE164, held_until: "2026-01-01T00:00:00.000Z" },
    },
  });
  const delivery = await prisma.webhookDelivery.create({
    data: { id: `dlv_matrix_${org}`, webhookId, eventId, status: "failed" },
  });
  return {
    organizationId,
    webhookId,
    deliveryId: delivery.id,
    deletableWebhookId: webhookId,
    orderReferenceId: order.orderReferenceId,
    numberId,
    numberE164: configuration.number,
    onlyExtension,
    writableExtension: onlyExtension,
    heldNumberE164: held.numberE164,
    holdableNumberE164: holdable.numberE164,
    victimTokenId: await make(`matrix victim of ${org}`),
    guardedTokenId: await make(`matrix guarded of ${org}`),
    identifiers: [],
  };
}

beforeAll(async () => {
  const orgs = { acme: await orgData("acme"), globex: await orgData("globex") };
  for (const org of Object.values(orgs))
    org.identifiers = [...(await identifiersOf(org.organizationId)), org.heldNumberE164];
  context = { orgs };
});

async function runCell(cell: Cell): Promise<void> {
  const request = await buildRequest(cell, context);
  const response = await api<{ error?: { code: string } }>(request.method, request.path, {
    token: request.token,
    headers: request.headers,
    body: request.body,
  });
  const what = `${cell.name}: ${request.method} ${request.path} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
  expect(response.status, what).toBe(cell.expect.status);
  if (cell.expect.code !== undefined) expect(response.body.error?.code, what).toBe(cell.expect.code);
  expect(response.headers.get("x-request-id"), what).toBeTruthy();

  if (!cell.expect.mayShowOther) {
    // What the request itself named may come back in an error's details; nothing else may.
    // The path decoded: a number sent as %2B… comes back as +… in details.
    const sent = `${decodeURIComponent(request.path)} ${JSON.stringify(request.body ?? null)}`;
    const text = JSON.stringify(response.body);
    const stranger = cell.viewer === "acme" ? "globex" : "acme";
    const leaked = leakedIdentifiers(context.orgs[stranger].identifiers, text, sent);
    expect(leaked, `${what} names ${stranger}'s data`).toEqual([]);
  }
  await cell.expect.check?.(response.body, context, cell.viewer, cell.owner);
}

const credentialMatrix = credentialCells();
const organizationMatrix = organizationCells();

describe("authorization matrix", () => {
  it("classifies every route of the registry (shared data or organization data)", () => {
    expect(unclassifiedRoutes()).toEqual([]);
  });

  describe("every route × every state of credentials", () => {
    it.each(credentialMatrix.map((cell) => [cell.name, cell] as const))("%s", async (_name, cell) =>
      runCell(cell),
    );
  });

  describe("organization data × {own, another organization's, support}", () => {
    it.each(organizationMatrix.map((cell) => [cell.name, cell] as const))("%s", async (_name, cell) =>
      runCell(cell),
    );
  });
});
