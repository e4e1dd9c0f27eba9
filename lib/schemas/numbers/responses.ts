import { roles } from "@/lib/schemas/roles";
import { z } from "zod";
import { numberTypeOutputSchema } from "@/lib/schemas/common";
import { E164_PATTERN } from "@/lib/reference/e164";
import {
  callerIdValues,
  clockTimeSchema,
  dayCodes,
  EXTENSION,
  isTimeZone,
  numberStatuses,
  minutesOfDay,
  SIP_ADDRESS,
} from "@/lib/schemas/numbers/fields";

// Number and extension configuration as the API answers it (docs/CONTRACT.md §8):
// these schemas shape the responses and drive the OpenAPI document.

export const activationSchema = z
  .object({
    start: z
      .number()
      .int()
      .meta({ description: "Unix epoch seconds: the activation applies from this instant on." }),
    stop: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Unix epoch seconds, exclusive; null = open-ended." }),
    days: z.array(z.enum(dayCodes)).meta({
      description:
        "Local weekdays the daily window starts on, in time_zone; empty = every day. A window crossing midnight belongs to the day it starts on.",
    }),
    start_time: clockTimeSchema
      .nullable()
      .meta({ description: "Local HH:MM (24-hour) the daily window opens; null = 00:00." }),
    stop_time: clockTimeSchema.nullable().meta({
      description:
        "Local HH:MM (24-hour) the daily window closes, exclusive; null = end of day. Before start_time = the window crosses midnight.",
    }),
    time_zone: z.string().refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin").meta({
      description:
        "IANA time zone of days, start_time and stop_time; daylight-saving changes are honoured (wall-clock time).",
    }),
  })
  .refine((activation) => activation.stop === null || activation.stop > activation.start, {
    message: "stop must be after start",
    path: ["stop"],
  })
  // A null start_time is 00:00 and a null stop_time the end of the day, so only two equal
  // times (or null and "00:00") make a window that never opens.
  .refine(
    (activation) => minutesOfDay(activation.start_time, 0) !== minutesOfDay(activation.stop_time, 24 * 60),
    {
      message: "start_time and stop_time must differ: the window would never open",
      path: ["stop_time"],
    },
  )
  .meta({
    id: "Activation",
    description:
      "When a rule applies: an instant range, and optionally weekdays and a daily local-time window.",
  });

const tagsSchema = z
  .record(z.string(), z.string())
  .meta({ description: "Free-form labels passed on with the call." });

const dialActionSchema = z
  .object({
    type: z.literal("dial"),
    destination: z
      .string()
      .refine(
        (value) => E164_PATTERN.test(value) || SIP_ADDRESS.test(value),
        "must be an E.164 number or a sip:user@host address",
      )
      .meta({ description: "An E.164 number or a sip:user@host address." }),
    timeout_sec: z
      .number()
      .int()
      .min(5)
      .max(300)
      .meta({ description: "Seconds to ring before the call moves on, 5–300." }),
    caller_id: z.enum(callerIdValues).meta({
      description: "caller_number shows the caller's number; dialed_number shows the number that was called.",
    }),
    tags: tagsSchema,
  })
  .meta({ id: "DialAction" });

const endActionSchema = z
  .object({ type: z.enum(["voicemail", "hangup"]), tags: tagsSchema })
  .meta({ id: "EndAction", description: "Send the call to voicemail, or hang up." });

const actionSchema = z.discriminatedUnion("type", [dialActionSchema, endActionSchema]).meta({ id: "Action" });

const ruleSchema = z
  .object({
    target_id: z
      .string()
      .nullable()
      .meta({ description: "The caller's own id for what the rule targets; null when none." }),
    name: z.string().min(1),
    priority: z.number().int().meta({ description: "Lower runs first; ties keep their stored order." }),
    disabled: z.boolean(),
    activations: z
      .array(activationSchema)
      .meta({ description: "The rule applies when any activation matches; empty = always." }),
    action: actionSchema,
  })
  .meta({ id: "Rule" });

export const numberConfigurationSchema = z
  .object({
    number_id: z.string(),
    organization_id: z.string(),
    number: z
      .string()
      .refine(
        (value) => E164_PATTERN.test(value) || EXTENSION.test(value),
        "must be an E.164 number or a 2–8 digit extension",
      )
      .meta({ description: "An E.164 number, or a user extension of 2–8 digits." }),
    name: z.string(),
    rules: z.array(ruleSchema).meta({
      description:
        "Sorted by priority, lowest first; the first enabled rule whose activation matches handles a call.",
    }),
    country_code: z
      .string()
      .regex(/^\d{1,3}$/)
      .nullable()
      .meta({
        readOnly: true,
        description:
          'Read-only, derived from the number: its country calling code without the plus ("44"); null for an extension.',
      }),
    local_format: z.string().nullable().meta({
      readOnly: true,
      description:
        'Read-only, derived from the number: the national format ("020 7946 0000"); null for an extension.',
    }),
    number_type: numberTypeOutputSchema.nullable().meta({
      readOnly: true,
      description:
        'Read-only: the type the number was bought or ported in as ("local", "mobile", …: GET /number_types); null for an extension.',
    }),
    region: z.object({ id: z.string(), name: z.string() }).nullable().meta({
      readOnly: true,
      description:
        "Read-only: the region the number was bought in (GET /regions/{country}); null for an extension and for a number ported in.",
    }),
    status: z.enum(numberStatuses).meta({
      readOnly: true,
      description:
        "Read-only: active; pending_documents (bought, configurable, but no call is routed until an approved bundle covers its required documents, by documents_due); aging (released, restorable until restorable_until); porting (being ported in from another carrier: configurable and previewable, but no call is routed and nothing is billed until its port order completes; it cannot be released or restored, 409 port_in_progress). Extensions are always active.",
    }),
    purchased_at: z.iso.datetime().nullable().meta({
      readOnly: true,
      description: "Read-only: when the number was bought; null for an extension.",
    }),
    restorable_until: z.iso.datetime().nullable().meta({
      readOnly: true,
      description:
        "Read-only: while aging, until when POST /numbers/{number_id}/restore brings it back; null otherwise.",
    }),
    documents_due: z.iso.datetime().nullable().meta({
      readOnly: true,
      description:
        "Read-only: while pending_documents, the deadline for an approved bundle that covers the number (the sale + DOCUMENTS_DUE_DAYS, default 14 days); at that moment a number still pending is released. Null otherwise.",
    }),
    locked: z
      .boolean()
      .meta({ description: "A locked number cannot be released (owner and admin change it)." }),
    tags: z.array(z.string()).meta({
      description: "The number's own labels, lower case: at most 20, each 1–40 characters of a-z 0-9 - _ :.",
    }),
    port_order_id: z.string().nullable().meta({
      readOnly: true,
      description:
        "Read-only: the port order that brought the number here from another carrier (GET /port_orders/{port_order_id}); null for a number bought here and for an extension.",
    }),
    porting_foc_at: z.iso.datetime().nullable().meta({
      readOnly: true,
      description:
        "Read-only: while porting, when the losing carrier confirmed the number moves (its port order's foc_at); null before the carrier confirms, and in every other status.",
    }),
    port_out_pin_set: z.boolean().meta({
      readOnly: true,
      description:
        "Read-only: whether a port-out PIN is set (PUT port_out_pin); the PIN itself is never answered.",
    }),
  })
  .meta({ id: "NumberConfiguration" });

const activeRuleSchema = z
  .object({
    number_id: z.string(),
    at: z.iso.datetime().meta({ description: "The instant evaluated, UTC." }),
    rule: ruleSchema
      .nullable()
      .meta({ description: "The rule that handles a call at that instant; null when none does." }),
    reason: z.string().meta({ description: "Why this rule, or why none: for people, not for parsing." }),
    in_force: z
      .object({
        version: z.number().int().nullable().meta({
          description: "The version of the rules that answered; null when no change was ever recorded.",
        }),
        since: z.iso
          .datetime()
          .nullable()
          .meta({ description: "When that version came into force; null when before the history begins." }),
        until: z.iso
          .datetime()
          .nullable()
          .meta({ description: "When the next change replaced it; null when it is the current version." }),
        description: z.string().meta({ description: "The version in words, for people." }),
      })
      .meta({
        description:
          "Which version of the rules answered: a past moment is answered with the rules in force then, not today's.",
      }),
  })
  .meta({ id: "ActiveRule" });

export const configurationChangeSchema = z
  .object({
    id: z.string(),
    number_id: z.string(),
    kind: z.enum(["created", "updated", "deleted", "released", "restored", "activated"]).meta({
      description:
        "What the change was: activated is an approved compliance bundle covering a number that waited for documents.",
    }),
    version: z.number().int(),
    changed_at: z.iso.datetime(),
    changed_by: z.object({
      type: z.enum(["user", "token", "system"]).meta({
        description:
          "system: the platform itself, e.g. a release because the number's documents were overdue.",
      }),
      name: z.string().meta({ description: "The user's name, the token's name, or system." }),
      // The role at the time: "customer" is what changes made before the five roles of
      // docs/CONTRACT.md §15 say; "system" is the platform's own change.
      role: z.enum([...roles, "customer", "system"]),
    }),
    before: numberConfigurationSchema
      .nullable()
      .meta({ description: "null when the change created the configuration." }),
    after: numberConfigurationSchema.nullable().meta({ description: "null when the change deleted it." }),
  })
  .meta({ id: "ConfigurationChange" });

/**
 * A configuration as the history or an event stored it: snapshots taken before number states
 * (docs/CONTRACT.md §16) lack its fields, and read as what every number was then (active,
 * unlocked, untagged); those taken before port-in (§20), as bought here with no port-out PIN.
 */
export function withLifecycleDefaults(stored: unknown): unknown {
  if (stored === null || typeof stored !== "object") return stored;
  return {
    status: "active",
    purchased_at: null,
    restorable_until: null,
    documents_due: null,
    locked: false,
    tags: [],
    port_order_id: null,
    porting_foc_at: null,
    port_out_pin_set: false,
    ...stored,
  };
}

export const numberConfigurationResponseSchema = z.object({ data: numberConfigurationSchema });
export const configurationHistoryResponseSchema = z.object({ data: z.array(configurationChangeSchema) });

export const numberConfigurationListResponseSchema = z.object({ data: z.array(numberConfigurationSchema) });
export const activeRuleResponseSchema = z.object({ data: activeRuleSchema });

export type Activation = z.infer<typeof activationSchema>;
export type Action = z.infer<typeof actionSchema>;
export type Rule = z.infer<typeof ruleSchema>;
export type NumberConfiguration = z.infer<typeof numberConfigurationSchema>;
export type ActiveRule = z.infer<typeof activeRuleSchema>;
export type ConfigurationChange = z.infer<typeof configurationChangeSchema>;
