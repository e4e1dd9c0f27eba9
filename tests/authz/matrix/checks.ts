import type { Expectation } from "@/tests/authz/matrix/types";

// What many routes of the matrix answer, and the checks of a 200's body that lists or shows an
// organization's data. The checks of one area's routes sit beside them (numbers.ts, …).

/** A role that may not (docs/CONTRACT.md §15): 401, naming the role needed. */
export const roleForbidden: Expectation = { status: 401, code: "role_forbidden" };
export const invalidBody: Expectation = { status: 400, code: "invalid_parameter" };
export const notFound: Expectation = { status: 404, code: "not_found" };

type Listed = { data: Array<Record<string, unknown>> };
export const list = (body: unknown) => (body as Listed).data;

export function allOf(organizationId: string, field = "organization_id") {
  return (items: Array<Record<string, unknown>>, what: string) => {
    const strangers = items.filter((item) => item[field] !== organizationId);
    if (strangers.length > 0)
      throw new Error(`${what}: ${strangers.length} item(s) of another organization than ${organizationId}`);
  };
}

export function nonEmpty(items: unknown[], what: string) {
  if (items.length === 0) throw new Error(`${what}: expected at least one item`);
}

export const listsOnly =
  (who: "viewer" | "owner"): Expectation["check"] =>
  (body, context, viewer, owner) => {
    const items = list(body);
    nonEmpty(items, "list");
    allOf(context.orgs[who === "viewer" ? viewer : owner].organizationId)(items, "list");
  };

/** As listsOnly, for a list that may still be empty when the cell runs (the audit log). */
export const listsOnlyIfAny =
  (who: "viewer" | "owner"): Expectation["check"] =>
  (body, context, viewer, owner) =>
    allOf(context.orgs[who === "viewer" ? viewer : owner].organizationId)(list(body), "list");

export const listsNothing: Expectation["check"] = (body) => {
  if (list(body).length !== 0) throw new Error(`expected an empty list, got ${list(body).length} item(s)`);
};

export const isOf =
  (who: "viewer" | "owner"): Expectation["check"] =>
  (body, context, viewer, owner) => {
    const item = (body as { data: Record<string, unknown> }).data;
    const expected = context.orgs[who === "viewer" ? viewer : owner].organizationId;
    if ("organization_id" in item && item.organization_id !== expected)
      throw new Error(`expected ${expected}'s, got ${String(item.organization_id)}'s`);
  };
