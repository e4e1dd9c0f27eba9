import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type LoaInput, type LoaSigner, renderLoaPdf, renderSignedLoaPdf } from "@/lib/porting/loa-pdf";
import { pdfText } from "@/tests/pdf-text";

// The Letter of Authorization read back by pdf.js, as a reader would copy its text: the parties,
// the numbers, the words of the authorization and the signature block, unsigned and signed.

const numbers = (count: number) =>
  Array.from({ length: count }, (_, index) => `+1212555${String(1000 + index).padStart(4, "0")}`);

function sampleLoa(overrides: Partial<LoaInput> = {}): LoaInput {
  return {
    orderId: "po_0123456789abcdef",
    organizationName: "Acme Ltd",
    endUser: { type: "business", name: "Jane Doe", business_name: "Doe Plumbing LLC" },
    serviceAddress: {
      street: "350 Fifth Avenue",
      city: "New York",
      postal_code: "10118",
      region: "NY",
      country: "US",
    },
    losingCarrier: { name: "Old Telco Inc", accountNumber: "ACC-778899", authorizedPerson: "Jane Doe" },
    numbers: numbers(3),
    requestedFocDate: "2026-12-10",
    preparedAt: new Date("2026-11-30T09:15:00Z"),
    ...overrides,
  };
}

const signer: LoaSigner = {
  name: "Jane Doe",
  email: "jane@doeplumbing.example",
  signedAt: new Date("2026-12-01T14:03:22Z"),
  ipAddress: "203.0.113.7",
};

const textOf = async (pdf: Buffer) => (await pdfText(pdf)).join("\n");
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("renderLoaPdf", () => {
  it("writes the order, the parties, the carrier account, the date and the numbers", async () => {
    const text = await textOf(await renderLoaPdf(sampleLoa()));
    for (const words of [
      "Letter of Authorization",
      "Port order po_0123456789abcdef",
      "Prepared 30 Nov 2026",
      "Requested port date Thursday 10 Dec 2026, from 10:00 UTC",
      "Numbers 3",
      "Customer (end user)",
      "Name Jane Doe",
      "Company Doe Plumbing LLC",
      "Type Business",
      "Service address 350 Fifth Avenue\n10118 New York\nNY\nUS",
      "Current provider (losing carrier)",
      "Carrier Old Telco Inc",
      "Account number ACC-778899",
      "Authorized person Jane Doe",
      "Account PIN Given to the carrier separately; not printed in this letter.",
      "New provider \nOrganization Acme Ltd",
      "Telephone numbers (3)",
      "+12125551000 +12125551001 +12125551002",
    ])
      expect(text).toContain(words);
  });

  it("writes the authorization in the customer's and the carrier's names", async () => {
    const text = (await textOf(await renderLoaPdf(sampleLoa()))).replace(/\s+/g, " ");
    expect(text).toContain(
      "I, Jane Doe, am authorized to act for Doe Plumbing LLC (the customer) in respect of the telephone " +
        "numbers listed in this letter, which the customer holds with Old Telco Inc.",
    );
    expect(text).toContain(
      "I authorize Acme Ltd and the carriers it works with to act as the customer's agent to port these " +
        "numbers from Old Telco Inc, and I ask Old Telco Inc to release them on the requested date.",
    );
    expect(text).toContain("the customer remains responsible for any charges owed to Old Telco Inc.");
  });

  it("names an individual by their own name, with no company line", async () => {
    const text = await textOf(
      await renderLoaPdf(
        sampleLoa({ endUser: { type: "individual", name: "John Smith", business_name: null } }),
      ),
    );
    expect(text).toContain("Type Individual");
    expect(text).toContain("am authorized to act for John Smith (the customer)");
    expect(text).not.toContain("Company");
  });

  it("leaves the signature block to sign when unsigned", async () => {
    const text = await textOf(await renderLoaPdf(sampleLoa()));
    expect(text.replace(/\s+/g, " ")).toContain(
      "Signature of the authorized person By signing, Jane Doe gives the authorization above for the 3 " +
        "numbers listed in this letter. Not yet signed. Jane Doe signs electronically by reading this " +
        "letter through the link sent to them and typing their name. Signature Name Date",
    );
    expect(text).not.toContain("Signed by");
    expect(text).not.toContain("SHA-256");
  });

  it("never prints the account PIN, even when the object passed in carries one", async () => {
    const withPin = { ...sampleLoa(), pin: "864209" };
    const carrier = { ...withPin.losingCarrier, pin: "864209" };
    const text = await textOf(await renderLoaPdf({ ...withPin, losingCarrier: carrier }));
    expect(text).not.toContain("864209");
  });

  it("writes names and addresses in Japanese, Greek and Polish", async () => {
    const text = await textOf(
      await renderLoaPdf(
        sampleLoa({
          endUser: { type: "business", name: "Γιώργος Παπαδόπουλος", business_name: "株式会社アクメ" },
          serviceAddress: {
            street: "ul. Łódzka 5",
            city: "Łódź",
            postal_code: "90-001",
            region: null,
            country: "PL",
          },
          losingCarrier: {
            name: "Старый Телеком",
            accountNumber: "Ł-12",
            authorizedPerson: "Γιώργος Παπαδόπουλος",
          },
        }),
      ),
    );
    for (const words of [
      "Name Γιώργος Παπαδόπουλος",
      "Company 株式会社アクメ",
      "Service address ul. Łódzka 5\n90-001 Łódź\nPL",
      "Carrier Старый Телеком",
      "Account number Ł-12",
    ])
      expect(text).toContain(words);
    expect(text.replace(/\s+/g, " ")).toContain("am authorized to act for 株式会社アクメ (the customer)");
  });

  it("puts 500 numbers on numbered pages, each number once, the heading repeated", async () => {
    const many = numbers(500);
    const pages = await pdfText(await renderLoaPdf(sampleLoa({ numbers: many })));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const all = pages.join("\n");
    for (const number of many) expect(all.split(number)).toHaveLength(2);
    expect(pages[0]).toContain("Telephone numbers (500)");
    pages.forEach((page, index) => {
      expect(page).toContain(
        `Letter of Authorization · port order po_0123456789abcdef · page ${index + 1} of ${pages.length}`,
      );
      if (index > 0 && index < pages.length - 1) expect(page).toContain("Telephone numbers (500), continued");
    });
    expect(pages.at(-1)).toContain("Signature of the authorized person");
    expect(pages.at(-1)).toContain(
      "gives the authorization above for the 500 numbers listed in this letter.",
    );
  });

  it("gives the same bytes for the same input, dated by the input", async () => {
    const input = sampleLoa({ numbers: numbers(40) });
    const first = await renderLoaPdf(input);
    const second = await renderLoaPdf(structuredClone(input));
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe("%PDF-");
    expect(first.toString("latin1").match(/\(D:\d{14}Z\)/g)).toEqual([
      "(D:20261130091500Z)",
      "(D:20261130091500Z)",
    ]);
    // Any change to the order is a different letter, so a signature names the one it read.
    const changed = await renderLoaPdf({ ...input, requestedFocDate: "2026-12-11" });
    expect(sha256(changed)).not.toBe(sha256(first));
  });
});

describe("renderSignedLoaPdf", () => {
  it("fills the signature block: typed name, time, email, address and the unsigned letter's SHA-256", async () => {
    const input = sampleLoa();
    const unsigned = await renderLoaPdf(input);
    const signed = await renderSignedLoaPdf(input, signer);
    expect(signed.unsignedSha256).toBe(sha256(unsigned));
    expect(signed.sha256).toBe(sha256(signed.pdf));
    const text = await textOf(signed.pdf);
    for (const words of [
      "Signature of the authorized person",
      "By signing, Jane Doe gives the authorization above for the 3 numbers listed in this letter.",
      "Signed electronically by Jane Doe, who typed their name to sign this letter.",
      "Signed by Jane Doe",
      "Signed at 2026-12-01 14:03:22 UTC",
      "Email jane@doeplumbing.example",
      "From address 203.0.113.7",
      `Unsigned letter SHA-256 ${sha256(unsigned)}`,
      // The letter itself is unchanged.
      "Account number ACC-778899",
      "+12125551000 +12125551001 +12125551002",
    ])
      expect(text).toContain(words);
    expect(text).not.toContain("Not yet signed");
  });

  it("is deterministic, created when prepared and modified when signed", async () => {
    const input = sampleLoa({ numbers: numbers(300) });
    const first = await renderSignedLoaPdf(input, signer);
    const second = await renderSignedLoaPdf(structuredClone(input), { ...signer });
    expect(second.sha256).toBe(first.sha256);
    expect(first.pdf.equals(second.pdf)).toBe(true);
    expect(first.pdf.toString("latin1").match(/\(D:\d{14}Z\)/g)).toEqual([
      "(D:20261130091500Z)",
      "(D:20261201140322Z)",
    ]);
    const pages = await pdfText(first.pdf);
    expect(pages.at(-1)).toContain(`Unsigned letter SHA-256 ${first.unsignedSha256}`);
  });
});
