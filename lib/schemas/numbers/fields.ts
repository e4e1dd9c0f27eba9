import { z } from "zod";
import { MAX_NUMBER_TAGS, NUMBER_TAG, numberStatuses } from "@/lib/schemas/limits";

// What the number-configuration schemas share: the shapes of an extension, a SIP address, a
// clock time and a time zone, and the minutes a daily window covers.

export const EXTENSION = /^\d{2,8}$/;
// sip:user@host[:port]; the user part may hold the characters RFC 3261 allows unescaped.
export const SIP_ADDRESS = /^sip:[A-Za-z0-9\-_.!~*'()&=+$,;?/%]+@[A-Za-z0-9.-]+(:\d{1,5})?$/;
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// An IANA name ("Europe/Berlin", "UTC"); Intl alone would also take offsets such as "+01:00".
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

// The tag and status vocabulary lives with the plain limits, so the portal reads it without zod.
export { MAX_NUMBER_TAGS, NUMBER_TAG, numberStatuses };

export const dayCodes = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const callerIdValues = ["caller_number", "dialed_number"] as const;

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

export const minutesOfDay = (time: string | null, fallback: number) =>
  time === null ? fallback : Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** The 24-hour clock time of a daily window, as stored and as sent. */
export const clockTimeSchema = z.string().regex(CLOCK_TIME, "must be a 24-hour HH:MM time");

export type DayCode = (typeof dayCodes)[number];
