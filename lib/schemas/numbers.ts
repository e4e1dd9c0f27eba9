import { z } from "zod";

// Number and extension configuration (spec §2.11–2.14, contract §8). These schemas shape
// the responses, validate the query strings and drive the OpenAPI document.

const E164 = /^\+[1-9]\d{1,14}$/;
const EXTENSION = /^\d{2,8}$/;
// sip:user@host[:port]; the user part may hold the characters RFC 3261 allows unescaped.
const SIP_ADDRESS = /^sip:[A-Za-z0-9\-_.!~*'()&=+$,;?/%]+@[A-Za-z0-9.-]+(:\d{1,5})?$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// An IANA name ("Europe/Berlin", "UTC"); Intl alone would also take offsets such as "+01:00".
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

export const dayCodes = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const callerIdValues = ["caller_number", "dialed_number"] as const;
export const MAX_NUMBERS_PER_SEARCH = 100;

const knownZones = new Set<string>();

/** True when the runtime's time-zone data knows the IANA name. */
export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (!ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
  } catch {
    return false;
  }
  knownZones.add(name);
  return true;
}

export const e164Schema = z.string().regex(E164, "must be an E.164 number such as +442079460000");

const clockTimeSchema = z.string().regex(CLOCK_TIME, "must be a 24-hour HH:MM time");

const minutesOfDay = (time: string | null, fallback: number) => (time === null ? fallback : Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));

export const activationSchema = z
  .object({
    start: z.number().int().meta({ description: "Unix epoch seconds: the activation applies from this instant on." }),
    stop: z.number().int().nullable().meta({ description: "Unix epoch seconds, exclusive; null = open-ended." }),
    days: z.array(z.enum(dayCodes)).meta({
      description: "Local weekdays the daily window starts on, in time_zone; empty = every day. A window crossing midnight belongs to the day it starts on.",
    }),
    start_time: clockTimeSchema.nullable().meta({ description: "Local HH:MM (24-hour) the daily window opens; null = 00:00." }),
    stop_time: clockTimeSchema.nullable().meta({
      description: "Local HH:MM (24-hour) the daily window closes, exclusive; null = end of day. Before start_time = the window crosses midnight.",
    }),
    time_zone: z.string().refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin").meta({
      description: "IANA time zone of days, start_time and stop_time; daylight-saving changes are honoured (wall-clock time).",
    }),
  })
  .refine((activation) => activation.stop === null || activation.stop > activation.start, { message: "stop must be after start", path: ["stop"] })
  // A null start_time is 00:00 and a null stop_time the end of the day, so only two equal
  // times (or null and "00:00") make a window that never opens.
  .refine((activation) => minutesOfDay(activation.start_time, 0) !== minutesOfDay(activation.stop_time, 24 * 60), {
    message: "start_time and stop_time must differ: the window would never open",
    path: ["stop_time"],
  })
  .meta({ id: "Activation", description: "When a rule applies: an instant range, and optionally weekdays and a daily local-time window." });

const tagsSchema = z.record(z.string(), z.string()).meta({ description: "Free-form labels passed on with the call." });

export const dialActionSchema = z
  .object({
    type: z.literal("dial"),
    destination: z
      .string()
      .refine((value) => E164.test(value) || SIP_ADDRESS.test(value), "must be an E.164 number or a sip:user@host address")
      .meta({ description: "An E.164 number or a sip:user@host address." }),
    timeout_sec: z.number().int().min(5).max(300).meta({ description: "Seconds to ring before the call moves on, 5–300." }),
    caller_id: z.enum(callerIdValues).meta({ description: "caller_number shows the caller's number; dialed_number shows the number that was called." }),
    tags: tagsSchema,
  })
  .meta({ id: "DialAction" });

export const endActionSchema = z
  .object({ type: z.enum(["voicemail", "hangup"]), tags: tagsSchema })
  .meta({ id: "EndAction", description: "Send the call to voicemail, or hang up." });

export const actionSchema = z.discriminatedUnion("type", [dialActionSchema, endActionSchema]).meta({ id: "Action" });

export const ruleSchema = z
  .object({
    target_id: z.string().nullable().meta({ description: "The caller's own id for what the rule targets; null when none." }),
    name: z.string().min(1),
    priority: z.number().int().meta({ description: "Lower runs first; ties keep their stored order." }),
    disabled: z.boolean(),
    activations: z.array(activationSchema).meta({ description: "The rule applies when any activation matches; empty = always." }),
    action: actionSchema,
  })
  .meta({ id: "Rule" });

export const numberConfigurationSchema = z
  .object({
    number_id: z.string(),
    organization_id: z.string(),
    number: z
      .string()
      .refine((value) => E164.test(value) || EXTENSION.test(value), "must be an E.164 number or a 2–8 digit extension")
      .meta({ description: "An E.164 number, or a user extension of 2–8 digits." }),
    name: z.string(),
    rules: z.array(ruleSchema).meta({ description: "Sorted by priority, lowest first; the first enabled rule whose activation matches handles a call." }),
    country_code: z
      .string()
      .regex(/^\d{1,3}$/)
      .nullable()
      .meta({ readOnly: true, description: "Read-only, derived from the number: its country calling code without the plus (\"44\"); null for an extension." }),
    local_format: z
      .string()
      .nullable()
      .meta({ readOnly: true, description: "Read-only, derived from the number: the national format (\"020 7946 0000\"); null for an extension." }),
  })
  .meta({ id: "NumberConfiguration" });

export const activeRuleSchema = z
  .object({
    number_id: z.string(),
    at: z.iso.datetime().meta({ description: "The instant evaluated, UTC." }),
    rule: ruleSchema.nullable().meta({ description: "The rule that handles a call at that instant; null when none does." }),
    reason: z.string().meta({ description: "Why this rule, or why none: for people, not for parsing." }),
  })
  .meta({ id: "ActiveRule" });

// ---------------------------------------------------------------- requests

const once = (name: string) => `${name} must be given once`;

// URLSearchParams reads a literal "+" as a space, so an unencoded "+4420…" arrives as " 4420…".
const restorePlus = (value: string) => (value.startsWith(" ") ? `+${value.slice(1)}` : value);

const numberParamSchema = z
  .string({ error: `${once("number")}; use numbers for several` })
  .transform(restorePlus)
  .pipe(z.string().regex(E164, "number must be one E.164 number, such as +442079460000"));

const numbersParamSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value, context) => {
    // Repeating the parameter works as well as a comma-separated list.
    const items = [value].flat().flatMap((part) => part.split(",")).map(restorePlus);
    if (items.length > MAX_NUMBERS_PER_SEARCH) {
      context.addIssue({ code: "custom", message: `numbers takes at most ${MAX_NUMBERS_PER_SEARCH} numbers`, input: `${items.length} numbers` });
      return z.NEVER;
    }
    const malformed = items.find((item) => !E164.test(item));
    if (malformed !== undefined) {
      context.addIssue({ code: "custom", message: "numbers must be a comma-separated list of E.164 numbers, such as +442079460000,+12125550100", input: malformed });
      return z.NEVER;
    }
    return [...new Set(items)];
  });

const organizationIdParamSchema = z.string({ error: once("organization_id") }).min(1, "organization_id must not be empty").max(200, "organization_id is at most 200 characters");

export const numberSearchQuerySchema = z.strictObject({
  number_id: z
    .string({ error: once("number_id") })
    .min(1, "number_id must not be empty")
    .max(200, "number_id is at most 200 characters")
    .optional()
    .meta({ description: "Exactly this number_id." }),
  number: numberParamSchema.optional().meta({ description: "One E.164 number; send + as %2B (an unencoded +, read as a space, is taken as + too)." }),
  numbers: numbersParamSchema
    .optional()
    .meta({ description: `Comma-separated E.164 numbers, at most ${MAX_NUMBERS_PER_SEARCH}; the parameter may also be repeated.` }),
  name: z.string({ error: once("name") }).max(200, "name is at most 200 characters").optional().meta({ description: "Case-insensitive substring of the name." }),
  organization_id: organizationIdParamSchema
    .optional()
    .meta({ description: "Support users only: one organization's configurations. A customer sending it gets 400." }),
});

export const extensionParamsSchema = z.strictObject({
  extension: z.string().regex(EXTENSION, "extension must be 2 to 8 digits"),
});

export const extensionQuerySchema = z.strictObject({
  organization_id: organizationIdParamSchema.optional().meta({ description: "Support users only: one organization's configurations." }),
});

export const numberIdParamsSchema = z.strictObject({ number_id: z.string().min(1).max(200, "number_id is at most 200 characters") });

const AT_MESSAGE = "at must be an ISO 8601 time with seconds and a zone, such as 2026-03-08T07:30:00Z";

export const activeRuleQuerySchema = z.strictObject({
  at: z
    .string({ error: AT_MESSAGE })
    // An unencoded "+01:00" offset arrives as " 01:00"; nothing else can put a space there.
    .transform((value) => value.replace(/ (\d{2}:\d{2})$/, "+$1"))
    .pipe(z.iso.datetime({ offset: true, error: AT_MESSAGE }))
    .transform((value) => new Date(value))
    .optional()
    .meta({ description: "The instant to evaluate, ISO 8601 with a zone (2026-03-08T07:30:00Z or …-05:00); default now." }),
});

export const numberConfigurationListResponseSchema = z.object({ data: z.array(numberConfigurationSchema) });
export const activeRuleResponseSchema = z.object({ data: activeRuleSchema });

export type DayCode = (typeof dayCodes)[number];
export type Activation = z.infer<typeof activationSchema>;
export type Action = z.infer<typeof actionSchema>;
export type Rule = z.infer<typeof ruleSchema>;
export type NumberConfiguration = z.infer<typeof numberConfigurationSchema>;
export type ActiveRule = z.infer<typeof activeRuleSchema>;
export type NumberSearchQuery = z.infer<typeof numberSearchQuerySchema>;
