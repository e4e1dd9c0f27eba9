import { describe, expect, it } from "vitest";
import {
  bundleStatusWords,
  checklist,
  documentLabel,
  requiredDocumentTypes,
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
      { requirement: "local_address", label: "Address in the area", met: true, reasons: [] },
      {
        requirement: "proof_of_address",
        label: "Proof of address",
        met: false,
        reasons: ["No Proof of address is in the bundle."],
      },
      {
        requirement: "address",
        label: "address",
        met: false,
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
