import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import type { Product } from "@/lib/generated/prisma/client";

/** Where an item's numbers come from; regionId null means any region of the country and type. */
export type ItemGeography = { countryId: string; numberTypeId: string; regionId: string | null };

/**
 * How a conflict is reported: the item's position, and `describe`, which gives the request
 * entries (`items.0.region=…`) behind the named geography fields, or behind all of them when
 * given none: the number for a named number; country, number_type, region for a geography.
 */
export type ItemContext = { position: number; describe: (fields: Array<keyof ItemGeography>) => string[] };

/**
 * The product an item is bought under. A given product_id must sell exactly this geography
 * (contract §7: a toll-free product on a local number is inconsistent). Without one, the
 * cheapest by monthly fee, then setup fee, then id; without a region, any region's product.
 */
export async function pickProduct(
  productId: number | undefined,
  geography: ItemGeography,
  item: ItemContext,
): Promise<Product> {
  const prisma = await getPrisma();
  const field = `items.${item.position}`;
  if (productId === undefined) {
    const cheapest = await prisma.product.findFirst({
      where: {
        countryId: geography.countryId,
        numberTypeId: geography.numberTypeId,
        regionId: geography.regionId ?? undefined,
      },
      orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
    });
    if (cheapest) return cheapest;
    const where = geography.regionId ? `region ${geography.regionId}` : geography.countryId;
    throw new ApiError(
      "product_not_found",
      `No product sells ${geography.numberTypeId} numbers in ${where}.`,
      item.describe([]).join(", "),
    );
  }

  const product = await prisma.product.findUnique({ where: { id: productId } });
  if (!product)
    throw new ApiError(
      "product_not_found",
      `Product ${productId} does not exist.`,
      `${field}.product_id=${productId}`,
    );
  const mismatched: Array<keyof ItemGeography> = [];
  if (product.countryId !== geography.countryId) mismatched.push("countryId");
  if (product.numberTypeId !== geography.numberTypeId) mismatched.push("numberTypeId");
  if (geography.regionId !== null && product.regionId !== geography.regionId) mismatched.push("regionId");
  if (mismatched.length === 0) return product;

  const fields = [`${field}.product_id=${productId}`, ...item.describe(mismatched)];
  throw new ApiError(
    "inconsistent_order",
    `${field}: product ${productId} sells ${product.countryId} ${product.numberTypeId} numbers in ${product.regionId}, ` +
      `which does not match ${fields.map((entry) => entry.split("=")[0]).join(", ")}.`,
    fields.join(", "),
  );
}
