import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";

// The API's description of itself.
export const metaEndpoints = {
  "GET /openapi.json": defineEndpoint({
    summary: "This API's OpenAPI 3.1 document",
    scope: null,
    query: emptyQuerySchema,
    response: z.record(z.string(), z.unknown()).meta({ description: "An OpenAPI 3.1 document." }),
  }),
};
