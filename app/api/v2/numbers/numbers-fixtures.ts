// Shared by the numbers*.test.ts files (GET /numbers): the seeded configurations as the database
// holds them, the ids the API should answer for a filter in its order, and the ids it answers.
import { expect } from "vitest";
import { get } from "@/tests/api-client";
import type { TestTokenName } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { errorBody } from "@/tests/error-body";

export const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);

export type ListBody = { data: NumberConfiguration[] };

// E.164 of the seeded numbers, by configuration id: the inventory generator picks them.
export const e164: Record<string, string> = {};
export type Row = { id: string; organizationId: string; kind: string; number: string };
let allRows: Row[] = [];

/** Reads the seeded configurations: beforeAll(loadSeededNumbers) in each file. */
export async function loadSeededNumbers(): Promise<void> {
  const prisma = await getPrisma();
  allRows = await prisma.numberConfiguration.findMany({
    select: { id: true, organizationId: true, kind: true, number: true },
  });
  for (const row of allRows) e164[row.id] = row.number;
}

/** Ids in the API's order: phone numbers, then extensions, each by number (then organization). */
export function expectedIds(filter: (row: Row) => boolean): string[] {
  const rank = (row: Row) => [row.kind === "number" ? 0 : 1, row.number, row.organizationId, row.id] as const;
  const compare = (a: Row, b: Row) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  };
  return allRows
    .filter(filter)
    .sort(compare)
    .map((row) => row.id);
}

export async function ids(path: string, token: TestTokenName): Promise<string[]> {
  const response = await get<ListBody>(path, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map((configuration) => configuration.number_id);
}
