import { formatDate } from "@/components/ui/format";
import type { BundleView } from "@/lib/schemas/compliance";

// How the compliance pages say a bundle's state and a document's kind to people (contract §17:
// "states and rejection reasons in words"). Pure, so the words are tested without a page.

type Tone = "success" | "warning" | "danger" | "accent" | "";

/** "Draft", "Waiting for review", "Approved until 3 Mar 2027", "Rejected", "Expired". */
export function bundleStatusWords(bundle: Pick<BundleView, "status" | "valid_until">): {
  label: string;
  tone: Tone;
} {
  switch (bundle.status) {
    case "draft":
      return { label: "Draft", tone: "" };
    case "pending_review":
      return { label: "Waiting for review", tone: "accent" };
    case "approved":
      return {
        label: bundle.valid_until ? `Approved until ${formatDate(bundle.valid_until)}` : "Approved",
        tone: "success",
      };
    case "rejected":
      return { label: "Rejected", tone: "danger" };
    case "expired":
      return { label: "Expired", tone: "warning" };
  }
}

/** What the customer can do next with a bundle in this state. */
export function bundleNextStep(status: BundleView["status"]): string {
  switch (status) {
    case "draft":
      return "Choose the documents until every item of the checklist is met, then submit it for review.";
    case "pending_review":
      return "Our team is checking the documents. You will see the result here.";
    case "approved":
      return "Numbers of this country and type can be activated with this bundle.";
    case "rejected":
      return "Change the documents below (upload new ones first if needed): the bundle becomes a draft again, and you can submit it once more.";
    case "expired":
      return "A document of this bundle has expired. Create a new bundle with current documents.";
  }
}

/** The document type's name, or its id when the reference data does not know it. */
export function documentTypeName(names: ReadonlyMap<string, string>, id: string): string {
  return names.get(id) ?? id;
}

/** "Proof of address (scan.pdf)", naming a document in a list or a checkbox. */
export function documentLabel(
  names: ReadonlyMap<string, string>,
  document: { document_type_id: string; file_name: string | null; document_id: string },
): string {
  return `${documentTypeName(names, document.document_type_id)} (${document.file_name ?? document.document_id})`;
}

/**
 * The checklist of a bundle: each document type its numbers require, met or not with the
 * evaluation's reason, and any other failure (an address) after them.
 */
export function checklist(
  required: readonly string[],
  failures: readonly { requirement: string; reason: string }[],
  names: ReadonlyMap<string, string>,
): { requirement: string; label: string; met: boolean; reasons: string[] }[] {
  const items = required.map((requirement) => {
    const reasons = failures.filter((failure) => failure.requirement === requirement).map((f) => f.reason);
    return { requirement, label: documentTypeName(names, requirement), met: reasons.length === 0, reasons };
  });
  const others = failures.filter((failure) => !required.includes(failure.requirement));
  for (const failure of others) {
    const known = items.find((item) => item.requirement === failure.requirement);
    if (known) known.reasons.push(failure.reason);
    else
      items.push({
        requirement: failure.requirement,
        label: documentTypeName(names, failure.requirement),
        met: false,
        reasons: [failure.reason],
      });
  }
  return items;
}

/**
 * The document types a bundle for a country and type must hold, from GET /requirements: as
 * the API's evaluation counts them, every type some number there requires.
 */
export function requiredDocumentTypes(requirements: {
  regions: { document_types: { id: string }[] }[];
}): string[] {
  const found = new Set<string>();
  for (const region of requirements.regions) for (const type of region.document_types) found.add(type.id);
  return [...found].sort();
}

/** The choices of an "End user" select: each end user by name. */
export function endUserChoices(
  endUsers: readonly { end_user_id: string; name: string }[] | undefined,
): { value: string; label: string }[] {
  return (endUsers ?? []).map((endUser) => ({ value: endUser.end_user_id, label: endUser.name }));
}
