import { z } from "zod";
import { portExceptionFields, type PortExceptionCode } from "@/lib/schemas/porting";

// Support's port desk (docs/API.md "Port-in"): POST /port_orders/{port_order_id}/carrier_actions
// does by hand what the losing carrier would. Which fields an action takes is said here, once:
// foc_confirm and foc_change need foc_at; exception needs details; complete may name in details
// the numbers that did not come over; confirm_cancel takes neither.

const carrierActions = ["foc_confirm", "foc_change", "exception", "complete", "confirm_cancel"] as const;
export type CarrierAction = (typeof carrierActions)[number];

const exceptionCodes = Object.keys(portExceptionFields) as PortExceptionCode[];

const detailSchema = z.strictObject({
  code: z
    .enum(exceptionCodes, `code must be one of ${exceptionCodes.join(", ")}`)
    .meta({ description: "What the carrier refused (for complete: other)" }),
  field: z.string("field is required").max(100, "field is at most 100 characters").meta({
    description:
      "exception: the order's field to fix (losing_carrier.account_number, …); complete: a number of the order (E.164) that did not come over",
  }),
  message: z
    .string("message is required: the carrier's words")
    .trim()
    .min(1, "message must not be empty")
    .max(500, "message is at most 500 characters"),
});

/** Which fields each action takes: required, or allowed. */
const takes: Record<CarrierAction, { foc_at: "required" | "no"; details: "required" | "optional" | "no" }> = {
  foc_confirm: { foc_at: "required", details: "no" },
  foc_change: { foc_at: "required", details: "no" },
  exception: { foc_at: "no", details: "required" },
  complete: { foc_at: "no", details: "optional" },
  confirm_cancel: { foc_at: "no", details: "no" },
};

export const carrierActionRequestSchema = z
  .strictObject({
    action: z.enum(carrierActions, `action must be one of ${carrierActions.join(", ")}`),
    foc_at: z.iso
      .datetime({ offset: true, error: "foc_at must be an ISO 8601 time such as 2027-02-03T10:00:00Z" })
      .optional()
      .meta({ description: "foc_confirm, foc_change: the cut-over the carrier confirmed (in the future)" }),
    details: z
      .array(detailSchema, "details must be a list of {code, field, message}")
      .min(1, "details must name at least one item")
      .max(50, "details has at most 50 items")
      .optional()
      .meta({
        description:
          "exception: what to fix, [{code, field, message}]; complete: the numbers that did not come over (field: the number), if any",
      }),
  })
  .superRefine((body, context) => {
    const rule = takes[body.action];
    for (const field of ["foc_at", "details"] as const) {
      const given = body[field] !== undefined;
      if (rule[field] === "required" && !given)
        context.addIssue({
          code: "custom",
          path: [field],
          message: `${field} is required for ${body.action}`,
        });
      if (rule[field] === "no" && given)
        context.addIssue({
          code: "custom",
          path: [field],
          message: `${field} is not taken by ${body.action}`,
        });
    }
  })
  .meta({
    id: "CarrierActionRequest",
    examples: [{ action: "foc_confirm", foc_at: "2027-02-03T10:00:00Z" }],
  });
export type CarrierActionRequest = z.infer<typeof carrierActionRequestSchema>;
