import type { DocumentTypeSeed } from "@/prisma/seed/data/types";

// The documents regulators ask for before a number is assigned; the wording follows the
// requirements carriers publish for the countries below (address, identity, company).
export const documentTypes: DocumentTypeSeed[] = [
  {
    id: "proof_of_address",
    name: "Proof of address",
    moreInformation:
      "A utility bill, bank statement or tax letter no older than three months showing the subscriber's name and address.",
  },
  {
    id: "local_address",
    name: "Address in the area",
    moreInformation:
      "An address inside the area the number's area code serves; regulators in several countries only assign geographic numbers to local users.",
  },
  {
    id: "identity_document",
    name: "Identity document",
    moreInformation:
      "A copy of a valid passport or national identity card of the subscriber, or of the company's legal representative.",
  },
  {
    id: "company_registration",
    name: "Company registration extract",
    moreInformation:
      "An extract from the commercial register (for example Companies House, Handelsregister or Kamer van Koophandel) issued in the last six months.",
  },
  {
    id: "business_license",
    name: "Business license",
    moreInformation:
      "A licence or registration showing the business may trade in the country, such as an ABN registration in Australia.",
  },
  {
    id: "tax_id",
    name: "Tax identification number",
    moreInformation:
      "The subscriber's tax number, for example a Codice Fiscale or Partita IVA in Italy or a NIF in Spain.",
  },
  // Port-in (docs/CONTRACT.md §20); the port_in migration inserts the same two rows.
  {
    id: "signed_loa",
    name: "Signed letter of authorization",
    moreInformation:
      "The letter of authorization for a port-in, signed by the person authorized on the account at the losing carrier.",
  },
  {
    id: "bill",
    name: "Recent bill",
    moreInformation:
      "A bill from the losing carrier no older than three months, showing the account number and the numbers to port.",
  },
];
