import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { csvSchema, emptyQuerySchema } from "@/lib/schemas/common";
import {
  configurationHistoryResponseSchema,
  numberConfigurationResponseSchema,
  activeRuleResponseSchema,
  numberConfigurationListResponseSchema,
} from "@/lib/schemas/numbers/responses";
import {
  extensionWriteQuerySchema,
  historyQuerySchema,
  activeRuleQuerySchema,
  extensionParamsSchema,
  extensionQuerySchema,
  numberIdParamsSchema,
  numberSearchQuerySchema,
  releaseQuerySchema,
  numberExportQuerySchema,
} from "@/lib/schemas/numbers/query";
import { portOutRequestInputSchema, portOutRequestResponseSchema } from "@/lib/schemas/numbers/port-out";
import {
  configurationInputSchema,
  extensionInputSchema,
  ifMatchHeaderSchema,
} from "@/lib/schemas/numbers/input";

const ifMatch = {
  "If-Match": {
    description:
      "Required: the ETag of the configuration as you read it. Missing: 428; no longer current: 412 with the current ETag.",
    schema: ifMatchHeaderSchema,
    required: true,
  },
} as const;

const writeErrors = [
  "invalid_parameter",
  "invalid_configuration",
  "not_found",
  "precondition_failed",
  "precondition_required",
] as const;

// Number and extension configuration, and the active rule (docs/CONTRACT.md §8, §11).
export const numberEndpoints = {
  "GET /numbers": defineEndpoint({
    summary: "Search the configurations of your numbers and extensions (support: of every organization)",
    scope: "numbers:read",
    query: numberSearchQuerySchema,
    response: numberConfigurationListResponseSchema,
    responseHeaders: ["X-Total-Count", "Link"],
    errors: ["invalid_parameter"],
  }),
  "GET /numbers/export": defineEndpoint({
    summary:
      "Download every configuration GET /numbers would list with these filters as CSV, unpaged (also GET /numbers?format=csv)",
    scope: "numbers:read",
    query: numberExportQuerySchema,
    response: csvSchema,
    text: {
      type: "text/csv",
      description:
        "A header line, then one line per configuration: number, name, status, country, number_type, region, tags (space-separated), purchased_at, monthly_fee, rule_count.",
      example:
        "number,name,status,country,number_type,region,tags,purchased_at,monthly_fee,rule_count\r\n+12125550123,Main line,active,US,local,US-NY-NEW_YORK-212,support sales,2026-11-02T09:30:00.000Z,1.00,2\r\n",
    },
    errors: ["invalid_parameter"],
  }),
  "GET /numbers/{number_id}/active_rule": defineEndpoint({
    summary: "Say which rule handles a call to a number at a given time (default now)",
    scope: "numbers:read",
    params: numberIdParamsSchema,
    query: activeRuleQuerySchema,
    response: activeRuleResponseSchema,
    errors: ["invalid_parameter", "not_found"],
  }),
  "GET /extension/{extension}": defineEndpoint({
    summary: "List the configurations of an extension (support: of every organization)",
    scope: "numbers:read",
    params: extensionParamsSchema,
    query: extensionQuerySchema,
    response: numberConfigurationListResponseSchema,
    errors: ["invalid_parameter"],
  }),
  "GET /numbers/{number_id}": defineEndpoint({
    summary: "Read one number's configuration, with the ETag a change needs",
    scope: "numbers:read",
    params: numberIdParamsSchema,
    query: emptyQuerySchema,
    response: numberConfigurationResponseSchema,
    errors: ["invalid_parameter", "not_found"],
    responseHeaders: ["ETag"],
  }),
  "PUT /numbers/{number_id}": defineEndpoint({
    summary:
      "Replace a number's name and rules, and optionally its lock, tags and port-out PIN (If-Match required; every bad field is named)",
    scope: "numbers:write",
    params: numberIdParamsSchema,
    query: emptyQuerySchema,
    body: configurationInputSchema,
    bodyParsedBy: "handler",
    response: numberConfigurationResponseSchema,
    // port_in_progress: a lock change of a number still being ported in.
    errors: [...writeErrors, "port_in_progress"],
    requestHeaders: ifMatch,
    responseHeaders: ["ETag"],
  }),
  "DELETE /numbers/{number_id}": defineEndpoint({
    summary:
      "Release a number (If-Match required): calls stop at once; it can be restored for RELEASE_AGING_DAYS (default 14)",
    // Roles (docs/CONTRACT.md §15): owner and admin.
    scope: "numbers:release",
    params: numberIdParamsSchema,
    query: releaseQuerySchema,
    response: numberConfigurationResponseSchema,
    errors: [
      "invalid_parameter",
      "not_found",
      "precondition_failed",
      "precondition_required",
      "number_locked",
      "number_referenced",
      "port_in_progress",
    ],
    requestHeaders: ifMatch,
    responseHeaders: ["ETag"],
  }),
  "POST /numbers/{number_id}/restore": defineEndpoint({
    summary: "Restore a released number within its window: active again, with the configuration it had",
    // Roles (docs/CONTRACT.md §15): owner and admin.
    scope: "numbers:release",
    params: numberIdParamsSchema,
    query: emptyQuerySchema,
    response: numberConfigurationResponseSchema,
    errors: ["invalid_parameter", "not_found", "restore_window_over", "port_in_progress"],
    responseHeaders: ["ETag"],
  }),
  "POST /numbers/{number_id}/port_out_requests": defineEndpoint({
    summary:
      "Support: log a (simulated) request from another carrier to port a number away; refused when the PIN is wrong or unset, or the number is locked; accepted is logged only, the number stays",
    scope: "numbers:read",
    permission: "organizations:all",
    params: numberIdParamsSchema,
    query: emptyQuerySchema,
    body: portOutRequestInputSchema,
    response: portOutRequestResponseSchema,
    status: 201,
    errors: ["invalid_parameter", "not_found", "port_in_progress", "role_forbidden"],
  }),
  "GET /numbers/{number_id}/history": defineEndpoint({
    summary: "Every change of a configuration, newest first: who, when, before and after",
    scope: "numbers:read",
    params: numberIdParamsSchema,
    query: historyQuerySchema,
    response: configurationHistoryResponseSchema,
    errors: ["invalid_parameter", "not_found"],
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "POST /extensions": defineEndpoint({
    summary: "Create an extension (2–8 digits, unique in the organization)",
    scope: "numbers:write",
    query: extensionWriteQuerySchema,
    body: extensionInputSchema,
    bodyParsedBy: "handler",
    response: numberConfigurationResponseSchema,
    errors: ["invalid_parameter", "invalid_configuration", "extension_exists"],
    responseHeaders: ["ETag"],
  }),
  "PUT /extension/{extension}": defineEndpoint({
    summary: "Replace an extension's name and rules (If-Match required)",
    scope: "numbers:write",
    params: extensionParamsSchema,
    query: extensionWriteQuerySchema,
    body: configurationInputSchema,
    bodyParsedBy: "handler",
    response: numberConfigurationResponseSchema,
    errors: writeErrors,
    requestHeaders: ifMatch,
    responseHeaders: ["ETag"],
  }),
  "DELETE /extension/{extension}": defineEndpoint({
    summary: "Delete an extension (If-Match required); its history is kept",
    scope: "numbers:write",
    params: extensionParamsSchema,
    query: extensionWriteQuerySchema,
    response: numberConfigurationResponseSchema,
    errors: ["invalid_parameter", "not_found", "precondition_failed", "precondition_required"],
    requestHeaders: ifMatch,
  }),
};
