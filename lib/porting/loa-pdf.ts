import { createHash } from "node:crypto";
import { CUT_OVER_HOUR_UTC, cutOverAt } from "@/lib/porting/business-days";
import { BOTTOM, CONTENT_WIDTH, createPdfWriter, formatPdfDay, PAGE } from "@/lib/pdf/pdf-writer";
import type { AddressView, EndUserView } from "@/lib/schemas/compliance";

// The Letter of Authorization (LOA) of a port-in order: the end user's authorized person tells
// the losing carrier to release the listed numbers to the organization that orders the port.
// It is filled from a plain object (the order as the porting domain reads it), so this module
// knows nothing of the database. The account PIN is not part of the input: it goes to the
// carrier on its own and is never printed.
//
// Signing is a simple electronic signature: the authorized person reads this letter and types
// their name. The signed letter is the same letter with the signature block filled in: who
// typed which name, when, from which network address, and the SHA-256 of the unsigned letter
// they read, so anyone holding that PDF can show it is the one that was signed. Both are
// deterministic: the same order gives the same bytes (the document is dated by the input, not
// the clock), which is what makes the hash worth keeping.

export type LoaInput = {
  orderId: string;
  /** The organization porting the numbers in: the new provider the letter authorizes. */
  organizationName: string;
  endUser: Pick<EndUserView, "type" | "name" | "business_name">;
  serviceAddress: Pick<AddressView, "street" | "city" | "postal_code" | "region" | "country">;
  losingCarrier: { name: string; accountNumber: string; authorizedPerson: string };
  /** E.164; printed in order, as many pages as they need. */
  numbers: string[];
  /** "YYYY-MM-DD". */
  requestedFocDate: string;
  /** The instant the letter is dated by (the order's last change): its creation date. */
  preparedAt: Date;
};

export type LoaSigner = {
  /** The name the authorized person typed. */
  name: string;
  email: string;
  signedAt: Date;
  /** The network (IP) address the signature came from. */
  ipAddress: string;
};

export type SignedLoa = {
  pdf: Buffer;
  /** Hex SHA-256 of the unsigned letter the signer read (printed in the signed one). */
  unsignedSha256: string;
  /** Hex SHA-256 of the signed PDF itself. */
  sha256: string;
};

const LABEL_WIDTH = 150;
const NUMBER_COLUMNS = 4;
const NUMBER_ROW = 13;
/** Room the signature block needs; it starts a page of its own rather than split. */
const SIGNATURE_BLOCK_HEIGHT = 150;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** An instant as "2026-12-01 14:03:22 UTC". */
const formatInstant = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

const weekday = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" });

/** The words of the authorization itself (also shown on the signing page, lib/porting/loa-signatures.ts). */
export function authorizationWording(input: LoaInput): string[] {
  const customer = customerName(input.endUser);
  const carrier = input.losingCarrier.name;
  return [
    `I, ${input.losingCarrier.authorizedPerson}, am authorized to act for ${customer} (the customer) ` +
      `in respect of the telephone numbers listed in this letter, which the customer holds with ${carrier}.`,
    `I authorize ${input.organizationName} and the carriers it works with to act as the customer's agent ` +
      `to port these numbers from ${carrier}, and I ask ${carrier} to release them on the requested date.`,
    `I understand that porting ends the customer's service with ${carrier} for these numbers, that ` +
      `services tied to them there may end, and that the customer remains responsible for any charges ` +
      `owed to ${carrier}. The details above match the customer's account with ${carrier}.`,
  ];
}

function customerName(endUser: LoaInput["endUser"]): string {
  return endUser.type === "business" && endUser.business_name ? endUser.business_name : endUser.name;
}

function addressLines(address: LoaInput["serviceAddress"]): string {
  return [address.street, `${address.postal_code} ${address.city}`, address.region, address.country]
    .filter((line): line is string => Boolean(line))
    .join("\n");
}

/** The unsigned letter, ready to be read and signed. */
export function renderLoaPdf(input: LoaInput): Promise<Buffer> {
  return renderLoa(input, null);
}

/** The signed letter: the unsigned one with its signature block filled in, and both hashes. */
export async function renderSignedLoaPdf(input: LoaInput, signer: LoaSigner): Promise<SignedLoa> {
  const unsignedSha256 = sha256(await renderLoaPdf(input));
  const pdf = await renderLoa(input, { ...signer, unsignedSha256 });
  return { pdf, unsignedSha256, sha256: sha256(pdf) };
}

async function renderLoa(
  input: LoaInput,
  signature: (LoaSigner & { unsignedSha256: string }) | null,
): Promise<Buffer> {
  const title = "Letter of Authorization";
  const { doc, write, writeFooters, finish } = createPdfWriter({
    title: `${title} – port order ${input.orderId}`,
    author: input.organizationName,
    subject: `Porting ${input.numbers.length} numbers from ${input.losingCarrier.name}`,
    createdAt: input.preparedAt,
    modifiedAt: signature?.signedAt,
  });
  const newPage = () => {
    doc.addPage();
    return PAGE.margin;
  };

  let y = write(title, PAGE.margin, PAGE.margin, { bold: true, size: 20, width: CONTENT_WIDTH }) + 8;
  const fact = (label: string, value: string) => {
    write(label, PAGE.margin, y, { bold: true });
    y = write(value, PAGE.margin + LABEL_WIDTH, y, { width: CONTENT_WIDTH - LABEL_WIDTH }) + 3;
  };
  const heading = (text: string) => {
    y = write(text, PAGE.margin, y + 10, { bold: true, size: 11, width: CONTENT_WIDTH }) + 4;
  };

  const focDay = formatPdfDay(input.requestedFocDate);
  const focWeekday = weekday.format(cutOverAt(input.requestedFocDate));
  fact("Port order", input.orderId);
  fact("Prepared", formatPdfDay(input.preparedAt));
  fact("Requested port date", `${focWeekday} ${focDay}, from ${CUT_OVER_HOUR_UTC}:00 UTC`);
  fact("Numbers", String(input.numbers.length));

  heading("Customer (end user)");
  fact("Name", input.endUser.name);
  if (input.endUser.business_name) fact("Company", input.endUser.business_name);
  fact("Type", input.endUser.type === "business" ? "Business" : "Individual");
  fact("Service address", addressLines(input.serviceAddress));

  heading("Current provider (losing carrier)");
  fact("Carrier", input.losingCarrier.name);
  fact("Account number", input.losingCarrier.accountNumber);
  fact("Authorized person", input.losingCarrier.authorizedPerson);
  fact("Account PIN", "Given to the carrier separately; not printed in this letter.");

  heading("New provider");
  fact("Organization", input.organizationName);

  heading("Authorization");
  for (const paragraph of authorizationWording(input))
    y = write(paragraph, PAGE.margin, y, { width: CONTENT_WIDTH, size: 9.5 }) + 6;

  // The numbers in a grid, as many pages as they take, the heading repeated on each.
  const numbersHeading = (continued: boolean) =>
    heading(`Telephone numbers (${input.numbers.length})${continued ? ", continued" : ""}`);
  if (y + 40 > BOTTOM) y = newPage();
  numbersHeading(false);
  const columnWidth = CONTENT_WIDTH / NUMBER_COLUMNS;
  for (let index = 0; index < input.numbers.length; index += NUMBER_COLUMNS) {
    if (y + NUMBER_ROW > BOTTOM) {
      y = newPage();
      numbersHeading(true);
    }
    input.numbers.slice(index, index + NUMBER_COLUMNS).forEach((number, column) => {
      write(number, PAGE.margin + column * columnWidth, y, { width: columnWidth });
    });
    y += NUMBER_ROW;
  }

  if (y + SIGNATURE_BLOCK_HEIGHT > BOTTOM) y = newPage();
  heading("Signature of the authorized person");
  const count = input.numbers.length;
  y =
    write(
      `By signing, ${input.losingCarrier.authorizedPerson} gives the authorization above for the ` +
        `${count} ${count === 1 ? "number" : "numbers"} listed in this letter.`,
      PAGE.margin,
      y,
      { width: CONTENT_WIDTH },
    ) + 4;
  if (signature === null) {
    y = write(
      `Not yet signed. ${input.losingCarrier.authorizedPerson} signs electronically by reading this ` +
        `letter through the link sent to them and typing their name.`,
      PAGE.margin,
      y,
      { width: CONTENT_WIDTH },
    );
    y += 14;
    for (const label of ["Signature", "Name", "Date"]) {
      write(label, PAGE.margin, y, { bold: true });
      doc
        .moveTo(PAGE.margin + LABEL_WIDTH, y + 10)
        .lineTo(PAGE.margin + LABEL_WIDTH + 220, y + 10)
        .lineWidth(0.5)
        .stroke();
      y += 22;
    }
  } else {
    y = write(
      `Signed electronically by ${signature.name}, who typed their name to sign this letter.`,
      PAGE.margin,
      y,
      { width: CONTENT_WIDTH },
    );
    y += 4;
    fact("Signed by", signature.name);
    fact("Signed at", formatInstant(signature.signedAt));
    fact("Email", signature.email);
    fact("From address", signature.ipAddress);
    fact("Unsigned letter SHA-256", signature.unsignedSha256);
  }

  writeFooters((page, count) => `${title} · port order ${input.orderId} · page ${page} of ${count}`);
  return finish();
}
