import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import type { CartLineInput } from "@/lib/schemas/cart";

// What PUT /cart checks beyond its schema, before anything changes: a named number is in
// inventory, a geography's region is of its country and type, a product sells the line's region,
// and no line repeats another (the same number, or the same geography and product).

export type CheckedLine = {
  numberE164: string | null;
  country: string;
  numberType: string;
  region: string;
  productId: number | null;
  quantity: number;
};

const at = (position: number, field: string, value: unknown) =>
  `body.lines.${position}.${field}=${String(value)}`;

export async function validateCartLines(lines: CartLineInput[]): Promise<CheckedLine[]> {
  const prisma = await getPrisma();
  const numbers = lines.flatMap((line) => (line.kind === "number" ? [line.number_e164] : []));
  const [stock, regions, products] = await Promise.all([
    prisma.inventoryNumber.findMany({
      where: { numberE164: { in: numbers } },
      select: { numberE164: true, countryId: true, numberTypeId: true, regionId: true },
    }),
    prisma.region.findMany({
      where: { id: { in: lines.flatMap((line) => (line.kind === "geography" ? [line.region] : [])) } },
    }),
    prisma.product.findMany({
      where: { id: { in: lines.flatMap((line) => (line.product_id == null ? [] : [line.product_id])) } },
      select: { id: true, regionId: true },
    }),
  ]);
  const stockOf = new Map(stock.map((row) => [row.numberE164, row]));
  const regionOf = new Map(regions.map((region) => [region.id, region]));
  const productRegion = new Map(products.map((product) => [product.id, product.regionId]));

  const missing = numbers.filter((number) => !stockOf.has(number));
  if (missing.length > 0)
    throw new ApiError(
      "number_unavailable",
      `${missing.length === 1 ? "This number is" : "These numbers are"} not in inventory: ${missing.join(", ")}.`,
      `number_e164=${missing.join(",")}`,
    );

  const seen = new Set<string>();
  return lines.map((line, position): CheckedLine => {
    const checked =
      line.kind === "number"
        ? namedLine(line, stockOf.get(line.number_e164)!)
        : geographyLine(line, position);
    const key = `${checked.numberE164 ?? ""}/${checked.region}/${checked.numberE164 ? "" : checked.productId}`;
    if (seen.has(key)) {
      const field = line.kind === "number" ? "number_e164" : "region";
      throw new ApiError(
        "invalid_parameter",
        `lines.${position} repeats an earlier line: change that line's quantity or product instead`,
        at(position, field, line.kind === "number" ? line.number_e164 : line.region),
      );
    }
    seen.add(key);
    if (line.product_id != null) {
      const region = productRegion.get(line.product_id);
      if (region === undefined)
        throw new ApiError(
          "product_not_found",
          `No product has id ${line.product_id}.`,
          at(position, "product_id", line.product_id),
        );
      if (region !== checked.region)
        throw new ApiError(
          "inconsistent_order",
          `Product ${line.product_id} does not sell numbers in region ${checked.region}.`,
          `${at(position, "product_id", line.product_id)},${line.kind === "number" ? at(position, "number_e164", line.number_e164) : at(position, "region", line.region)}`,
        );
    }
    return checked;
  });

  function geographyLine(line: Extract<CartLineInput, { kind: "geography" }>, position: number): CheckedLine {
    const region = regionOf.get(line.region);
    if (!region || region.countryId !== line.country || region.numberTypeId !== line.number_type)
      throw new ApiError(
        "unknown_region",
        `${line.region} is not a ${line.number_type} region of ${line.country}.`,
        at(position, "region", line.region),
      );
    return {
      numberE164: null,
      country: line.country,
      numberType: line.number_type,
      region: line.region,
      productId: line.product_id,
      quantity: line.quantity,
    };
  }
}

function namedLine(
  line: Extract<CartLineInput, { kind: "number" }>,
  stock: { countryId: string; numberTypeId: string; regionId: string },
): CheckedLine {
  return {
    numberE164: line.number_e164,
    country: stock.countryId,
    numberType: stock.numberTypeId,
    region: stock.regionId,
    productId: line.product_id ?? null,
    quantity: 1,
  };
}
