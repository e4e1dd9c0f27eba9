import { z } from "zod";
import { emailSchema, nameField } from "@/lib/schemas/accounts";
import { numberTypeOutputSchema, timestampSchema } from "@/lib/schemas/common";

// The letter of authorization of a port order (docs/CONTRACT.md §20, docs/API.md "LOA"): asking
// the authorized person to sign it, and the public signing link they receive. The signing page
// (app/loa/sign/[token]) checks its form with these same schemas, so the words beside a field
// are the API's.

export const loaSignatureRequestSchema = z
  .strictObject({
    name: nameField("name", 200).describe(
      "The authorized person's full name: to sign, they type it again on the signing page",
    ),
    email: emailSchema.describe("Where the single-use signing link is sent"),
  })
  .meta({
    id: "LoaSignatureRequest",
    examples: [{ name: "Ada Lovelace", email: "ada@example.com" }],
  });
export type LoaSignatureRequest = z.output<typeof loaSignatureRequestSchema>;

export const loaSignatureRequestResponseSchema = z.object({
  data: z
    .object({
      id: z.string(),
      port_order_id: z.string(),
      name: z.string(),
      email: z.string(),
      expires_at: timestampSchema("ISO 8601: the link works until then, once"),
    })
    .meta({ id: "LoaSignatureRequestSent" }),
});
export type LoaSignatureRequestSent = z.infer<typeof loaSignatureRequestResponseSchema>["data"];

// The link's secret: 43 base64url characters (256 bits); anything else cannot be one.
export const loaTokenParamsSchema = z.strictObject({
  token: z
    .string()
    .min(1)
    .max(200)
    .meta({ examples: ["q3Z9xY0bS2kT7vW1mN4pR8uE6hJ5gF0dC2aB9zX7yV1"] }),
});

/** What the signing page shows: the order, its numbers, and the words being signed. */
export const loaSigningViewResponseSchema = z.object({
  data: z
    .object({
      port_order_id: z.string(),
      organization_name: z.string().describe("The organization porting the numbers in"),
      signer: z.object({ name: z.string(), email: z.string() }).describe("Who was asked to sign"),
      expires_at: timestampSchema("ISO 8601: the link works until then, once"),
      customer: z.object({ name: z.string(), business_name: z.string().nullable() }),
      service_address: z.string().describe("The end user's address, one line"),
      losing_carrier: z.object({
        name: z.string(),
        account_number: z.string(),
        authorized_person: z.string(),
      }),
      country: z.string(),
      number_type: numberTypeOutputSchema,
      requested_foc_date: z.string().describe("YYYY-MM-DD"),
      numbers: z.array(z.string()).describe("E.164"),
      authorization: z
        .array(z.string())
        .describe("The letter's words of authorization, paragraph by paragraph"),
    })
    .meta({ id: "LoaSigningView" }),
});
export type LoaSigningView = z.infer<typeof loaSigningViewResponseSchema>["data"];

/** Typed in the signing page; typed_name must match the name the request gave. */
export const loaSignSchema = z
  .strictObject({
    typed_name: nameField("typed_name", 200),
    accept: z.literal(true, {
      error: "accept must be true: tick the box to confirm you authorize the port",
    }),
  })
  .meta({ id: "LoaSign", examples: [{ typed_name: "Ada Lovelace", accept: true }] });
export type LoaSign = z.output<typeof loaSignSchema>;

export const loaSignedResponseSchema = z.object({
  data: z
    .object({
      port_order_id: z.string(),
      document_id: z.string().describe("The signed PDF in the documents store (type signed_loa)"),
      sha256: z.string().describe("Hex SHA-256 of the signed PDF"),
      signed_at: timestampSchema(),
    })
    .meta({ id: "LoaSigned" }),
});
export type LoaSigned = z.infer<typeof loaSignedResponseSchema>["data"];

export const loaPdfSchema = z
  .unknown()
  .meta({ id: "LoaPdf", description: "The letter of authorization as a PDF" });
