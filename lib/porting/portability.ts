import "server-only";

import { getPrisma } from "@/lib/db/client";
import { describeE164, libphonenumberTypesFor } from "@/lib/reference/phone";
import { numberTypeIds, type NumberTypeId } from "@/lib/reference/number-types";
import { earliestFocDate, formatDay } from "@/lib/porting/business-days";
import { losingCarrier } from "@/lib/porting/carriers";
import type { Portability } from "@/lib/schemas/porting";

// POST /portability_checks (docs/CONTRACT.md §20): whether each number can be ported in, and
// what an order of it would be (its losing carrier, country and number type). A number is not
// portable when it is here already (a configuration of any organization holds it, or it is in
// our inventory: already_here), when it is in another open port (a submitted order holds it:
// port_in_progress), when we do not sell its country and type (no product: not_served), or when
// the losing carrier says so (carrier_refused, not_in_service).

/** A number's country and our number type, as libphonenumber reads it; null when it is neither. */
function classifyNumber(numberE164: string): { country: string; numberType: NumberTypeId } | null {
  const described = describeE164(numberE164);
  if (!described?.countryId || described.type === null) return null;
  const type = described.type;
  const numberType = numberTypeIds.find((id) => libphonenumberTypesFor[id].includes(type));
  return numberType === undefined ? null : { country: described.countryId, numberType };
}

/** The (country, number type) pairs a product sells, of those asked. */
async function servedPairs(pairs: readonly { country: string; numberType: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const prisma = await getPrisma();
  const rows = await prisma.product.findMany({
    where: { OR: pairs.map((pair) => ({ countryId: pair.country, numberTypeId: pair.numberType })) },
    select: { countryId: true, numberTypeId: true },
    distinct: ["countryId", "numberTypeId"],
  });
  return new Set(rows.map((row) => `${row.countryId.trim()}:${row.numberTypeId}`));
}

/** The numbers that are here already: configured by any organization, or in our inventory. */
async function numbersHere(numbers: readonly string[]): Promise<Set<string>> {
  const prisma = await getPrisma();
  const [configured, inventory] = await Promise.all([
    prisma.numberConfiguration.findMany({
      // A porting configuration is an open port's (port_in_progress), not a number here.
      where: { kind: "number", number: { in: [...numbers] }, status: { not: "porting" } },
      select: { number: true },
    }),
    prisma.inventoryNumber.findMany({
      where: { numberE164: { in: [...numbers] } },
      select: { numberE164: true },
    }),
  ]);
  return new Set([...configured.map((row) => row.number), ...inventory.map((row) => row.numberE164)]);
}

/** The numbers in an open (submitted, not yet finished) port, whoever ordered it. */
async function numbersInOpenPorts(numbers: readonly string[]): Promise<Set<string>> {
  const prisma = await getPrisma();
  const rows = await prisma.portOrderNumber.findMany({
    where: { numberE164: { in: [...numbers] }, status: "pending" },
    select: { numberE164: true },
  });
  return new Set(rows.map((row) => row.numberE164));
}

/** Each number's portability, in the order asked. */
export async function checkPortability(
  numbers: readonly string[],
  now: Date = new Date(),
): Promise<Portability[]> {
  const classes = new Map(numbers.map((number) => [number, classifyNumber(number)]));
  const known = [...classes.values()].filter((value) => value !== null);
  const [served, here, open, answers] = await Promise.all([
    servedPairs(known),
    numbersHere(numbers),
    numbersInOpenPorts(numbers),
    losingCarrier().checkPortability(numbers),
  ]);
  const carrierAnswers = new Map(answers.map((answer) => [answer.numberE164, answer]));
  const earliest = formatDay(earliestFocDate(now));
  return numbers.map((number) => {
    const kind = classes.get(number) ?? null;
    const answer = carrierAnswers.get(number);
    const reason = here.has(number)
      ? "already_here"
      : open.has(number)
        ? "port_in_progress"
        : kind === null || !served.has(`${kind.country}:${kind.numberType}`)
          ? "not_served"
          : answer === undefined
            ? "not_in_service"
            : answer.portable
              ? null
              : answer.reason;
    return {
      number,
      portable: reason === null,
      not_portable_reason: reason,
      losing_carrier: answer?.losingCarrier ?? null,
      country: kind?.country ?? null,
      number_type: kind?.numberType ?? null,
      earliest_foc_date: reason === null ? earliest : null,
    };
  });
}
