import { z } from "zod";
import {
  boundedInt,
  documentedAs,
  organizationIdFilterSchema,
  PARAMETER_SCHEMA_KEY,
} from "@/lib/schemas/common";
import { CONTAINS_MAX_DIGITS, NUMBER_PAGE } from "@/lib/schemas/limits";

import { E164_PATTERN } from "@/lib/reference/e164";

// Number and extension configuration (spec §2.11–2.14, contract §8). These schemas shape
// the responses, validate the query strings and drive the OpenAPI document.

const EXTENSION = /^\d{2,8}$/;
// sip:user@host[:port]; the user part may hold the characters RFC 3261 allows unescaped.
const SIP_ADDRESS = /^sip:[A-Za-z0-9\-_.!~*'()&=+$,;?/%]+@[A-Za-z0-9.-]+(:\d{1,5})?$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// An IANA name ("Europe/Berlin", "UTC"); Intl alone would also take offsets such as "+01:00".
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

export const dayCodes = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const callerIdValues = ["caller_number", "dialed_number"] as const;
const MAX_NUMBERS_PER_SEARCH = 100;

const knownZones = new Set<string>();

/** True when the runtime's time-zone data knows the IANA name. */
function isTimeZone(name: string): boolean {
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

const clockTimeSchema = z.string().regex(CLOCK_TIME, "must be a 24-hour HH:MM time");

const minutesOfDay = (time: string | null, fallback: number) =>
  time === null ? fallback : Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

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
    number_type: z.string().nullable().meta({
      readOnly: true,
      description:
        'Read-only: the type the number was bought as ("local", "mobile", …: GET /number_types); null for an extension.',
    }),
    region: z.object({ id: z.string(), name: z.string() }).nullable().meta({
      readOnly: true,
      description:
        "Read-only: the region the number was bought in (GET /regions/{country}); null for an extension.",
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
  })
  .meta({ id: "ActiveRule" });

// ---------------------------------------------------------------- requests

const once = (name: string) => `${name} must be given once`;

// URLSearchParams reads a literal "+" as a space, so an unencoded "+4420…" arrives as " 4420…".
const restorePlus = (value: string) => (value.startsWith(" ") ? `+${value.slice(1)}` : value);

const numberParamSchema = documentedAs(
  z
    .string({ error: `${once("number")}; use numbers for several` })
    .transform(restorePlus)
    .pipe(z.string().regex(E164_PATTERN, "number must be one E.164 number, such as +442079460000")),
  { type: "string", pattern: E164_PATTERN.source, examples: ["+442079460000"] },
);

const numbersParamSchema = documentedAs(
  z.union([z.string(), z.array(z.string())]).transform((value, context) => {
    // Repeating the parameter works as well as a comma-separated list.
    const items = [value]
      .flat()
      .flatMap((part) => part.split(","))
      .map(restorePlus);
    if (items.length > MAX_NUMBERS_PER_SEARCH) {
      context.addIssue({
        code: "custom",
        message: `numbers takes at most ${MAX_NUMBERS_PER_SEARCH} numbers`,
        input: `${items.length} numbers`,
      });
      return z.NEVER;
    }
    const malformed = items.find((item) => !E164_PATTERN.test(item));
    if (malformed !== undefined) {
      context.addIssue({
        code: "custom",
        message:
          "numbers must be a comma-separated list of E.164 numbers, such as +442079460000,+12125550100",
        input: malformed,
      });
      return z.NEVER;
    }
    return [...new Set(items)];
  }),
  {
    type: "array",
    items: { type: "string", pattern: E164_PATTERN.source },
    minItems: 1,
    maxItems: MAX_NUMBERS_PER_SEARCH,
    explode: false,
  },
);

const CONTAINS_MESSAGE = `contains must hold 1 to ${CONTAINS_MAX_DIGITS} digits, written in any format such as (212) 202-7333 or +44 20 4903`;

// Digits as people write them: spaces, brackets, dashes, dots and slashes are dropped, and a
// leading + (or the space an unencoded + decodes to) is ignored. What is left is matched.
const containsParamSchema = z
  .string({ error: once("contains") })
  .regex(/^[\s+]?[\d\s().\-/]+$/, CONTAINS_MESSAGE)
  .transform((value) => value.replace(/\D/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{1,${CONTAINS_MAX_DIGITS}}$`), CONTAINS_MESSAGE));

export const numberSearchQuerySchema = z.strictObject({
  number_id: z
    .string({ error: once("number_id") })
    .min(1, "number_id must not be empty")
    .max(200, "number_id is at most 200 characters")
    .optional()
    .meta({ description: "Exactly this number_id." }),
  number: numberParamSchema.optional().meta({
    description: "One E.164 number; send + as %2B (an unencoded +, read as a space, is taken as + too).",
  }),
  numbers: numbersParamSchema.optional().meta({
    description: `Comma-separated E.164 numbers, at most ${MAX_NUMBERS_PER_SEARCH}; the parameter may also be repeated.`,
  }),
  name: z
    .string({ error: once("name") })
    .max(200, "name is at most 200 characters")
    .optional()
    .meta({ description: "Case-insensitive substring of the name." }),
  contains: containsParamSchema.optional().meta({
    description: `Digits as people write them, in any format ("(212) 202-7333", "020 4903 8196", "+44 20…", "7333"): 1–${CONTAINS_MAX_DIGITS} digits matched anywhere in the E.164 number, its national format (with the trunk prefix, such as the UK's 0) or an extension.`,
  }),
  organization_id: organizationIdFilterSchema,
  limit: boundedInt("limit", 1, NUMBER_PAGE.maxLimit, NUMBER_PAGE.defaultLimit).meta({
    description: `Page size, 1–${NUMBER_PAGE.maxLimit}; default ${NUMBER_PAGE.defaultLimit}.`,
  }),
  offset: boundedInt("offset", 0, NUMBER_PAGE.maxOffset, 0).meta({
    description: "Configurations to skip; X-Total-Count says how many match.",
  }),
});

export const extensionParamsSchema = z.strictObject({
  extension: documentedAs(z.string().regex(EXTENSION, "extension must be 2 to 8 digits"), {
    type: "string",
    pattern: EXTENSION.source,
    examples: ["101"],
  }),
});

export const extensionQuerySchema = z.strictObject({
  organization_id: organizationIdFilterSchema,
});

export const numberIdParamsSchema = z.strictObject({
  number_id: documentedAs(z.string().min(1).max(200, "number_id is at most 200 characters"), {
    type: "string",
    minLength: 1,
    maxLength: 200,
    description: "A configuration's number_id (GET /numbers).",
    examples: ["num_acme_main"],
  }),
});

const AT_MESSAGE = "at must be an ISO 8601 time with seconds and a zone, such as 2026-03-08T07:30:00Z";

export const activeRuleQuerySchema = z.strictObject({
  at: z
    .string({ error: AT_MESSAGE })
    // An unencoded "+01:00" offset arrives as " 01:00"; nothing else can put a space there.
    .transform((value) => value.replace(/ (\d{2}:\d{2})$/, "+$1"))
    .pipe(z.iso.datetime({ offset: true, error: AT_MESSAGE }))
    .transform((value) => new Date(value))
    .meta({
      [PARAMETER_SCHEMA_KEY]: { type: "string", format: "date-time", examples: ["2026-03-08T07:30:00Z"] },
    })
    .optional()
    .meta({
      description:
        "The instant to evaluate, ISO 8601 with a zone (2026-03-08T07:30:00Z or …-05:00); default now.",
    }),
});

// ---------------------------------------------------------------- changing a configuration (§11)
//
// The body of PUT /numbers/{number_id} and of the extension writes: the NumberConfiguration
// shape with its limits, and defaults where a field has an obvious "nothing" value. Checks
// that need the number (allowed destinations, read-only fields) and the ones across rules
// (unique priorities) live in lib/numbers/validate-configuration.ts, which runs this first.

const MAX_RULES = 50;
const MAX_ACTIVATIONS = 20;
const MAX_TAGS = 20;
const MAX_NAME_LENGTH = 100;
const MIN_TIMEOUT_SEC = 5;
const MAX_TIMEOUT_SEC = 300;
const DEFAULT_TIMEOUT_SEC = 30;
// 9999-12-31T23:59:59Z: beyond it a stored time cannot be shown as an ISO date.
const MAX_EPOCH_SECONDS = 253_402_300_799;
const MAX_PRIORITY = 2_147_483_647;

const epochSecondsSchema = z
  .number({ error: "must be Unix epoch seconds" })
  .int("must be whole Unix epoch seconds")
  .min(0, "must not be before 1970")
  .max(MAX_EPOCH_SECONDS, "must not be after the year 9999");

const clockTimeInputSchema = z
  .string({ error: "must be a 24-hour HH:MM time or null" })
  .regex(CLOCK_TIME, "must be a 24-hour HH:MM time such as 09:30");

const activationInputSchema = z
  .strictObject({
    start: epochSecondsSchema.default(0),
    stop: epochSecondsSchema.nullable().default(null),
    days: z
      .array(z.enum(dayCodes, { error: "must be one of mon tue wed thu fri sat sun" }), {
        error: "must be a list of days",
      })
      .default([])
      .refine((days) => new Set(days).size === days.length, "must not list a day twice"),
    start_time: clockTimeInputSchema.nullable().default(null),
    stop_time: clockTimeInputSchema.nullable().default(null),
    time_zone: z
      .string({ error: "must be an IANA time zone such as Europe/Berlin" })
      .refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin"),
  })
  .refine((activation) => activation.stop === null || activation.stop > activation.start, {
    message: "must be after start",
    path: ["stop"],
  })
  .refine(
    (activation) => minutesOfDay(activation.start_time, 0) !== minutesOfDay(activation.stop_time, 24 * 60),
    {
      message: "must differ from start_time: the window would never open",
      path: ["stop_time"],
    },
  )
  .meta({ id: "ActivationInput" });

const tagsInputSchema = z
  .record(z.string(), z.string({ error: "must be a string" }), {
    error: "must be an object of names and string values",
  })
  .default({})
  .superRefine((tags, context) => {
    const names = Object.keys(tags);
    if (names.length > MAX_TAGS)
      context.addIssue({
        code: "custom",
        message: `must have at most ${MAX_TAGS} tags`,
        input: `${names.length} tags`,
      });
    for (const name of names) {
      if (name.length < 1 || name.length > 64)
        context.addIssue({
          code: "custom",
          path: [name],
          message: "must be a tag name of 1 to 64 characters",
          input: name,
        });
      else if (tags[name].length > 256)
        context.addIssue({
          code: "custom",
          path: [name],
          message: "must be at most 256 characters",
          input: tags[name],
        });
    }
  });

const dialActionInputSchema = z.strictObject({
  type: z.literal("dial"),
  destination: z
    .string({ error: "must be an E.164 number or a sip:user@host address" })
    .refine(
      (value) => E164_PATTERN.test(value) || SIP_ADDRESS.test(value),
      "must be an E.164 number such as +12125550100, or a sip:user@host address",
    ),
  timeout_sec: z
    .number({ error: `must be a whole number of seconds, ${MIN_TIMEOUT_SEC}–${MAX_TIMEOUT_SEC}` })
    .int(`must be a whole number of seconds, ${MIN_TIMEOUT_SEC}–${MAX_TIMEOUT_SEC}`)
    .min(MIN_TIMEOUT_SEC, `must be between ${MIN_TIMEOUT_SEC} and ${MAX_TIMEOUT_SEC} seconds`)
    .max(MAX_TIMEOUT_SEC, `must be between ${MIN_TIMEOUT_SEC} and ${MAX_TIMEOUT_SEC} seconds`)
    .default(DEFAULT_TIMEOUT_SEC),
  caller_id: z
    .enum(callerIdValues, { error: "must be caller_number or dialed_number" })
    .default("caller_number"),
  tags: tagsInputSchema,
});

const endActionInputSchema = z.strictObject({ type: z.enum(["voicemail", "hangup"]), tags: tagsInputSchema });

const actionInputSchema = z
  .discriminatedUnion("type", [dialActionInputSchema, endActionInputSchema], {
    error: "must be an action whose type is dial, voicemail or hangup",
  })
  .meta({ id: "ActionInput" });

const nameInputSchema = z
  .string({ error: "must be a name" })
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
  .refine((name) => name.trim() !== "", "must not be empty");

export const ruleInputSchema = z
  .strictObject({
    target_id: z
      .string({ error: "must be a string or null" })
      .max(200, "must be at most 200 characters")
      .nullable()
      .default(null),
    name: nameInputSchema,
    priority: z
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .max(MAX_PRIORITY, `must be at most ${MAX_PRIORITY}`),
    disabled: z.boolean({ error: "must be true or false" }).default(false),
    activations: z
      .array(activationInputSchema, { error: "must be a list" })
      .max(MAX_ACTIVATIONS, `must have at most ${MAX_ACTIVATIONS} activations`)
      .default([]),
    action: actionInputSchema,
  })
  .meta({ id: "RuleInput" });

const readOnlyField = (description: string) => z.unknown().optional().meta({ readOnly: true, description });

/** PUT /numbers/{number_id}, PUT /extension/{extension}: the new name and rules. */
export const configurationInputSchema = z
  .strictObject({
    number_id: readOnlyField("Ignored when equal to the stored value; 400 when different."),
    organization_id: readOnlyField("Ignored when equal to the stored value; 400 when different."),
    number: readOnlyField("Ignored when equal to the stored value; 400 when different."),
    country_code: readOnlyField("Ignored when equal to the stored value; 400 when different."),
    local_format: readOnlyField("Ignored when equal to the stored value; 400 when different."),
    number_type: readOnlyField("Ignored when equal to the stored value; 400 when different."),
    region: readOnlyField("Ignored when equal to the stored value; 400 when different."),
    name: nameInputSchema,
    rules: z
      .array(ruleInputSchema, { error: "must be a list of rules" })
      .max(MAX_RULES, `must have at most ${MAX_RULES} rules`),
  })
  .meta({
    id: "ConfigurationInput",
    description: "A configuration to store: its name and rules replace the stored ones.",
  });

/** POST /extensions. */
export const extensionInputSchema = z
  .strictObject({
    extension: z.string({ error: "must be 2 to 8 digits" }).regex(EXTENSION, "must be 2 to 8 digits"),
    name: nameInputSchema,
    rules: z
      .array(ruleInputSchema, { error: "must be a list of rules" })
      .max(MAX_RULES, `must have at most ${MAX_RULES} rules`)
      .default([]),
  })
  .meta({ id: "ExtensionInput" });

export const ifMatchHeaderSchema = z.string().max(1000, "If-Match is at most 1000 characters");

export const configurationChangeSchema = z
  .object({
    id: z.string(),
    number_id: z.string(),
    kind: z.enum(["created", "updated", "deleted"]),
    version: z.number().int(),
    changed_at: z.iso.datetime(),
    changed_by: z.object({
      type: z.enum(["user", "token"]),
      name: z.string().meta({ description: "The user's name, or the token's name." }),
      role: z.enum(["customer", "support"]),
    }),
    before: numberConfigurationSchema
      .nullable()
      .meta({ description: "null when the change created the configuration." }),
    after: numberConfigurationSchema.nullable().meta({ description: "null when the change deleted it." }),
  })
  .meta({ id: "ConfigurationChange" });

const HISTORY_PAGE = { defaultLimit: 20, maxLimit: 100, maxOffset: 100_000 } as const;

const pageInt = (name: string, min: number, max: number, fallback: number) =>
  z
    .string({ error: `${name} must be given once` })
    .regex(/^\d{1,7}$/, `${name} must be a whole number between ${min} and ${max}`)
    .transform(Number)
    .refine(
      (value) => value >= min && value <= max,
      `${name} must be a whole number between ${min} and ${max}`,
    )
    .optional()
    .transform((value) => value ?? fallback);

export const historyQuerySchema = z.strictObject({
  limit: pageInt("limit", 1, HISTORY_PAGE.maxLimit, HISTORY_PAGE.defaultLimit).meta({
    description: `1–${HISTORY_PAGE.maxLimit}, default ${HISTORY_PAGE.defaultLimit}`,
  }),
  offset: pageInt("offset", 0, HISTORY_PAGE.maxOffset, 0).meta({ description: "0–100000, default 0" }),
});

export const extensionWriteQuerySchema = z.strictObject({
  organization_id: organizationIdFilterSchema,
});

export const numberConfigurationResponseSchema = z.object({ data: numberConfigurationSchema });
export const configurationHistoryResponseSchema = z.object({ data: z.array(configurationChangeSchema) });

export const numberConfigurationListResponseSchema = z.object({ data: z.array(numberConfigurationSchema) });
export const activeRuleResponseSchema = z.object({ data: activeRuleSchema });

export type DayCode = (typeof dayCodes)[number];
export type Activation = z.infer<typeof activationSchema>;
export type Action = z.infer<typeof actionSchema>;
export type Rule = z.infer<typeof ruleSchema>;
export type NumberConfiguration = z.infer<typeof numberConfigurationSchema>;
export type ActiveRule = z.infer<typeof activeRuleSchema>;
export type NumberSearchQuery = z.infer<typeof numberSearchQuerySchema>;
export type ConfigurationInput = z.output<typeof configurationInputSchema>;
export type RuleInput = z.output<typeof ruleInputSchema>;
export type ConfigurationChange = z.infer<typeof configurationChangeSchema>;
