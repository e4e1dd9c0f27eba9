import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { formatAmount } from "@/lib/products/money";
import { holdNumbers, releaseHold } from "@/lib/reservations/hold-numbers";
import { isLive } from "@/lib/reservations/expiry";
import { validateCartLines, type CheckedLine } from "@/lib/cart/validate-lines";
import { documentsDueFor } from "@/lib/compliance/activation";
import { coveringBundle, loadCoveringBundles } from "@/lib/coverage/coverage";
import { cartCharges } from "@/lib/cart/charges";
import type { Principal } from "@/lib/auth/types";
import type { CartLineOut, HoldState, PutCartRequest, ServerCart } from "@/lib/schemas/cart";

// The cart kept on the server for each signed-in person (docs/CONTRACT.md §12). Its lines are rows of
// cart_line; a named number's hold is number_hold's, so the cart answers whatever the hold
// says now (held, ended, sold, held by another organization) without a job keeping it true.

export type CartOwner = { organizationId: string; userId: string };

/** 401 unless the caller is a person with a portal session: an API token has no cart. */
export function requireCartOwner(principal: Principal | null): CartOwner {
  if (principal?.kind !== "session" || principal.userId === null) {
    throw new ApiError(
      "unauthorized",
      "The cart belongs to a person signed in to the portal; an API token has no cart.",
      principal ? `principal=${principal.kind}` : "cookie=(no session)",
    );
  }
  return { organizationId: principal.organizationId, userId: principal.userId };
}

/** The person's cart, each named number with the state of its hold at `now`. */
export async function readCart(owner: CartOwner, now: Date): Promise<ServerCart> {
  const prisma = await getPrisma();
  const rows = await prisma.cartLine.findMany({
    where: { userId: owner.userId },
    orderBy: { position: "asc" },
  });
  const numbers = rows.flatMap((row) => (row.numberE164 ? [row.numberE164] : []));
  const productIds = rows.flatMap((row) => (row.productId === null ? [] : [row.productId]));
  const [regions, products, stock, holds] = await Promise.all([
    prisma.region.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.region))] } } }),
    prisma.product.findMany({
      where: { id: { in: productIds } },
      include: { requiredDocuments: { select: { documentTypeId: true } } },
    }),
    prisma.inventoryNumber.findMany({
      where: { numberE164: { in: numbers } },
      select: { numberE164: true, status: true, requiredDocumentIds: true },
    }),
    prisma.numberHold.findMany({ where: { numberE164: { in: numbers } } }),
  ]);
  const documentsOf = await documentsNeeded(prisma, owner.organizationId, now);
  const requiredOf = new Map(stock.map((row) => [row.numberE164, row.requiredDocumentIds]));
  const regionName = new Map(regions.map((region) => [region.id, region.name]));
  const productOf = new Map(products.map((product) => [product.id, product]));
  const statusOf = new Map(stock.map((row) => [row.numberE164, row.status]));
  const holdOf = new Map(holds.map((hold) => [hold.numberE164, hold]));

  const lines = rows.map((row): CartLineOut => {
    const product = row.productId === null ? undefined : productOf.get(row.productId);
    const base = {
      country: row.country,
      number_type: row.numberType,
      region: row.region,
      region_name: regionName.get(row.region) ?? row.region,
      product: product
        ? {
            id: String(product.id),
            name: product.name,
            currency: product.currency,
            monthly_fee: formatAmount(product.monthlyFee, 2),
            setup_fee: formatAmount(product.setupFee, 2),
            estimated_lead_time: product.estimatedLeadTime,
          }
        : null,
      quantity: row.quantity,
      documents: documentsOf(
        row.country,
        row.numberType,
        row.numberE164 === null
          ? (product?.requiredDocuments.map((document) => document.documentTypeId) ?? [])
          : (requiredOf.get(row.numberE164) ?? []),
      ),
    };
    if (row.numberE164 === null) {
      return {
        ...base,
        key: `${row.country}/${row.numberType}/${row.region}/${row.productId}`,
        kind: "geography",
        number_e164: null,
        hold: null,
      };
    }
    const hold = holdOf.get(row.numberE164);
    const live = hold !== undefined && isLive(hold, now);
    let state: HoldState = "hold_ended";
    if (!statusOf.has(row.numberE164)) state = "not_in_inventory";
    else if (statusOf.get(row.numberE164) === "sold") state = "sold";
    else if (live && hold.organizationId !== owner.organizationId) state = "held_by_another";
    else if (live) state = "held";
    return {
      ...base,
      key: row.numberE164,
      kind: "number",
      number_e164: row.numberE164,
      hold: { state, held_until: state === "held" && hold ? hold.heldUntil.toISOString() : null },
    };
  });
  return { lines, charges: await cartCharges(prisma, lines, now) };
}

/**
 * What a line's numbers would wait for if bought now (docs/CONTRACT.md §17): the document types they
 * need when no approved bundle of the organization covers them, with the day they would be
 * released; null when they need none or a bundle covers them. A named number needs what its
 * inventory row lists; a geography line what its product requires of every number.
 */
async function documentsNeeded(
  prisma: Awaited<ReturnType<typeof getPrisma>>,
  organizationId: string,
  now: Date,
): Promise<(country: string, numberType: string, required: readonly string[]) => CartLineOut["documents"]> {
  const bundles = await loadCoveringBundles(prisma, organizationId, now);
  const due = documentsDueFor(now).toISOString();
  return (countryId, numberTypeId, required) =>
    required.length === 0 ||
    coveringBundle({ countryId, numberTypeId, requiredDocumentIds: required }, bundles) !== null
      ? null
      : { document_type_ids: [...new Set(required)].sort(), due_if_bought_now: due };
}

/**
 * Replaces the person's cart with `request.lines`. Bad lines are refused before anything
 * changes. A named number new to the cart is held for the organization (one that cannot be
 * held stays in the cart, marked); a named number left out is released.
 */
export async function replaceCart(owner: CartOwner, request: PutCartRequest, now: Date): Promise<ServerCart> {
  const checked = await validateCartLines(request.lines);
  const prisma = await getPrisma();
  const before = await prisma.cartLine.findMany({
    where: { userId: owner.userId },
    select: { numberE164: true },
  });
  const had = new Set(before.flatMap((row) => (row.numberE164 ? [row.numberE164] : [])));
  const wanted = new Set(checked.flatMap((line) => (line.numberE164 ? [line.numberE164] : [])));

  await prisma.$transaction([
    prisma.cartLine.deleteMany({ where: { userId: owner.userId } }),
    prisma.cartLine.createMany({ data: checked.map((line, position) => toRow(owner, line, position)) }),
  ]);
  await holdQuietly(
    owner,
    [...wanted].filter((number) => !had.has(number)),
    now,
  );
  await releaseQuietly(
    owner,
    [...had].filter((number) => !wanted.has(number)),
    now,
  );
  return readCart(owner, now);
}

/** Holds every named number of the cart again for RESERVATION_MINUTES from now. */
export async function renewCart(owner: CartOwner, now: Date): Promise<ServerCart> {
  const prisma = await getPrisma();
  const rows = await prisma.cartLine.findMany({
    where: { userId: owner.userId },
    select: { numberE164: true },
  });
  await holdQuietly(
    owner,
    rows.flatMap((row) => (row.numberE164 ? [row.numberE164] : [])),
    now,
  );
  return readCart(owner, now);
}

/**
 * Holds one named number of the cart again for RESERVATION_MINUTES from now; the cart's other
 * holds keep their own time. A number that is not a line of the person's cart is 404: renewing
 * would otherwise hold a number nobody chose to buy.
 */
export async function renewCartLine(owner: CartOwner, numberE164: string, now: Date): Promise<ServerCart> {
  const prisma = await getPrisma();
  const line = await prisma.cartLine.findFirst({
    where: { userId: owner.userId, numberE164 },
    select: { numberE164: true },
  });
  if (!line)
    throw new ApiError(
      "not_found",
      `${numberE164} is not in your cart; add it to the cart to hold it.`,
      `path.number_e164=${numberE164}`,
    );
  await holdQuietly(owner, [numberE164], now);
  return readCart(owner, now);
}

/** Empties the cart and releases its holds. */
export async function clearCart(owner: CartOwner, now: Date): Promise<ServerCart> {
  const prisma = await getPrisma();
  const rows = await prisma.cartLine.findMany({
    where: { userId: owner.userId },
    select: { numberE164: true },
  });
  await prisma.cartLine.deleteMany({ where: { userId: owner.userId } });
  await releaseQuietly(
    owner,
    rows.flatMap((row) => (row.numberE164 ? [row.numberE164] : [])),
    now,
  );
  return { lines: [], charges: [] };
}

function toRow(owner: CartOwner, line: CheckedLine, position: number) {
  return {
    userId: owner.userId,
    position,
    numberE164: line.numberE164,
    country: line.country,
    numberType: line.numberType,
    region: line.region,
    productId: line.productId,
    quantity: line.quantity,
  };
}

// A number that cannot be held (sold, held by another) stays in the cart: its line says why.
async function holdQuietly(owner: CartOwner, numbers: string[], now: Date): Promise<void> {
  if (numbers.length === 0) return;
  try {
    await holdNumbers(owner, numbers, now);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "number_unavailable")) throw error;
  }
}

// A number the organization no longer holds (ended, bought, never held) has nothing to release.
// The hold is the organization's: while a colleague's cart still has the number, it stays held.
async function releaseQuietly(owner: CartOwner, numbers: string[], now: Date): Promise<void> {
  if (numbers.length === 0) return;
  const prisma = await getPrisma();
  const inColleaguesCarts = await prisma.cartLine.findMany({
    where: {
      numberE164: { in: numbers },
      userId: { not: owner.userId },
      user: { organizationId: owner.organizationId },
    },
    select: { numberE164: true },
  });
  const keep = new Set(inColleaguesCarts.map((row) => row.numberE164));
  for (const number of numbers.filter((candidate) => !keep.has(candidate))) {
    try {
      await releaseHold(owner.organizationId, number, now);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "not_found")) throw error;
    }
  }
}
