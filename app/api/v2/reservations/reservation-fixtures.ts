// Shared by the reservations*.test.ts files: POST, GET and DELETE /reservations with a test
// token, available numbers of a region, and the requests' clock, with nothing held before each
// test (the database is shared by a file's cases).
import { afterEach, beforeEach } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { errorBody as err } from "@/tests/error-body";
import type { TestTokenName } from "@/tests/fixtures";
import type { ReservationOutcome, Reservation } from "@/lib/schemas/reservations";

export const bad = (message: string, details: string) =>
  err("Bad Request", "invalid_parameter", message, details);

export const hold = (numbers: unknown, token: TestTokenName = "acmeAll") =>
  api<{ data: ReservationOutcome }>("POST", "/reservations", { token, body: { numbers } });
export const holds = (token: TestTokenName = "acmeAll") =>
  get<{ data: Reservation[] }>("/reservations", { token });
export const release = (number: string, token: TestTokenName = "acmeAll") =>
  api<{ data: Reservation }>("DELETE", `/reservations/${encodeURIComponent(number)}`, { token });

export async function available(regionId: string, take: number, skip = 0): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.inventoryNumber.findMany({
    where: { regionId, status: "available" },
    orderBy: { numberE164: "asc" },
    take,
    skip,
  });
  return rows.map((row) => row.numberE164);
}

/** The requests' clock, stopped at `at` (the global Date is left alone: drivers time with it). */
export function stopClockAt(at: Date) {
  setRequestClock(() => at);
}

/** Before each test of the file, nothing held; after it, the requests' clock runs again. */
export function releaseAllBeforeEachTest(): void {
  beforeEach(async () => {
    const prisma = await getPrisma();
    await prisma.numberHold.deleteMany();
  });

  afterEach(() => {
    setRequestClock(undefined);
  });
}
