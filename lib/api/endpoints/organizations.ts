import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";

const organizationListSchema = z
  .object({
    data: z.array(
      z
        .object({
          organization_id: z.string().meta({ example: "org_acme" }),
          name: z.string().meta({ example: "Acme Telecom Ltd" }),
        })
        .meta({ id: "Organization" }),
    ),
  })
  .meta({ id: "OrganizationList" });

// Who the customers are, for support staff (docs/CONTRACT.md §2).
export const organizationEndpoints = {
  "GET /organizations": defineEndpoint({
    summary: "List every organization with its name (support users only; a customer gets 404)",
    scope: "reference:read",
    query: emptyQuerySchema,
    response: organizationListSchema,
    errors: ["not_found"],
  }),
};
