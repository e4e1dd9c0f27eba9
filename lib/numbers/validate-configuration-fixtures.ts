// Shared by the validate-configuration*.test.ts files: a stored number, its destination policy,
// and builders of a configuration body, so each row states only what it changes.
import {
  validateConfiguration,
  type DestinationPolicy,
  type ReadOnlyFields,
} from "@/lib/numbers/validate-configuration";

export const stored: ReadOnlyFields = {
  number_id: "num_x",
  organization_id: "org_x",
  number: "+442079460000",
  country_code: "44",
  local_format: "020 7946 0000",
  number_type: "local",
  region: { id: "GB-LND-LONDON-20", name: "London" },
  status: "active",
  purchased_at: "2026-01-02T03:04:05.000Z",
  restorable_until: null,
  documents_due: null,
};
export const policy: DestinationPolicy = { countries: ["GB", "US"], sip: true, voicemail: true };

export const dial = (patch: Record<string, unknown> = {}) => ({
  type: "dial",
  destination: "+12125550100",
  timeout_sec: 30,
  caller_id: "caller_number",
  tags: {},
  ...patch,
});
export const activation = (patch: Record<string, unknown> = {}) => ({
  start: 0,
  stop: null,
  days: [],
  start_time: "09:00",
  stop_time: "17:00",
  time_zone: "Europe/London",
  ...patch,
});
export const rule = (patch: Record<string, unknown> = {}) => ({
  target_id: null,
  name: "R",
  priority: 1,
  disabled: false,
  activations: [],
  action: dial(),
  ...patch,
});
export const body = (rules: unknown[], patch: Record<string, unknown> = {}) => ({
  name: "Main",
  rules,
  ...patch,
});

export function problemsOf(input: unknown, withPolicy: DestinationPolicy = policy) {
  const result = validateConfiguration(input, stored, withPolicy);
  return result.ok ? [] : result.problems.map((problem) => `${problem.path} ${problem.message}`);
}
