import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import {
  createReservationsRequestSchema,
  reservationListResponseSchema,
  reservationOutcomeResponseSchema,
  reservationParamsSchema,
  reservationResponseSchema,
} from "@/lib/schemas/reservations";

// Holding numbers while a customer decides (docs/CONTRACT.md §12). All three need reservations:write.
export const reservationEndpoints = {
  "POST /reservations": defineEndpoint({
    summary:
      "Hold numbers for your organization (or renew its holds): each held one with held_until, each other one with the reason",
    scope: "reservations:write",
    verifiedEmail: true,
    query: emptyQuerySchema,
    body: createReservationsRequestSchema,
    response: reservationOutcomeResponseSchema,
    errors: [
      "email_unverified",
      "invalid_parameter",
      "number_unavailable",
      "payload_too_large",
      "unsupported_media_type",
    ],
  }),
  "GET /reservations": defineEndpoint({
    summary: "Your organization's live holds, soonest to end first",
    scope: "reservations:write",
    query: emptyQuerySchema,
    response: reservationListResponseSchema,
  }),
  "DELETE /reservations/{number_e164}": defineEndpoint({
    summary: "Release one of your organization's holds",
    scope: "reservations:write",
    params: reservationParamsSchema,
    query: emptyQuerySchema,
    response: reservationResponseSchema,
    errors: ["invalid_parameter", "not_found"],
  }),
};
