import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { containsThroughTrunk, escapeLike, LISTED_BY_DEFAULT } from "@/lib/numbers/configurations";
import type { NumberExportQuery } from "@/lib/schemas/numbers/query";

// GET /numbers' filters and sorts as SQL over number_configuration `c`, for the CSV export, which
// reads each page with everything its rows show in one statement (lib/numbers/export-csv.ts).
// Each condition says in SQL what numberSearchWhere (lib/numbers/configurations.ts) says to
// Prisma, as Prisma says it (a to-one relation's filter is an EXISTS on its key, `contains` an
// ILIKE of the escaped text); lib/numbers/export-csv.test.ts holds the two to the same rows,
// filter by filter and sort by sort.

const inventoryHas = (condition: Prisma.Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM inventory_number i WHERE i.id = c.inventory_number_id AND ${condition})`;
// A number ported in has no inventory row: its country and type are its port order's.
const portedInHas = (condition: Prisma.Sql) =>
  Prisma.sql`(c.inventory_number_id IS NULL
    AND EXISTS (SELECT 1 FROM port_order po WHERE po.id = c.port_order_id AND ${condition}))`;

/** The WHERE of GET /numbers' filters over `c`, as numberSearchWhere reads them. */
export async function numberSearchSql(
  viewer: Viewer,
  query: Omit<NumberExportQuery, "sort">,
): Promise<Prisma.Sql> {
  const { organizationId } = readableOrganizations(viewer, query.organization_id);
  const conditions: Prisma.Sql[] = [
    Prisma.sql`c.status = ANY(${query.status ?? LISTED_BY_DEFAULT}::number_status[])`,
  ];
  if (organizationId !== undefined) conditions.push(Prisma.sql`c.organization_id = ${organizationId}`);
  if (query.number_id !== undefined) conditions.push(Prisma.sql`c.id = ${query.number_id}`);
  if (query.number !== undefined) conditions.push(Prisma.sql`c.number = ${query.number}`);
  if (query.numbers !== undefined) conditions.push(Prisma.sql`c.number = ANY(${query.numbers}::text[])`);
  if (query.order !== undefined)
    conditions.push(
      inventoryHas(Prisma.sql`EXISTS (SELECT 1 FROM order_item oi JOIN "order" o ON o.id = oi.order_id
        WHERE oi.id = i.order_item_id AND o.reference_id = ${query.order})`),
    );
  if (query.name) conditions.push(Prisma.sql`c.name ILIKE ${`%${escapeLike(query.name)}%`}`);
  if (query.tag !== undefined) conditions.push(Prisma.sql`c.tags @> ${query.tag}::text[]`);
  if (query.country !== undefined)
    conditions.push(
      Prisma.sql`(${inventoryHas(Prisma.sql`i.country_id = ${query.country}`)}
        OR ${portedInHas(Prisma.sql`po.country = ${query.country}`)})`,
    );
  if (query.number_type !== undefined)
    conditions.push(
      Prisma.sql`(${inventoryHas(Prisma.sql`i.number_type_id = ${query.number_type}`)}
        OR ${portedInHas(Prisma.sql`po.number_type = ${query.number_type}`)})`,
    );
  if (query.region !== undefined) conditions.push(inventoryHas(Prisma.sql`i.region_id = ${query.region}`));
  if (query.contains !== undefined) {
    const throughTrunk = (await containsThroughTrunk(query.contains)).map(
      (start) => Prisma.sql`(c.kind = 'number' AND c.number LIKE ${`${start}%`})`,
    );
    conditions.push(
      Prisma.sql`(${Prisma.join([Prisma.sql`c.number LIKE ${`%${query.contains}%`}`, ...throughTrunk], " OR ")})`,
    );
  }
  return Prisma.join(conditions, " AND ");
}

/** What a page's last row tells the next page: its values of every sort's keys. */
export type SortKeys = {
  id: string;
  kind: string;
  number: string;
  organization_id: string;
  name: string;
  created_at: Date;
};

type Ordering = { orderBy: Prisma.Sql; after: (last: SortKeys) => Prisma.Sql };

const instant = (value: Date) => Prisma.sql`${value.toISOString()}::timestamptz`;

/**
 * The sorts of numberOrderings in SQL, each with its keyset condition: the rows after `last` in
 * that order (a row comparison, as Prisma's cursor compares the cursor row's values).
 */
export const numberSortsSql: Record<NonNullable<NumberExportQuery["sort"]>, Ordering> = {
  number: {
    orderBy: Prisma.sql`c.kind, c.number, c.organization_id, c.id`,
    after: (last) =>
      Prisma.sql`(c.kind, c.number, c.organization_id, c.id) > (${last.kind}::number_kind, ${last.number}, ${last.organization_id}, ${last.id})`,
  },
  name: {
    orderBy: Prisma.sql`c.name, c.id`,
    after: (last) => Prisma.sql`(c.name, c.id) > (${last.name}, ${last.id})`,
  },
  purchased_at: {
    orderBy: Prisma.sql`c.created_at, c.id`,
    after: (last) => Prisma.sql`(c.created_at, c.id) > (${instant(last.created_at)}, ${last.id})`,
  },
  "-purchased_at": {
    orderBy: Prisma.sql`c.created_at DESC, c.id DESC`,
    after: (last) => Prisma.sql`(c.created_at, c.id) < (${instant(last.created_at)}, ${last.id})`,
  },
};
