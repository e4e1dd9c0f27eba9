// Shared by the cart*.test.ts files (the portal's cart through its routes): a portal session per
// demo user, the cart read and written with it, available London numbers and products, and the
// requests' clock, with carts and holds emptied before each test.
import { afterEach, beforeEach } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { sessionHeaders } from "@/tests/session";
import { demoUsers } from "@/prisma/seed/fixtures";
import type { ServerCart } from "@/lib/schemas/cart";

export const LONDON = "GB-ENG-LONDON-20";

type User = keyof typeof demoUsers;

/** A same-site request's headers from a demo user's portal session. */
export const session = (user: User, extra: Record<string, string> = {}) => sessionHeaders(user, extra);

export const readCart = async (user: User) =>
  get<{ data: ServerCart }>("/cart", { headers: await session(user) });
export const putCart = async (user: User, body: unknown) =>
  api<{ data: ServerCart }>("PUT", "/cart", { headers: await session(user), body });

export async function available(take: number): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.inventoryNumber.findMany({
    // Numbers needing no document: what a line would wait for is another test's subject.
    where: { regionId: LONDON, status: "available", requiredDocumentIds: { isEmpty: true } },
    orderBy: { numberE164: "asc" },
    take,
  });
  return rows.map((row) => row.numberE164);
}

export async function londonProducts() {
  const prisma = await getPrisma();
  return prisma.product.findMany({ where: { regionId: LONDON }, orderBy: { id: "asc" } });
}

/** The requests' clock, stopped at `at` (the global Date is left alone: drivers time with it). */
export const stopClockAt = (at: Date) => setRequestClock(() => at);

/** Before each test of the file, no cart line and no hold; after it, the requests' clock runs again. */
export function emptyCartsForEachTest(): void {
  beforeEach(async () => {
    const prisma = await getPrisma();
    await prisma.cartLine.deleteMany();
    await prisma.numberHold.deleteMany();
  });

  afterEach(() => {
    setRequestClock(undefined);
  });
}
