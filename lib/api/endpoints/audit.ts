import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { auditListQuerySchema, auditListResponseSchema } from "@/lib/schemas/audit";

// The audit log (contract §15). Readers are whoever holds audit:read: owner, admin and billing
// by their role, support staff for the organization they name.
export const auditEndpoints = {
  "GET /audit-events": defineEndpoint({
    summary: "The organization's audit log, newest first; format=csv for every match",
    scope: "audit:read",
    query: auditListQuerySchema,
    response: auditListResponseSchema,
    errors: ["invalid_parameter"],
    responseHeaders: ["X-Total-Count", "Link"],
    alternateContent: {
      "text/csv": "With format=csv: every matching entry, a header row first, newest first.",
    },
  }),
};
