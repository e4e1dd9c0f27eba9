import { describe, expect, it } from "vitest";
import { describeChanges } from "@/components/rules/editor/describe-changes";
import type { NumberConfiguration, Rule } from "@/lib/schemas/numbers/responses";

const office = (start: string, stop: string): Rule => ({
  target_id: null,
  name: "Office hours",
  priority: 1,
  disabled: false,
  activations: [
    {
      start: 0,
      stop: null,
      days: ["mon", "tue", "wed", "thu", "fri"],
      start_time: start,
      stop_time: stop,
      time_zone: "Europe/London",
    },
  ],
  action: {
    type: "dial",
    destination: "+12125550100",
    timeout_sec: 30,
    caller_id: "caller_number",
    tags: {},
  },
});
const voicemail: Rule = {
  target_id: null,
  name: "Voicemail",
  priority: 2,
  disabled: false,
  activations: [],
  action: { type: "voicemail", tags: {} },
};
const off: Rule = { ...voicemail, disabled: true };
const config = (name: string, rules: Rule[]): NumberConfiguration => ({
  number_id: "n",
  organization_id: "o",
  number: "+442079460000",
  name,
  rules,
  country_code: "44",
  local_format: "020 7946 0000",
  number_type: "local",
  region: { id: "GB-LND-LONDON-20", name: "London" },
  status: "active",
  purchased_at: null,
  restorable_until: null,
  documents_due: null,
  locked: false,
  tags: [],
  port_order_id: null,
  porting_foc_at: null,
  port_out_pin_set: false,
});

describe("describeChanges", () => {
  it.each([
    ["a created configuration", null, config("Lobby", [voicemail]), ["Created “Lobby” with 1 rule"]],
    ["a deleted one", config("Lobby", []), null, ["Deleted “Lobby”"]],
    ["a new name", config("A", []), config("B", []), ["Renamed the number “A” to “B”"]],
    [
      "new office hours",
      config("A", [office("09:00", "17:00")]),
      config("A", [office("08:30", "17:30")]),
      ["Office hours: Mon–Fri 09:00–17:00 → Mon–Fri 08:30–17:30"],
    ],
    [
      "an added rule",
      config("A", []),
      config("A", [voicemail]),
      ["Added “Voicemail”: always, send to voicemail"],
    ],
    ["a removed rule", config("A", [voicemail]), config("A", []), ["Removed “Voicemail”"]],
    [
      "a switched-off rule",
      config("A", [voicemail]),
      config("A", [{ ...voicemail, disabled: true }]),
      ["Voicemail: switched off"],
    ],
    [
      "a new action",
      config("A", [voicemail]),
      config("A", [{ ...voicemail, action: { type: "hangup", tags: {} } }]),
      ["Voicemail: Send to voicemail → Hang up"],
    ],
    [
      "a reorder",
      config("A", [office("09:00", "17:00"), voicemail]),
      config("A", [voicemail, office("09:00", "17:00")]),
      ["Voicemail: moved from 2nd to 1st", "Office hours: moved from 1st to 2nd"],
    ],
    [
      "a new zone",
      config("A", [office("09:00", "17:00")]),
      config("A", [
        {
          ...office("09:00", "17:00"),
          activations: [{ ...office("09:00", "17:00").activations[0], time_zone: "America/New_York" }],
        },
      ]),
      ["Office hours: London time → New York time"],
    ],
    ["nothing", config("A", [voicemail]), config("A", [voicemail]), ["Saved without changes"]],
    // Renames are renames, not a removal and an addition.
    [
      "a renamed rule",
      config("A", [voicemail]),
      config("A", [{ ...voicemail, name: "Messages" }]),
      ["Renamed rule “Voicemail” to “Messages”"],
    ],
    [
      "a renamed rule that is off",
      config("A", [off]),
      config("A", [{ ...off, name: "Messages" }]),
      ["Renamed rule “Voicemail” to “Messages” (switched off)"],
    ],
    [
      "a renamed rule given new times in its place",
      config("A", [office("09:00", "17:00"), voicemail]),
      config("A", [{ ...office("08:30", "17:30"), name: "Opening hours" }, voicemail]),
      [
        "Renamed rule “Office hours” to “Opening hours”",
        "Opening hours: Mon–Fri 09:00–17:00 → Mon–Fri 08:30–17:30",
      ],
    ],
    [
      "a renamed rule given a new action in its place",
      config("A", [voicemail]),
      config("A", [{ ...voicemail, name: "Closed", action: { type: "hangup", tags: {} } }]),
      ["Renamed rule “Voicemail” to “Closed”", "Closed: Send to voicemail → Hang up"],
    ],
    [
      "a renamed rule moved up",
      config("A", [office("09:00", "17:00"), voicemail]),
      config("A", [{ ...voicemail, name: "Messages" }, office("09:00", "17:00")]),
      [
        "Renamed rule “Voicemail” to “Messages”",
        "Messages: moved from 2nd to 1st",
        "Office hours: moved from 1st to 2nd",
      ],
    ],
    [
      "a renamed rule switched off",
      config("A", [voicemail]),
      config("A", [{ ...off, name: "Messages" }]),
      ["Renamed rule “Voicemail” to “Messages”", "Messages: switched off"],
    ],
    [
      "a rule replaced in its place by a different one",
      config("A", [voicemail]),
      config("A", [{ ...office("09:00", "17:00"), name: "Desk" }]),
      [
        "Added “Desk”: Mon–Fri 09:00–17:00, dial +1 212 555 0100 for 30 s, show caller's number",
        "Removed “Voicemail”",
      ],
    ],
    [
      "a rule whose twin keeps its name",
      config("A", [voicemail, { ...voicemail, name: "Twin", priority: 3 }]),
      config("A", [{ ...voicemail, name: "Twin", priority: 3 }]),
      ["Twin: moved from 2nd to 1st", "Removed “Voicemail”"],
    ],
    // On or off is kept in the words.
    [
      "an added rule that is off",
      config("A", []),
      config("A", [off]),
      ["Added “Voicemail” (switched off): always, send to voicemail"],
    ],
    [
      "a removed rule that was off",
      config("A", [off]),
      config("A", []),
      ["Removed “Voicemail” (switched off)"],
    ],
    [
      "a new action on a rule that stays off",
      config("A", [off]),
      config("A", [{ ...off, action: { type: "hangup", tags: {} } }]),
      ["Voicemail (switched off): Send to voicemail → Hang up"],
    ],
    ["a switched-on rule", config("A", [off]), config("A", [voicemail]), ["Voicemail: switched on"]],
  ])("%s", (_label, before, after, lines) => {
    expect(describeChanges(before, after)).toEqual(lines);
  });
});
