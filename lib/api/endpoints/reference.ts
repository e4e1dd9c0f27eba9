import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import {
  countryListSchema,
  countryParamsSchema,
  countryTypeParamsSchema,
  destinationListResponseSchema,
  documentTypeListSchema,
  numberTypeListSchema,
  regionListSchema,
} from "@/lib/schemas/reference";

// Countries, number types, document types, regions, forwarding destinations (docs/CONTRACT.md §4).
export const referenceEndpoints = {
  "GET /countries": defineEndpoint({
    summary: "List the countries numbers are sold in",
    scope: "reference:read",
    query: emptyQuerySchema,
    response: countryListSchema,
  }),
  "GET /number_types": defineEndpoint({
    summary: "List the number types",
    scope: "reference:read",
    query: emptyQuerySchema,
    response: numberTypeListSchema,
  }),
  "GET /document_types": defineEndpoint({
    summary: "List the document types numbers and products may require",
    scope: "reference:read",
    query: emptyQuerySchema,
    response: documentTypeListSchema,
  }),
  "GET /regions/{country}": defineEndpoint({
    summary: "List the regions of a country, by name",
    scope: "reference:read",
    params: countryParamsSchema,
    query: emptyQuerySchema,
    response: regionListSchema,
    errors: ["invalid_parameter", "unknown_country"],
  }),
  "GET /destinations/{country}/{number_type}": defineEndpoint({
    summary: "List where calls to numbers of a country and type may be forwarded",
    scope: null,
    params: countryTypeParamsSchema,
    query: emptyQuerySchema,
    response: destinationListResponseSchema,
    errors: ["invalid_parameter", "unknown_country", "unknown_number_type"],
  }),
};
