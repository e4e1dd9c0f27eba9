import { describe, expect, it } from "vitest";
import { describeChanges } from "@/components/rules/editor/describe-changes";
import type { NumberConfiguration, Rule } from "@/lib/schemas/numbers";

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
});

describe("describeChanges", () => {
  it.each([
    ["a created configuration", null, config("Lobby", [voicemail]), ["Created “Lobby” with 1 rule"]],
    ["a deleted one", config("Lobby", []), null, ["Deleted “Lobby”"]],
    ["a new name", config("A", []), config("B", []), ["Name: “A” → “B”"]],
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
  ])("%s", (_label, before, after, lines) => {
    expect(describeChanges(before, after)).toEqual(lines);
  });
});
