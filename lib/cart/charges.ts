import "server-only";
import type { z } from "zod";
import { formatMinor, toMinor } from "@/lib/billing/money";
import { proratedMinor } from "@/lib/billing/proration";
import { formatAmount } from "@/lib/products/money";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CartLineOut } from "@/lib/schemas/cart";
import type { orderChargesSchema } from "@/lib/schemas/orders";

// What checking the cart out now would charge, per currency: the setup fees and the rest of this
// month now, the monthly fees from the 1st of next month. The rest of the month is the database's
// billing_prorated (the sale charges through it too), asked once per distinct monthly fee.

type OrderCharges = z.output<typeof orderChargesSchema>;
type Fees = { currency: string; setup_fee: string; monthly_fee: string };

/** Named numbers that cannot be bought now: checkout waits until they leave the cart. */
const unbuyable = new Set(["sold", "held_by_another", "not_in_inventory"]);

/**
 * The charges of the cart's lines at `now`, leaving out named numbers that cannot be bought. A
 * named number without a product is bought under its region's cheapest (what POST /order picks,
 * and what the cart page sends): its fees are that product's.
 */
export async function cartCharges(
  prisma: PrismaClient,
  lines: readonly CartLineOut[],
  now: Date,
): Promise<OrderCharges[]> {
  const cheapest = await cheapestProducts(
    prisma,
    lines.filter((line) => line.kind === "number" && line.product === null),
  );
  const prorated = new Map<bigint, bigint>();
  const totals = new Map<string, { setup: bigint; prorated: bigint; monthly: bigint }>();
  for (const line of lines) {
    if (line.hold && unbuyable.has(line.hold.state)) continue;
    const product: Fees | undefined = line.product ?? cheapest.get(geographyKey(line));
    if (!product) continue;
    const monthly = toMinor(product.monthly_fee);
    if (!prorated.has(monthly)) prorated.set(monthly, await proratedMinor(prisma, monthly, now));
    const total = totals.get(product.currency) ?? { setup: 0n, prorated: 0n, monthly: 0n };
    const count = BigInt(line.quantity);
    total.setup += toMinor(product.setup_fee) * count;
    total.prorated += (prorated.get(monthly) ?? 0n) * count;
    total.monthly += monthly * count;
    totals.set(product.currency, total);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => ({
      currency,
      setup_fees: formatMinor(total.setup),
      prorated_fees: formatMinor(total.prorated),
      total_now: formatMinor(total.setup + total.prorated),
      monthly: formatMinor(total.monthly),
    }));
}

const geographyKey = (line: { country: string; number_type: string; region: string }) =>
  `${line.country}/${line.number_type}/${line.region}`;

/** Per country, type and region of `lines`: the lowest monthly fee, then setup fee, then id. */
async function cheapestProducts(
  prisma: PrismaClient,
  lines: readonly CartLineOut[],
): Promise<Map<string, Fees>> {
  if (lines.length === 0) return new Map();
  const wanted = new Set(lines.map(geographyKey));
  const products = await prisma.product.findMany({
    where: { regionId: { in: [...new Set(lines.map((line) => line.region))] } },
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
    select: {
      countryId: true,
      numberTypeId: true,
      regionId: true,
      currency: true,
      setupFee: true,
      monthlyFee: true,
    },
  });
  const cheapest = new Map<string, Fees>();
  for (const product of products) {
    const key = geographyKey({
      country: product.countryId,
      number_type: product.numberTypeId,
      region: product.regionId,
    });
    if (wanted.has(key) && !cheapest.has(key))
      cheapest.set(key, {
        currency: product.currency,
        setup_fee: formatAmount(product.setupFee, 2),
        monthly_fee: formatAmount(product.monthlyFee, 2),
      });
  }
  return cheapest;
}
