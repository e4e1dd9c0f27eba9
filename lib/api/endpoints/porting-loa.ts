import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import { portOrderParamsSchema } from "@/lib/schemas/porting";
import {
  loaPdfSchema,
  loaSignatureRequestResponseSchema,
  loaSignatureRequestSchema,
  loaSignedResponseSchema,
  loaSigningViewResponseSchema,
  loaSignSchema,
  loaTokenParamsSchema,
} from "@/lib/schemas/loa";

// The letter of authorization of a port order (docs/API.md "LOA"): the PDF and the signature
// request for members; the signing link's view, PDF and signature for whoever holds the link (no
// credentials, throttled per client address like the account links).

const linkErrors = ["not_found", "loa_link_used", "loa_link_expired", "rate_limited"] as const;
const LOA_PDF = {
  types: ["application/pdf"],
  description:
    "The letter of authorization: the customer, the service address, the losing carrier's account, the numbers and the requested date; once signed, the signed letter (who signed, when, from which address).",
} as const;

export const portingLoaEndpoints = {
  "GET /port_orders/{port_order_id}/loa": defineEndpoint({
    summary:
      "A port order's letter of authorization as a PDF: filled from the order, or the signed one once signed",
    scope: "porting:read",
    params: portOrderParamsSchema,
    query: emptyQuerySchema,
    response: loaPdfSchema,
    file: LOA_PDF,
    errors: ["not_found"],
    tag: "Port-in",
  }),
  "POST /port_orders/{port_order_id}/loa/signature_requests": defineEndpoint({
    summary:
      "Email the authorized person a single-use link (7 days) to read and sign the LOA; replaces any earlier link. Draft or exception only",
    scope: "porting:write",
    params: portOrderParamsSchema,
    query: emptyQuerySchema,
    body: loaSignatureRequestSchema,
    response: loaSignatureRequestResponseSchema,
    status: 201,
    errors: ["not_found", "invalid_transition"],
    tag: "Port-in",
  }),
  "GET /loa_signatures/{token}": defineEndpoint({
    summary: "The signing link's page (no credentials): the order, its numbers and the words of the LOA",
    scope: null,
    params: loaTokenParamsSchema,
    query: emptyQuerySchema,
    response: loaSigningViewResponseSchema,
    errors: linkErrors,
    tag: "Port-in",
  }),
  "GET /loa_signatures/{token}/pdf": defineEndpoint({
    summary: "The unsigned LOA of a signing link as a PDF (no credentials)",
    scope: null,
    params: loaTokenParamsSchema,
    query: emptyQuerySchema,
    response: loaPdfSchema,
    file: LOA_PDF,
    errors: linkErrors,
    tag: "Port-in",
  }),
  "POST /loa_signatures/{token}": defineEndpoint({
    summary:
      "Sign the LOA (no credentials): typed_name must be the name the request gave; the link then stops working",
    scope: null,
    params: loaTokenParamsSchema,
    query: emptyQuerySchema,
    body: loaSignSchema,
    response: loaSignedResponseSchema,
    status: 201,
    errors: [...linkErrors, "invalid_parameter"],
    tag: "Port-in",
  }),
};
