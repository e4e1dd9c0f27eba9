import { z } from "zod";

// Port-out requests (docs/CONTRACT.md §20): another carrier asking to take a number away, which
// support logs by hand (the carrier side is simulated). The number's port-out PIN and its lock
// decide the outcome; an accepted request is logged only: the number stays here.

const portOutOutcomes = ["accepted", "refused"] as const;
/** Why a request was refused: the PIN it quoted is wrong (or the number has none), or the number is locked. */
export const portOutRefusals = ["pin_mismatch", "number_locked"] as const;

/** POST /numbers/{number_id}/port_out_requests. */
export const portOutRequestInputSchema = z
  .strictObject({
    pin: z
      .string({ error: "must be the PIN the requesting carrier quoted: 4 to 10 digits" })
      .regex(/^\d{4,10}$/, "must be 4 to 10 digits")
      .meta({
        writeOnly: true,
        description:
          "The port-out PIN the requesting carrier quoted, 4–10 digits; compared with the number's (PUT /numbers/{number_id} port_out_pin) and never stored.",
      }),
  })
  .meta({ id: "PortOutRequestInput", examples: [{ pin: "482913" }] });

export const portOutRequestSchema = z
  .object({
    port_out_request_id: z.string().meta({ description: "pout_…" }),
    number_id: z.string(),
    organization_id: z.string(),
    number: z.string().meta({ description: "The number, E.164, as it was when the request came." }),
    outcome: z.enum(portOutOutcomes).meta({
      description:
        "accepted: the PIN matched and the number is not locked; the request is logged only and the number stays here (the carrier side is simulated). refused: see reason.",
    }),
    reason: z.enum(portOutRefusals).nullable().meta({
      description:
        "When refused: pin_mismatch (the PIN is wrong, or the number has none set) or number_locked (the number is locked; the PIN is checked first). Null when accepted.",
    }),
    requested_by: z.string().meta({ description: "The support user who logged it (usr_…)." }),
    requested_at: z.iso.datetime(),
  })
  .meta({ id: "PortOutRequest" });

export const portOutRequestResponseSchema = z.object({ data: portOutRequestSchema });

export type PortOutRequest = z.infer<typeof portOutRequestSchema>;
export type PortOutRequestInput = z.infer<typeof portOutRequestInputSchema>;
