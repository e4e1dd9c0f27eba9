import { formatDate } from "@/components/ui/format";
import type { BundleView } from "@/lib/schemas/compliance-bundles";

// How the compliance pages say a bundle's state and a document's kind to people (docs/CONTRACT.md §17:
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

/** One line of a bundle's checklist: met (green), missing, or rejected by the review. */
export type ChecklistItem = {
  requirement: string;
  label: string;
  met: boolean;
  /** The review rejected the bundle's document of this type: never shown as met. */
  rejected: boolean;
  reasons: string[];
};

/**
 * The checklist of a bundle: each document type its numbers require, met or not with the
 * evaluation's reason, and any other failure (an address) after them. `rejection` (a rejected
 * bundle's, with each noted document's type) marks what the review refused: the noted
 * documents' types, or every type when the reviewer noted no document, since nothing of a
 * refused bundle may read as approved.
 */
export function checklist(
  required: readonly string[],
  failures: readonly { requirement: string; reason: string }[],
  names: ReadonlyMap<string, string>,
  rejection: { notes: readonly { document_type_id: string | null; note: string }[] } | null = null,
): ChecklistItem[] {
  const refused = (requirement: string) =>
    rejection !== null &&
    (rejection.notes.length === 0 || rejection.notes.some((note) => note.document_type_id === requirement));
  const items = required.map((requirement): ChecklistItem => {
    const reasons = failures.filter((failure) => failure.requirement === requirement).map((f) => f.reason);
    const notes = (rejection?.notes ?? [])
      .filter((note) => note.document_type_id === requirement)
      .map((note) => note.note);
    const rejected = reasons.length === 0 && refused(requirement);
    return {
      requirement,
      label: documentTypeName(names, requirement),
      met: reasons.length === 0 && !rejected,
      rejected,
      reasons: [...reasons, ...notes],
    };
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
        rejected: false,
        reasons: [failure.reason],
      });
  }
  return items;
}

/** A bundle of the organization, as far as a waiting number's next step goes. */
type StepBundle = Pick<
  BundleView,
  "bundle_id" | "country" | "number_type" | "status" | "rejection" | "updated_at"
>;

/** Where a number waiting for documents stands, in words, and the step that finishes it. */
export type DocumentsStep = {
  state: "hand_in" | "draft" | "in_review" | "rejected";
  label: string;
  tone: Tone;
  /** The bundle it depends on, when there is one. */
  bundleId: string | null;
};

/**
 * The step a number of `country` and `numberType` waits on, from the organization's bundles:
 * one in review wins (nothing to do but wait), else the latest changed draft or rejected one
 * (finish it, or fix what the review said), else none yet ("hand them in").
 */
export function documentsStep(
  bundles: readonly StepBundle[],
  country: string,
  numberType: string,
): DocumentsStep {
  const mine = bundles.filter((bundle) => bundle.country === country && bundle.number_type === numberType);
  const inReview = mine.find((bundle) => bundle.status === "pending_review");
  if (inReview)
    return { state: "in_review", label: "In review", tone: "accent", bundleId: inReview.bundle_id };
  const open = mine
    .filter((bundle) => bundle.status === "draft" || bundle.status === "rejected")
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0))[0];
  if (open?.status === "rejected")
    return {
      state: "rejected",
      label: `Rejected: ${open.rejection?.reason ?? "see the bundle"}`,
      tone: "danger",
      bundleId: open.bundle_id,
    };
  if (open)
    return { state: "draft", label: "Draft: finish and submit it", tone: "", bundleId: open.bundle_id };
  return { state: "hand_in", label: "Hand them in", tone: "warning", bundleId: null };
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

/**
 * The ISO country of a bought number: a number's answer carries its calling code, not its
 * country, and a region id starts with its country ("DE-BE-BERLIN-30"). Null for an extension.
 */
export function numberCountry(number: { region: { id: string } | null }): string | null {
  const prefix = number.region?.id.split("-")[0] ?? "";
  return /^[A-Z]{2}$/.test(prefix) ? prefix : null;
}

/** A document's expiry as a reviewer needs it: "Expires 31 Jan 2030", "Expired on …", "Does not expire". */
export function reviewExpiry(expiresOn: string | null, now: Date): string {
  if (expiresOn === null) return "Does not expire";
  return expiresOn < now.toISOString().slice(0, 10)
    ? `Expired on ${formatDate(expiresOn)}`
    : `Expires ${formatDate(expiresOn)}`;
}
