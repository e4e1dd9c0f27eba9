import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import { idempotencyKeySchema } from "@/lib/schemas/orders";
import {
  jobIdParamsSchema,
  jobListQuerySchema,
  jobListResponseSchema,
  jobRequestSchema,
  jobResponseSchema,
} from "@/lib/schemas/jobs";

// Bulk jobs (docs/CONTRACT.md §16). jobs:write for all of them; a job's type also needs the scope of
// its single endpoint (numbers:write, or numbers:release for lock, unlock and release).
// Roles (docs/CONTRACT.md §15): owner, admin, and developer for configuration and tag jobs.
export const jobEndpoints = {
  "POST /jobs": defineEndpoint({
    summary:
      "Start a bulk job over 1–1000 numbers (or a filter): apply_configuration, set_tags, lock, unlock, release",
    scope: "jobs:write",
    query: emptyQuerySchema,
    body: jobRequestSchema,
    response: jobResponseSchema,
    status: 202,
    responseHeaders: ["Location"],
    errors: ["invalid_parameter", "idempotency_conflict", "payload_too_large", "unsupported_media_type"],
    requestHeaders: {
      "Idempotency-Key": {
        description:
          "Up to 255 characters, per organization, kept 24 h: a repeat with the same body replays the first answer; another body is 409 idempotency_conflict.",
        schema: idempotencyKeySchema,
      },
    },
  }),
  "GET /jobs": defineEndpoint({
    summary: "The organization's jobs, newest first, with their counts",
    scope: "jobs:write",
    query: jobListQuerySchema,
    response: jobListResponseSchema,
    errors: ["invalid_parameter"],
  }),
  "GET /jobs/{job_id}": defineEndpoint({
    summary: "One job: its status, counts and each number's outcome",
    scope: "jobs:write",
    params: jobIdParamsSchema,
    query: emptyQuerySchema,
    response: jobResponseSchema,
    errors: ["invalid_parameter", "not_found"],
  }),
  "POST /jobs/{job_id}/cancel": defineEndpoint({
    summary: "Cancel what a job has not started; a number under way finishes",
    scope: "jobs:write",
    params: jobIdParamsSchema,
    query: emptyQuerySchema,
    response: jobResponseSchema,
    errors: ["invalid_parameter", "not_found"],
  }),
};
