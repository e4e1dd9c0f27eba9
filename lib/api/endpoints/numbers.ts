import { defineEndpoint } from "@/lib/api/endpoint-definition";
import {
  activeRuleQuerySchema,
  activeRuleResponseSchema,
  extensionParamsSchema,
  extensionQuerySchema,
  numberConfigurationListResponseSchema,
  numberIdParamsSchema,
  numberSearchQuerySchema,
} from "@/lib/schemas/numbers";

// Number and extension configuration, and the active rule (contract §8).
export const numberEndpoints = {
  "GET /numbers": defineEndpoint({
    summary: "Search the configurations of your numbers and extensions (support: of every organization)",
    scope: "numbers:read",
    query: numberSearchQuerySchema,
    response: numberConfigurationListResponseSchema,
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
};
