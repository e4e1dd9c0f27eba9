import "server-only";
import { getPrisma } from "@/lib/db/client";
import { assertCountrySellsType, getReferenceData } from "@/lib/reference/lookups";

// What a country's numbers of one type need before they may be used (docs/CONTRACT.md §17): per
// region, the document types its products require of every number and the ones only some of
// its numbers require (carriers ask for an address on file for some ranges they port in). A
// number ported in needs its destination product's documents (prisma/functions/number_documents.sql),
// and that product is one of a region's: they are among that region's `every_number` ones.

/** Document types whose address must lie in the number's country. */
export const ADDRESS_DOCUMENT_TYPES: ReadonlySet<string> = new Set(["proof_of_address", "local_address"]);

type RegionRequirement = {
  region_id: string;
  region_name: string;
  document_types: { id: string; name: string; applies_to: "every_number" | "some_numbers" }[];
  address_in_country: boolean;
};

export type Requirements = { country: string; number_type: string; regions: RegionRequirement[] };

type Row = { id: string; name: string; product_documents: string[]; number_documents: string[] };

export async function getRequirements(countryId: string, numberType: string): Promise<Requirements> {
  await assertCountrySellsType(countryId, numberType);
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT r.id, r.name,
      ARRAY(SELECT DISTINCT pd.document_type_id FROM product_document pd
            JOIN product p ON p.id = pd.product_id WHERE p.region_id = r.id
            ORDER BY 1) AS product_documents,
      ARRAY(SELECT DISTINCT d FROM inventory_number n, unnest(n.required_document_ids) AS d
            WHERE n.region_id = r.id ORDER BY 1) AS number_documents
    FROM region r
    WHERE r.country_id = ${countryId} AND r.number_type_id = ${numberType}
    ORDER BY r.name, r.id`;
  const names = new Map((await getReferenceData()).documentTypes.map((type) => [type.id, type.name]));
  return {
    country: countryId,
    number_type: numberType,
    regions: rows.map((row) => {
      const every = new Set(row.product_documents);
      const ids = [...new Set([...row.product_documents, ...row.number_documents])].sort();
      return {
        region_id: row.id,
        region_name: row.name,
        document_types: ids.map((id) => ({
          id,
          name: names.get(id) ?? id,
          applies_to: every.has(id) ? ("every_number" as const) : ("some_numbers" as const),
        })),
        address_in_country: ids.some((id) => ADDRESS_DOCUMENT_TYPES.has(id)),
      };
    }),
  };
}
