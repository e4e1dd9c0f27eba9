import type { Prisma } from "@/lib/generated/prisma/client";
import { callingCodeAndNational } from "@/lib/reference/phone";
import { numberConfigurationSchema, type NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { numberStateFacts } from "@/lib/schemas/number-states";

// Stored configuration → the API's NumberConfiguration. The one place that knows both shapes.

/** What every read of a configuration loads: rules by priority (ties by id), activations in order. */
export const configurationInclude = {
  // The number bought from the inventory, for its type and region (read-only in the answer).
  inventoryNumber: { select: { numberTypeId: true, region: { select: { id: true, name: true } } } },
  // A number ported in has no inventory row: its type is its port order's, and while porting
  // the order's FOC is the number's.
  portOrder: { select: { numberType: true, focAt: true } },
  rules: {
    orderBy: [{ priority: "asc" }, { id: "asc" }],
    include: { activations: { orderBy: { position: "asc" } } },
  },
} satisfies Prisma.NumberConfigurationInclude;

export type ConfigurationRow = Prisma.NumberConfigurationGetPayload<{ include: typeof configurationInclude }>;
type RuleRow = ConfigurationRow["rules"][number];

/**
 * Parsed through the schema, so a stored row that breaks it (a dial rule without a
 * destination, an unknown day code) is an internal error here rather than a wrong answer.
 */
export function toNumberConfiguration(row: ConfigurationRow): NumberConfiguration {
  // country_code and local_format are derived, never stored: they cannot disagree with the number.
  const described = row.kind === "number" ? phoneFields(row.number) : null;
  return numberConfigurationSchema.parse({
    number_id: row.id,
    organization_id: row.organizationId,
    number: row.number,
    name: row.name,
    rules: row.rules.map(toRule),
    country_code: described?.callingCode ?? null,
    local_format: described?.localFormat ?? null,
    number_type: row.inventoryNumber?.numberTypeId ?? row.portOrder?.numberType ?? null,
    region: row.inventoryNumber?.region ?? null,
    status: row.status,
    purchased_at: row.kind === "number" ? row.createdAt.toISOString() : null,
    restorable_until: numberStateFacts[row.status].restorable
      ? (row.restorableUntil?.toISOString() ?? null)
      : null,
    documents_due: row.status === "pending_documents" ? (row.documentsDue?.toISOString() ?? null) : null,
    locked: row.locked,
    tags: row.tags,
    port_order_id: row.portOrderId,
    porting_foc_at: row.status === "porting" ? (row.portOrder?.focAt?.toISOString() ?? null) : null,
    port_out_pin_set: row.portOutPinHash !== null,
  });
}

// libphonenumber's parse costs about 0.07 ms a number (one whose calling code several countries
// share, +44 or +1, is matched against each one's patterns), and a bulk job's batch reads each
// number before and after its change: what it derives is remembered per number (it depends on
// nothing else), a bounded set, forgotten whole when full.
const PHONE_FIELDS_KEPT = 10_000;
const phoneFieldsOf = new Map<string, { callingCode: string; localFormat: string } | null>();

function phoneFields(number: string): { callingCode: string; localFormat: string } | null {
  const known = phoneFieldsOf.get(number);
  if (known !== undefined) return known;
  const parts = callingCodeAndNational(number);
  const fields = parts ? { callingCode: parts.callingCode, localFormat: parts.national } : null;
  if (phoneFieldsOf.size >= PHONE_FIELDS_KEPT) phoneFieldsOf.clear();
  phoneFieldsOf.set(number, fields);
  return fields;
}

function toRule(row: RuleRow) {
  return {
    target_id: row.targetId,
    name: row.name,
    priority: row.priority,
    disabled: row.disabled,
    activations: row.activations.map((activation) => ({
      start: Math.floor(activation.startsAt.getTime() / 1000),
      stop: activation.stopsAt === null ? null : Math.floor(activation.stopsAt.getTime() / 1000),
      days: activation.days,
      start_time: activation.startTime,
      stop_time: activation.stopTime,
      time_zone: activation.timeZone,
    })),
    action:
      row.actionType === "dial"
        ? {
            type: row.actionType,
            destination: row.destination,
            timeout_sec: row.timeoutSec,
            caller_id: row.callerId,
            tags: row.tags,
          }
        : { type: row.actionType, tags: row.tags },
  };
}
