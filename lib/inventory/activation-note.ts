import { coveringBundle, type CoveringBundle } from "@/lib/coverage/coverage";
import type { DocumentTypesById } from "@/lib/inventory/documents";

// The words beside each number a search finds (docs/CONTRACT.md §17): whether it would be
// active as soon as bought, given the searcher's approved bundles, and if not, why.

/** docs/CONTRACT.md §17, per number: would it be active as soon as bought, and why, in words. */
export function describeActivation(
  row: { country_id: string; number_type_id: string; required_document_ids: string[] },
  bundles: readonly CoveringBundle[],
  documentTypes: DocumentTypesById,
): { activatable_now: boolean; covering_bundle_id: string | null; activation_note: string } {
  if (row.required_document_ids.length === 0)
    return {
      activatable_now: true,
      covering_bundle_id: null,
      activation_note: "Needs no documents: active as soon as it is bought.",
    };
  const needs = row.required_document_ids.map((id) => documentTypes.get(id)?.name ?? id).join(", ");
  const bundle = coveringBundle(
    {
      countryId: row.country_id,
      numberTypeId: row.number_type_id,
      requiredDocumentIds: row.required_document_ids,
    },
    bundles,
  );
  if (bundle)
    return {
      activatable_now: true,
      covering_bundle_id: bundle.id,
      activation_note: `Needs ${needs}; your approved bundle ${bundle.id} covers them: active as soon as it is bought.`,
    };
  const sameKind = bundles.filter((entry) => entry.numberTypeId === row.number_type_id);
  const missing = [
    ...new Set(
      row.required_document_ids.filter((id) => !sameKind.some((entry) => entry.documentTypeIds.includes(id))),
    ),
  ].map((id) => documentTypes.get(id)?.name ?? id);
  const why =
    sameKind.length === 0
      ? `no approved bundle of yours is for ${row.country_id} ${row.number_type_id.replaceAll("_", " ")} numbers`
      : missing.length > 0
        ? `your approved bundles lack ${missing.join(", ")}`
        : "no single approved bundle of yours has them all";
  return {
    activatable_now: false,
    covering_bundle_id: null,
    activation_note: `Needs ${needs}; ${why}: bought now, it would wait pending documents until a bundle that covers them is approved.`,
  };
}
