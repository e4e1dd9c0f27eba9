import { z } from "zod";
import { documentedAs, timestampSchema } from "@/lib/schemas/common";
import { E164_PATTERN } from "@/lib/reference/e164";

// Holding numbers (docs/CONTRACT.md §12): POST /reservations, GET /reservations,
// DELETE /reservations/{number_e164}.

const RESERVATION_LIMITS = { maxNumbers: 100 } as const;

const E164_MESSAGE = "must be an E.164 number such as +12125550123";

const holdReasons = ["sold", "held_by_another", "not_in_inventory"] as const;
export type HoldReason = (typeof holdReasons)[number];

export const createReservationsRequestSchema = z
  .strictObject({
    numbers: z
      .array(
        z.string(E164_MESSAGE).regex(E164_PATTERN, E164_MESSAGE),
        `numbers is required: a list of 1 to ${RESERVATION_LIMITS.maxNumbers} E.164 numbers`,
      )
      .min(1, `numbers must list 1 to ${RESERVATION_LIMITS.maxNumbers} E.164 numbers`)
      .max(
        RESERVATION_LIMITS.maxNumbers,
        `numbers must list 1 to ${RESERVATION_LIMITS.maxNumbers} E.164 numbers`,
      )
      .describe("The numbers to hold (or to hold again, which renews the hold); a repeat counts once"),
  })
  .meta({ id: "CreateReservationsRequest", examples: [{ numbers: ["+12125550123", "+12125550124"] }] });

const reservationSchema = z
  .object({
    number_e164: z.string().describe("E.164"),
    held_until: timestampSchema("ISO 8601: the hold ends by itself at this moment"),
  })
  .meta({ id: "Reservation" });

export type Reservation = z.infer<typeof reservationSchema>;

const notHeldSchema = z
  .object({
    number_e164: z.string(),
    reason: z
      .enum(holdReasons)
      .describe("sold, held_by_another (another organization holds it) or not_in_inventory"),
  })
  .meta({ id: "NotHeldNumber" });

export type NotHeld = z.infer<typeof notHeldSchema>;

const reservationOutcomeSchema = z
  .object({
    held: z.array(reservationSchema).describe("Held (or renewed) for the organization, in the order asked"),
    not_held: z.array(notHeldSchema).describe("Not held, each with the reason, in the order asked"),
  })
  .meta({ id: "ReservationOutcome" });

export type ReservationOutcome = z.infer<typeof reservationOutcomeSchema>;

export const reservationOutcomeResponseSchema = z
  .object({ data: reservationOutcomeSchema })
  .meta({ id: "ReservationOutcomeResponse" });
export const reservationListResponseSchema = z
  .object({ data: z.array(reservationSchema) })
  .meta({ id: "ReservationListResponse" });
export const reservationResponseSchema = z
  .object({ data: reservationSchema })
  .meta({ id: "ReservationResponse" });

// URLSearchParams-style decoding can turn an unencoded "+" into a space (docs/CONTRACT.md §8 reads it as +).
export const reservationParamsSchema = z.strictObject({
  number_e164: documentedAs(
    z
      .string()
      .transform((value) => (value.startsWith(" ") ? `+${value.slice(1)}` : value))
      .pipe(z.string().regex(E164_PATTERN, `number_e164 ${E164_MESSAGE}`)),
    { type: "string", pattern: E164_PATTERN.source, examples: ["+12125550123"] },
  ),
});
