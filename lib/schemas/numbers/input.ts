import { z } from "zod";
import { E164_PATTERN } from "@/lib/reference/e164";
import {
  callerIdValues,
  CLOCK_TIME,
  dayCodes,
  EXTENSION,
  isTimeZone,
  MAX_NUMBER_TAGS,
  NUMBER_TAG,
  minutesOfDay,
  SIP_ADDRESS,
} from "@/lib/schemas/numbers/fields";
import { numberConfigurationSchema } from "@/lib/schemas/numbers/responses";
import { documentedShapes, NOT_BLANK } from "@/lib/schemas/common";

// Changing a configuration (docs/CONTRACT.md §11).
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
      .refine((days) => new Set(days).size === days.length, "must not list a day twice")
      .meta({ uniqueItems: true, maxItems: dayCodes.length }),
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
  })
  .meta({
    maxProperties: MAX_TAGS,
    propertyNames: { type: "string", minLength: 1, maxLength: 64 },
    additionalProperties: { type: "string", maxLength: 256 },
  });

const dialActionInputSchema = z.strictObject({
  type: z.literal("dial"),
  destination: z
    .string({ error: "must be an E.164 number or a sip:user@host address" })
    .refine(
      (value) => E164_PATTERN.test(value) || SIP_ADDRESS.test(value),
      "must be an E.164 number such as +12125550100, or a sip:user@host address",
    )
    .meta({ pattern: `(${E164_PATTERN.source})|(${SIP_ADDRESS.source})` }),
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
  .refine((name) => name.trim() !== "", "must not be empty")
  .meta(NOT_BLANK);

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

const READ_ONLY = "Read-only: ignored when equal to the stored value; 400 when different.";
// Anything parses (the handler names a different value as read-only); the document types it as
// GET answers it, so a configuration read can be sent back as it is.
const readOnlyField = (field: z.ZodType) => {
  const given = z.unknown();
  documentedShapes.set(given, field);
  return given.optional().meta({ readOnly: true, description: READ_ONLY });
};
const stored = numberConfigurationSchema.shape;

// Office hours on weekdays ring the front desk; at any other time the caller gets voicemail.
const exampleRules = [
  {
    name: "Office hours",
    priority: 1,
    activations: [
      {
        days: ["mon", "tue", "wed", "thu", "fri"],
        start_time: "09:00",
        stop_time: "17:30",
        time_zone: "Europe/London",
      },
    ],
    action: {
      type: "dial",
      destination: "+442079460123",
      timeout_sec: 20,
      caller_id: "caller_number",
      tags: {},
    },
  },
  { name: "After hours", priority: 2, action: { type: "voicemail", tags: {} } },
];

// docs/CONTRACT.md §16: the number's own tags, stored lower case (they compare case-insensitively),
// each once.
const numberTagsInputSchema = z
  .array(
    z
      .string({ error: "must be a tag: 1 to 40 characters of a-z 0-9 - _ :" })
      .regex(NUMBER_TAG, "must be 1 to 40 characters of a-z 0-9 - _ : (such as sales:emea)"),
    { error: "must be a list of tags" },
  )
  .max(MAX_NUMBER_TAGS, `must have at most ${MAX_NUMBER_TAGS} tags`)
  .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))])
  .meta({ maxItems: MAX_NUMBER_TAGS, items: { type: "string", pattern: NUMBER_TAG.source } });

// docs/CONTRACT.md §20: the PIN another carrier must quote to port the number away. Write-only:
// stored hashed, read back as port_out_pin_set.
const PORT_OUT_PIN = /^\d{4,10}$/;
const portOutPinInputSchema = z
  .string({ error: "must be 4 to 10 digits, or null to clear it" })
  .regex(PORT_OUT_PIN, "must be 4 to 10 digits")
  .nullable()
  .optional()
  .meta({
    writeOnly: true,
    description:
      "Numbers only, owner and admin (numbers:release, as locked): the port-out PIN, 4–10 digits, that another carrier must quote to port the number away; null clears it; absent = unchanged. Stored hashed and never answered: read port_out_pin_set.",
  });

/** PUT /numbers/{number_id}, PUT /extension/{extension}: the new name and rules. */
export const configurationInputSchema = z
  .strictObject({
    number_id: readOnlyField(stored.number_id),
    organization_id: readOnlyField(stored.organization_id),
    number: readOnlyField(stored.number),
    country_code: readOnlyField(stored.country_code),
    local_format: readOnlyField(stored.local_format),
    number_type: readOnlyField(stored.number_type),
    region: readOnlyField(stored.region),
    status: readOnlyField(stored.status),
    purchased_at: readOnlyField(stored.purchased_at),
    restorable_until: readOnlyField(stored.restorable_until),
    documents_due: readOnlyField(stored.documents_due),
    port_order_id: readOnlyField(stored.port_order_id),
    porting_foc_at: readOnlyField(stored.porting_foc_at),
    port_out_pin_set: readOnlyField(stored.port_out_pin_set),
    port_out_pin: portOutPinInputSchema,
    locked: z
      .boolean({ error: "must be true or false" })
      .optional()
      .meta({ description: "Lock against release (owner and admin only); absent = unchanged." }),
    tags: numberTagsInputSchema
      .optional()
      .meta({ description: "The number's tags, replacing the stored ones; absent = unchanged." }),
    name: nameInputSchema,
    rules: z
      .array(ruleInputSchema, { error: "must be a list of rules" })
      .max(MAX_RULES, `must have at most ${MAX_RULES} rules`),
  })
  .meta({
    id: "ConfigurationInput",
    description: "A configuration to store: its name and rules replace the stored ones.",
    examples: [{ name: "Main line", rules: exampleRules }],
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
  .meta({ id: "ExtensionInput", examples: [{ extension: "101", name: "Reception", rules: exampleRules }] });

export const ifMatchHeaderSchema = z.string().max(1000, "If-Match is at most 1000 characters");

export type ConfigurationInput = z.output<typeof configurationInputSchema>;
export type RuleInput = z.output<typeof ruleInputSchema>;
