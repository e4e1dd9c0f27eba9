import { describe, expect, it } from "vitest";
import {
  bundleStatusWords,
  checklist,
  documentLabel,
  documentsStep,
  numberCountry,
  requiredDocumentTypes,
  reviewExpiry,
} from "@/components/compliance/compliance-words";

const names = new Map([
  ["local_address", "Address in the area"],
  ["proof_of_address", "Proof of address"],
]);

describe("a bundle's state in words", () => {
  it.each([
    [{ status: "draft", valid_until: null }, "Draft", ""],
    [{ status: "pending_review", valid_until: null }, "Waiting for review", "accent"],
    [{ status: "approved", valid_until: "2030-01-31" }, "Approved until 31 Jan 2030", "success"],
    [{ status: "approved", valid_until: null }, "Approved", "success"],
    [{ status: "rejected", valid_until: null }, "Rejected", "danger"],
    [{ status: "expired", valid_until: "2026-01-01" }, "Expired", "warning"],
  ] as const)("%j → %s", (bundle, label, tone) => {
    expect(bundleStatusWords(bundle)).toEqual({ label, tone });
  });
});

describe("the checklist", () => {
  it("lists every required type, met or with the evaluation's reasons, then failures of no listed type", () => {
    expect(
      checklist(
        ["local_address", "proof_of_address"],
        [
          { requirement: "proof_of_address", reason: "No Proof of address is in the bundle." },
          { requirement: "address", reason: "The address is in FR; it must be in DE." },
        ],
        names,
      ),
    ).toEqual([
      { requirement: "local_address", label: "Address in the area", met: true, rejected: false, reasons: [] },
      {
        requirement: "proof_of_address",
        label: "Proof of address",
        met: false,
        rejected: false,
        reasons: ["No Proof of address is in the bundle."],
      },
      {
        requirement: "address",
        label: "address",
        met: false,
        rejected: false,
        reasons: ["The address is in FR; it must be in DE."],
      },
    ]);
  });

  it("keeps every reason of one type (two expired documents)", () => {
    const items = checklist(
      ["proof_of_address"],
      [
        { requirement: "proof_of_address", reason: "Proof of address doc_a expired on 2026-01-01." },
        { requirement: "proof_of_address", reason: "Proof of address doc_b expired on 2026-02-01." },
      ],
      names,
    );
    expect(items).toHaveLength(1);
    expect(items[0].reasons).toHaveLength(2);
    expect(items[0].met).toBe(false);
  });

  it("marks what a rejected bundle's review refused, never as met, with the reviewer's note", () => {
    const items = checklist(["local_address", "proof_of_address"], [], names, {
      notes: [{ document_type_id: "proof_of_address", note: "Older than three months." }],
    });
    expect(items).toEqual([
      { requirement: "local_address", label: "Address in the area", met: true, rejected: false, reasons: [] },
      {
        requirement: "proof_of_address",
        label: "Proof of address",
        met: false,
        rejected: true,
        reasons: ["Older than three months."],
      },
    ]);
  });

  it("marks every item of a bundle rejected without a note on any document", () => {
    const items = checklist(["local_address", "proof_of_address"], [], names, { notes: [] });
    expect(items.map((item) => [item.met, item.rejected])).toEqual([
      [false, true],
      [false, true],
    ]);
  });

  it("counts every type some region requires, once, as the API's evaluation does", () => {
    expect(
      requiredDocumentTypes({
        regions: [
          { document_types: [{ id: "proof_of_address" }, { id: "local_address" }] },
          { document_types: [{ id: "local_address" }] },
          { document_types: [] },
        ],
      }),
    ).toEqual(["local_address", "proof_of_address"]);
  });

  it("names a document by its type and file, or its id without a file name", () => {
    expect(
      documentLabel(names, {
        document_type_id: "local_address",
        file_name: "scan.pdf",
        document_id: "doc_1",
      }),
    ).toBe("Address in the area (scan.pdf)");
    expect(documentLabel(names, { document_type_id: "other", file_name: null, document_id: "doc_1" })).toBe(
      "other (doc_1)",
    );
  });
});

describe("the step a number waiting for documents is at", () => {
  const bundle = (
    status: "draft" | "pending_review" | "approved" | "rejected" | "expired",
    updated_at: string,
    extra: { country?: string; reason?: string } = {},
  ) => ({
    bundle_id: `bnd_${status}_${updated_at}`,
    country: extra.country ?? "DE",
    number_type: "local",
    status,
    updated_at,
    rejection: extra.reason ? { reason: extra.reason, notes: [] } : null,
  });

  it("asks to hand the documents in while no bundle of the country and type is open", () => {
    expect(
      documentsStep(
        [bundle("approved", "2026-11-01"), bundle("draft", "2026-11-02", { country: "FR" })],
        "DE",
        "local",
      ),
    ).toEqual({ state: "hand_in", label: "Hand them in", tone: "warning", bundleId: null });
  });

  it("says In review while one waits for review, whatever else there is", () => {
    expect(
      documentsStep(
        [bundle("rejected", "2026-11-03", { reason: "Blurred." }), bundle("pending_review", "2026-11-01")],
        "DE",
        "local",
      ),
    ).toMatchObject({ state: "in_review", label: "In review", bundleId: "bnd_pending_review_2026-11-01" });
  });

  it("says the latest rejection's reason, or the draft, whichever changed last", () => {
    const rejected = bundle("rejected", "2026-11-03", { reason: "The proof of address is too old." });
    const draft = bundle("draft", "2026-11-02");
    expect(documentsStep([draft, rejected], "DE", "local")).toMatchObject({
      state: "rejected",
      label: "Rejected: The proof of address is too old.",
      tone: "danger",
    });
    expect(documentsStep([{ ...draft, updated_at: "2026-11-04" }, rejected], "DE", "local")).toMatchObject({
      state: "draft",
      label: "Draft: finish and submit it",
    });
  });
});

describe("the words beside a document under review, and a number's country", () => {
  it("says whether the document has expired on the day of the review", () => {
    const now = new Date("2026-11-28T09:00:00Z");
    expect(reviewExpiry(null, now)).toBe("Does not expire");
    expect(reviewExpiry("2030-01-31", now)).toBe("Expires 31 Jan 2030");
    expect(reviewExpiry("2026-11-27", now)).toBe("Expired on 27 Nov 2026");
  });

  it("reads the country from the region a number was bought in", () => {
    expect(numberCountry({ region: { id: "DE-BE-BERLIN-30" } })).toBe("DE");
    expect(numberCountry({ region: null })).toBeNull();
    expect(numberCountry({ region: { id: "odd" } })).toBeNull();
  });
});
