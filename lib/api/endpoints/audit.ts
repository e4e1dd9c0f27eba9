import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { auditExportQuerySchema, auditListQuerySchema, auditListResponseSchema } from "@/lib/schemas/audit";
import { csvSchema } from "@/lib/schemas/common";

// The audit log (docs/CONTRACT.md §15). Readers are whoever holds audit:read: owner, admin and billing
// by their role, support staff for the organization they name.
export const auditEndpoints = {
  "GET /audit-events": defineEndpoint({
    summary: "The organization's audit log, newest first; format=csv for every match",
    scope: "audit:read",
    query: auditListQuerySchema,
    response: auditListResponseSchema,
    errors: ["invalid_parameter"],
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "GET /audit-events/export": defineEndpoint({
    summary:
      "Download every audit entry GET /audit-events would list with these filters as CSV, newest first (also GET /audit-events?format=csv)",
    scope: "audit:read",
    query: auditExportQuerySchema,
    response: csvSchema,
    text: {
      type: "text/csv",
      description:
        "A header row, then one row per entry, newest first: id, at, actor_type, actor_id, actor_name, ip, action, resource_type, resource_id, changes (JSON).",
      example:
        'id,at,actor_type,actor_id,actor_name,ip,action,resource_type,resource_id,changes\r\naud_3f0c9a2e71b84d55,2026-11-27T10:15:02.114Z,user,usr_acme_customer,Alex Carter,203.0.113.7,number.configuration_changed,number,num_acme_main,"[{""field"":""name"",""from"":""Main line"",""to"":""Reception""}]"\r\n',
    },
    errors: ["invalid_parameter"],
  }),
};
