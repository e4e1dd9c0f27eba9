import { getPrisma } from "@/lib/db/client";
import { demoOrganizations } from "@/prisma/seed/fixtures";
import { list, nonEmpty, notFound, roleForbidden } from "@/tests/authz/matrix/checks";
import type { DataColumns, Expectation } from "@/tests/authz/matrix/types";

// API tokens, the cart and holds: an organization's (a cart its person's), never another's.

const tokenOfViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const id = (body as { data: { id: string } }).data.id;
  const token = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
  if (token.organizationId !== context.orgs[viewer].organizationId)
    throw new Error(`token ${id} was made for ${token.organizationId}`);
};

/** A token support made is the operator's, never a customer's. */
const tokenOfOperator: Expectation["check"] = async (body) => {
  const prisma = await getPrisma();
  const id = (body as { data: { id: string } }).data.id;
  const token = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
  if (token.organizationId !== demoOrganizations.operator.id)
    throw new Error(`support's token ${id} was made for ${token.organizationId}`);
};

/** A refused revocation left the other organization's token alive. */
const victimAlive: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const token = await prisma.apiToken.findUniqueOrThrow({
    where: { id: context.orgs[owner].guardedTokenId },
  });
  if (token.revokedAt !== null) throw new Error(`${owner}'s token was revoked by another organization`);
};

const emptyCart: Expectation["check"] = (body) => {
  const lines = (body as { data: { lines: unknown[] } }).data.lines;
  if (lines.length !== 0)
    throw new Error(`expected the caller's own empty cart, got ${lines.length} line(s)`);
};

/** A 200 hold is the viewer's organization's. */
const heldForViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const held = (body as { data: { held: Array<{ number_e164: string }> } }).data.held.map(
    (entry) => entry.number_e164,
  );
  const rows = await prisma.numberHold.findMany({ where: { numberE164: { in: held } } });
  if (held.length !== 1 || rows.some((row) => row.organizationId !== context.orgs[viewer].organizationId))
    throw new Error(`hold not made for ${viewer}`);
};

/** Every hold listed is the viewer's organization's, as the database says. */
const holdsOfViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const numbers = list(body).map((item) => String(item.number_e164));
  nonEmpty(numbers, "holds");
  const rows = await prisma.numberHold.findMany({ where: { numberE164: { in: numbers } } });
  const strangers = rows.filter((row) => row.organizationId !== context.orgs[viewer].organizationId);
  if (strangers.length > 0 || rows.length !== numbers.length)
    throw new Error(`holds listed that are not ${viewer}'s: ${numbers.join(",")}`);
};

/** The hold was the viewer's; held again so the next cell finds it (the matrix shares one database). */
const releasedOwnHold: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const number = (body as { data: { number_e164: string } }).data.number_e164;
  if (number !== context.orgs[viewer].heldNumberE164)
    throw new Error(`released ${number}, not ${viewer}'s hold`);
  if ((await prisma.numberHold.count({ where: { numberE164: number } })) !== 0)
    throw new Error(`${number} is still held`);
  await prisma.numberHold.create({
    data: {
      numberE164: number,
      organizationId: context.orgs[viewer].organizationId,
      heldUntil: new Date(Date.now() + 86_400_000),
    },
  });
};

/** A refused release or hold left the owner's hold as it was. */
const ownerStillHolds: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const row = await prisma.numberHold.findUnique({
    where: { numberE164: context.orgs[owner].heldNumberE164 },
  });
  if (row?.organizationId !== context.orgs[owner].organizationId)
    throw new Error(`${owner}'s hold was taken or released by another organization`);
};

/** The columns of tokens, the cart and holds. */
export const tokenCartHoldDataRoutes: Readonly<Record<string, DataColumns>> = {
  // Tokens are the organization's: support people manage only the operator's.
  "GET /tokens": { own: { status: 200 }, support: { status: 200 } },
  "POST /tokens": {
    own: { status: 200, check: tokenOfViewer },
    support: { status: 200, check: tokenOfOperator },
  },
  "DELETE /tokens/{token_id}": {
    own: { status: 200 },
    other: { ...notFound, check: victimAlive },
    support: { ...notFound, check: victimAlive },
  },
  // A cart is its person's own (docs/CONTRACT.md §12): nobody's request names another's, and the
  // matrix never fills one, so every answer is the caller's own empty cart. Support may not
  // fill one (docs/CONTRACT.md §15: they cannot buy).
  "GET /cart": { own: { status: 200, check: emptyCart }, support: { status: 200, check: emptyCart } },
  "PUT /cart": { own: { status: 200, check: emptyCart }, support: roleForbidden },
  "DELETE /cart": { own: { status: 200, check: emptyCart }, support: { status: 200, check: emptyCart } },
  "POST /cart/renew": { own: { status: 200, check: emptyCart }, support: roleForbidden },
  // A held number that is no line of the caller's own cart, whoever holds it: nothing is renewed.
  "POST /cart/renew/{number_e164}": { own: notFound, other: notFound, support: roleForbidden },
  // Holds are the organization's (docs/CONTRACT.md §12); support cannot hold (§15).
  "POST /reservations": {
    own: { status: 200, check: heldForViewer },
    other: { status: 409, code: "number_unavailable", check: ownerStillHolds },
    support: { ...roleForbidden, check: ownerStillHolds },
  },
  "GET /reservations": {
    own: { status: 200, check: holdsOfViewer },
    support: roleForbidden,
  },
  "DELETE /reservations/{number_e164}": {
    own: { status: 200, check: releasedOwnHold },
    other: { ...notFound, check: ownerStillHolds },
    support: { ...roleForbidden, check: ownerStillHolds },
  },
};
