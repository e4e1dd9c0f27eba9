// Call-handling rules of the demo numbers and extensions. Together they use every form of
// docs/CONTRACT.md §8: rules with and without activations, open-ended, bounded and expired
// activations, weekday subsets and every day, daytime windows, windows that cross midnight
// and all-day ones, several time zones, a disabled rule, and all four kinds of action.
// Destinations are numbers set aside for drama (Ofcom 020 7946 0xxx, NANP 555-01xx, Arcep
// 01 99 00, ACMA 02 5550) or SIP addresses on .example hosts, so no real line rings.

import type { dayCodes } from "@/lib/schemas/numbers/fields";

type Weekday = (typeof dayCodes)[number];

type DemoActivation = {
  /** Unix epoch seconds. */
  start: number;
  stop: number | null;
  days: Weekday[];
  startTime: string | null;
  stopTime: string | null;
  timeZone: string;
};

type DemoAction =
  | { type: "dial"; destination: string; timeoutSec: number; callerId: "caller_number" | "dialed_number"; tags: Record<string, string> }
  | { type: "voicemail" | "hangup"; tags: Record<string, string> };

export type DemoRule = { name: string; disabled?: boolean; activations: DemoActivation[]; action: DemoAction };

const epoch = (iso: string) => Date.parse(iso) / 1000;
const WORKDAYS: Weekday[] = ["mon", "tue", "wed", "thu", "fri"];
const WEEKEND: Weekday[] = ["sat", "sun"];

function during(timeZone: string, days: Weekday[], startTime: string | null, stopTime: string | null, start = epoch("2026-01-01T00:00:00Z"), stop: number | null = null): DemoActivation {
  return { start, stop, days, startTime, stopTime, timeZone };
}

const voicemail = (tags: Record<string, string> = {}): DemoAction => ({ type: "voicemail", tags });
const hangup = (tags: Record<string, string> = {}): DemoAction => ({ type: "hangup", tags });
const dial = (destination: string, timeoutSec: number, callerId: "caller_number" | "dialed_number", tags: Record<string, string> = {}): DemoAction => ({
  type: "dial",
  destination,
  timeoutSec,
  callerId,
  tags,
});

const LONDON = "Europe/London";

export const demoRules: Record<string, DemoRule[]> = {
  num_acme_main: [
    {
      name: "Holiday closure",
      // Christmas 2025: over, kept to show an expired activation.
      activations: [during(LONDON, [], null, null, epoch("2025-12-24T17:00:00Z"), epoch("2025-12-29T08:00:00Z"))],
      action: voicemail({ reason: "holiday" }),
    },
    { name: "Office hours", activations: [during(LONDON, WORKDAYS, "09:00", "17:00")], action: dial("+442079460123", 30, "caller_number", { department: "reception" }) },
    { name: "Weekend", activations: [during(LONDON, WEEKEND, null, null)], action: dial("sip:weekend@pbx.acme.example", 20, "dialed_number") },
    { name: "After hours to voicemail", activations: [], action: voicemail({ mailbox: "main" }) },
  ],
  num_acme_manchester: [
    { name: "Office hours", activations: [during(LONDON, WORKDAYS, "08:30", "17:00")], action: dial("sip:manchester@pbx.acme.example", 25, "caller_number") },
    { name: "Night shift", activations: [during(LONDON, [], "22:00", "06:00")], action: dial("+441614960000", 45, "dialed_number", { shift: "night" }) },
    { name: "Closed", activations: [], action: hangup() },
  ],
  num_acme_on_call: [
    {
      name: "On-call rota",
      activations: [during(LONDON, WORKDAYS, "18:00", "08:00"), during(LONDON, WEEKEND, null, null)],
      action: dial("+442079460999", 60, "caller_number", { rota: "primary" }),
    },
    { name: "Default", activations: [], action: voicemail() },
  ],
  num_acme_freephone: [
    { name: "Old IVR", disabled: true, activations: [], action: dial("sip:ivr-legacy@pbx.acme.example", 15, "dialed_number") },
    {
      name: "Support hours",
      activations: [during(LONDON, WORKDAYS, "08:00", "20:00"), during(LONDON, ["sat"], "09:00", "13:00")],
      action: dial("sip:support@pbx.acme.example", 30, "caller_number", { queue: "support", priority: "high" }),
    },
    { name: "Out of hours", activations: [], action: voicemail({ mailbox: "support" }) },
  ],
  num_acme_new_york: [
    { name: "Office hours", activations: [during("America/New_York", WORKDAYS, "09:00", "17:00")], action: dial("+12125550142", 25, "caller_number", { office: "new-york" }) },
    { name: "After hours to voicemail", activations: [], action: voicemail() },
  ],
  num_acme_berlin: [
    { name: "Lunch break", activations: [during("Europe/Berlin", WORKDAYS, "12:00", "13:00")], action: voicemail({ reason: "lunch" }) },
    { name: "Office hours", activations: [during("Europe/Berlin", WORKDAYS, "09:00", "17:00")], action: dial("sip:berlin@pbx.acme.example", 30, "caller_number") },
  ],
  num_globex_hq: [
    { name: "Office hours", activations: [during("America/Chicago", WORKDAYS, "08:00", "18:00")], action: dial("+13125550100", 30, "caller_number", { site: "hq" }) },
    { name: "Night operator", activations: [during("America/Chicago", [], "22:00", "06:00")], action: dial("sip:night@voip.globex.example", 120, "dialed_number") },
    { name: "After hours to voicemail", activations: [], action: voicemail() },
  ],
  num_globex_support: [
    {
      name: "Holiday closure",
      activations: [during("America/New_York", [], null, null, epoch("2026-12-24T22:00:00Z"), epoch("2026-12-26T14:00:00Z"))],
      action: hangup({ announcement: "holiday-closed" }),
    },
    { name: "Around the clock", activations: [], action: dial("sip:support@voip.globex.example", 300, "caller_number", { queue: "tier1" }) },
  ],
  num_globex_engineering: [
    {
      name: "Launch week on-call",
      activations: [during("America/Los_Angeles", [], "18:00", "09:00", epoch("2026-05-04T07:00:00Z"), epoch("2026-05-11T07:00:00Z"))],
      action: dial("+14155550123", 40, "caller_number", { team: "platform" }),
    },
    { name: "Office hours", activations: [during("America/Los_Angeles", WORKDAYS, "09:00", "17:00")], action: dial("sip:eng@voip.globex.example", 30, "dialed_number") },
    { name: "After hours to voicemail", activations: [], action: voicemail({ mailbox: "engineering" }) },
  ],
  num_globex_toronto: [],
  num_globex_paris: [
    { name: "Office hours", activations: [during("Europe/Paris", WORKDAYS, "09:00", "18:00")], action: dial("+33199001234", 30, "caller_number", { office: "paris" }) },
    { name: "Weekend", activations: [during("Europe/Paris", WEEKEND, null, null)], action: hangup() },
  ],
  num_globex_sydney: [
    { name: "Office hours", activations: [during("Australia/Sydney", WORKDAYS, "09:00", "17:00")], action: dial("+61255501234", 30, "caller_number") },
    { name: "Weekend", activations: [during("Australia/Sydney", WEEKEND, null, null)], action: voicemail({ mailbox: "sydney" }) },
    { name: "Temporary redirect", disabled: true, activations: [during("Australia/Sydney", [], null, null)], action: dial("sip:sydney@voip.globex.example", 20, "dialed_number") },
  ],
  num_acme_ext_101: [
    { name: "Office hours", activations: [during(LONDON, WORKDAYS, "09:00", "17:00")], action: dial("sip:reception@pbx.acme.example", 20, "caller_number") },
    { name: "After hours to voicemail", activations: [], action: voicemail() },
  ],
  num_acme_ext_102: [{ name: "Ring sales", activations: [], action: dial("sip:sales@pbx.acme.example", 25, "caller_number", { department: "sales" }) }],
  num_acme_ext_2040: [
    { name: "Support hours", activations: [during(LONDON, WORKDAYS, "08:00", "20:00")], action: dial("sip:queue-2040@pbx.acme.example", 60, "caller_number") },
    { name: "Out of hours", activations: [], action: voicemail({ mailbox: "support" }) },
  ],
  num_acme_ext_7001: [
    { name: "Night shift", activations: [during(LONDON, [], "22:00", "06:00")], action: dial("+442079460777", 45, "dialed_number") },
    { name: "Closed", activations: [], action: hangup() },
  ],
  num_globex_ext_101: [{ name: "Front desk", activations: [during("America/Chicago", WORKDAYS, null, null)], action: dial("sip:frontdesk@voip.globex.example", 20, "caller_number") }],
  num_globex_ext_300: [{ name: "Accounts", activations: [during("America/Chicago", WORKDAYS, "09:00", "17:00")], action: voicemail({ mailbox: "accounts" }) }],
  num_globex_ext_4400: [
    { name: "Helpdesk", activations: [during("America/Toronto", WORKDAYS, "07:00", "19:00")], action: dial("+14165550199", 30, "caller_number", { team: "it" }) },
    { name: "Outside helpdesk hours", activations: [], action: voicemail({ mailbox: "it" }) },
  ],
  num_globex_ext_88001234: [],
};
