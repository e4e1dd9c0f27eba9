import { getPrisma } from "@/lib/db/client";
import {
  isOf,
  list,
  listsNothing,
  listsOnly,
  nonEmpty,
  notFound,
  roleForbidden,
} from "@/tests/authz/matrix/checks";
import { otherOrg, type DataColumns, type Expectation } from "@/tests/authz/matrix/types";

// Organizations, orders, numbers and their configurations, bulk jobs and extensions: the
// organization columns of what is bought and configured.

/** Support's list of organizations names both, each by its name. */
const listsEveryOrganization: Expectation["check"] = async (body, context) => {
  const ids = list(body).map((entry) => entry.organization_id);
  for (const org of Object.values(context.orgs))
    if (!ids.includes(org.organizationId)) throw new Error(`organizations lacks ${org.organizationId}`);
};

/** The order a 200 placed belongs to the buyer's organization, whoever the buyer is. */
const orderedForViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const referenceId = (body as { data: { reference_id: string } }).data.reference_id;
  const order = await prisma.order.findUniqueOrThrow({ where: { referenceId } });
  if (order.organizationId !== context.orgs[viewer].organizationId)
    throw new Error(`order ${referenceId} was placed for ${order.organizationId}`);
};

/** A CSV export's data lines (after the header); its rows carry no organization column. */
const csvRows = (body: unknown) => String(body).trim().split("\r\n").slice(1);
const csvListsSome: Expectation["check"] = (body) => nonEmpty(csvRows(body), "csv");
const csvListsNothing: Expectation["check"] = (body) => {
  if (csvRows(body).length !== 0) throw new Error(`expected no CSV row, got ${csvRows(body).length}`);
};

const historyOfOwn: Expectation["check"] = async (body, context, viewer) => {
  const changes = (body as { data: Array<{ number_id: string; changed_by: { role: string; name: string } }> })
    .data;
  const numberId = context.orgs[viewer].numberId;
  for (const change of changes) {
    if (change.number_id !== numberId)
      throw new Error(`history of ${numberId} lists a change of ${change.number_id}`);
    const stranger = context.orgs[otherOrg(viewer)].identifiers.includes(change.changed_by.name);
    if (stranger && change.changed_by.role !== "support")
      throw new Error(`history names ${change.changed_by.name}, a customer of another organization`);
  }
};

/** A refused release or restore left the owner's number active. */
const ownerStillActive: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findUniqueOrThrow({
    where: { id: context.orgs[owner].numberId },
  });
  if (row.status !== "active") throw new Error(`${owner}'s number is ${row.status}, not active`);
};

/** A released number made active again, so the cells after this one find it as they expect. */
const activeAgain: Expectation["check"] = async (body) => {
  const prisma = await getPrisma();
  const { number_id: id } = (body as { data: { number_id: string } }).data;
  await prisma.numberConfiguration.update({
    where: { id },
    data: { status: "active", restorableUntil: null },
  });
};

/** A refused change left the other organization's configurations alone: no change of theirs was made by a customer of another. */
function unchangedBy(role: "customer"): Expectation["check"] {
  return async (_body, context, _viewer, owner) => {
    const prisma = await getPrisma();
    const organizationId = context.orgs[owner].organizationId;
    const changes = await prisma.configurationChange.findMany({
      where: { organizationId, actorRole: role, actorUserId: { not: null } },
      select: { actorUserId: true },
    });
    const users = await prisma.user.findMany({
      where: { id: { in: changes.map((change) => change.actorUserId as string) } },
      select: { organizationId: true },
    });
    if (users.some((user) => user.organizationId !== organizationId))
      throw new Error(`${owner}'s configurations were changed by a ${role} of another organization`);
  };
}

/** The columns of organizations, orders, numbers, jobs and extensions. */
export const numberDataRoutes: Readonly<Record<string, DataColumns>> = {
  // Support only: a customer is answered 404, so other customers' names do not leak.
  "GET /organizations": {
    own: { status: 404, code: "not_found" },
    other: { status: 404, code: "not_found" },
    support: { status: 200, mayShowOther: true, check: listsEveryOrganization },
  },
  // organization_id is support's filter: a customer who sends it is refused (docs/CONTRACT.md §2).
  "GET /orders": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "GET /orders/{reference_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Support may not buy at all (docs/CONTRACT.md §15: they stand outside every customer).
  "POST /order": {
    own: { status: 200, check: orderedForViewer },
    other: { status: 409, code: "number_unavailable" },
    support: roleForbidden,
  },
  "GET /numbers": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 200, check: listsNothing },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  // The CSV of GET /numbers, with the same filters (a customer's number_id of another organization finds nothing).
  "GET /numbers/export": {
    own: { status: 200, check: csvListsSome },
    other: { status: 200, check: csvListsNothing },
    support: { status: 200, mayShowOther: true, check: csvListsSome },
  },
  "GET /numbers/{number_id}/active_rule": {
    own: { status: 200 },
    other: notFound,
    support: { status: 200, mayShowOther: true },
  },
  "GET /extension/{extension}": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 200, check: listsNothing },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "GET /numbers/{number_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Support may change any organization's configuration (docs/CONTRACT.md §2); a customer only their own.
  "PUT /numbers/{number_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: { ...notFound, check: unchangedBy("customer") },
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Release (docs/CONTRACT.md §16): each cell releases the owner's number, and puts it back after.
  // Release and restore are the owner's and admin's (the table of docs/CONTRACT.md §15, and
  // §16): support may not.
  "DELETE /numbers/{number_id}": {
    own: { status: 200, check: activeAgain },
    other: { ...notFound, check: ownerStillActive },
    support: { ...roleForbidden, check: ownerStillActive },
  },
  "POST /numbers/{number_id}/restore": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: roleForbidden,
  },
  // Port-out requests (docs/CONTRACT.md §20) are support's to log, for any organization's number;
  // a customer is refused before the number is looked up. The cell's PIN is wrong: refused, logged.
  "POST /numbers/{number_id}/port_out_requests": {
    own: roleForbidden,
    other: roleForbidden,
    support: { status: 201, mayShowOther: true, check: isOf("owner") },
  },
  // Bulk jobs (docs/CONTRACT.md §16): only the organization's own numbers; support reads any job.
  "POST /jobs": {
    own: { status: 202, check: isOf("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 400, code: "invalid_parameter" },
  },
  "GET /jobs": { own: { status: 200 }, support: { status: 200, mayShowOther: true } },
  "GET /jobs/{job_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "POST /jobs/{job_id}/cancel": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // The history names who changed a configuration, and that may be a support person of the
  // service, whoever's organization they sit in (docs/CONTRACT.md §2, §11): only support actors
  // may be strangers.
  "GET /numbers/{number_id}/history": {
    own: { status: 200, mayShowOther: true, check: historyOfOwn },
    other: notFound,
    support: { status: 200, mayShowOther: true },
  },
  "POST /extensions": {
    own: { status: 200, check: isOf("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "PUT /extension/{extension}": {
    own: { status: 200, check: isOf("viewer") },
    other: { ...notFound, check: unchangedBy("customer") },
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "DELETE /extension/{extension}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
};
