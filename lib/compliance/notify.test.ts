import { describe, expect, it } from "vitest";
import {
  bundleApprovedMessage,
  bundleRejectedMessage,
  documentsDueMessage,
  type NamedBundle,
} from "@/lib/compliance/notify";

// The compliance emails name things as the portal does: the bundle by its country, type and
// end user, a document by its type and file, a deadline as a day and time, never an id.

const to = { email: "ada@acme.example", name: "Ada" };
const bundle: NamedBundle = {
  countryId: "DE",
  numberTypeId: "local",
  endUserName: "Ada Lovelace",
  documentLabels: new Map([
    ["doc_1", "Proof of address (proof.pdf)"],
    ["doc_2", "Address in the area (local.pdf)"],
  ]),
};

describe("compliance emails", () => {
  it("names the approved bundle as the portal does", () => {
    const message = bundleApprovedMessage(to, bundle, ["+493012345678"]);
    expect(message.subject).toBe("Your DE Local bundle of Ada Lovelace is approved");
    expect(message.text).toContain("Our team approved your DE Local bundle of Ada Lovelace.");
    expect(message.text).toContain("1 number is now active and routing calls: +493012345678.");
    expect(message.text).not.toMatch(/bnd_|doc_/);
  });

  it("names each noted document by its type and file", () => {
    const message = bundleRejectedMessage(to, bundle, "The proof of address is too old.", [
      { document_id: "doc_1", note: "Dated January." },
      { document_id: "doc_gone", note: "Unreadable." },
    ]);
    expect(message.subject).toBe("Your DE Local bundle of Ada Lovelace needs changes");
    expect(message.text).toContain("Reason: The proof of address is too old.");
    expect(message.text).toContain("- Proof of address (proof.pdf): Dated January.");
    expect(message.text).toContain("- A document of the bundle: Unreadable.");
    expect(message.text).not.toMatch(/bnd_|doc_/);
  });

  it("says each number's release as a day and time, the earliest in the subject", () => {
    const message = documentsDueMessage(to, [
      { number: "+493012345678", documentsDue: new Date("2026-12-12T10:30:00Z") },
      { number: "+493012345679", documentsDue: new Date("2026-12-11T09:05:00Z") },
    ]);
    expect(message.subject).toBe("Documents due by 11 Dec 2026, 09:05 UTC or 2 numbers are released");
    expect(message.text).toContain("- +493012345678: released on 12 Dec 2026, 10:30 UTC");
    expect(message.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
