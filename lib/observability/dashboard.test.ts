import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scrapeMetrics } from "@/lib/observability/metrics";

// The dashboard and the alert rules name metrics by hand: each name they use must be one this
// app exports (or, for the bill run, one docs/OPERATIONS.md says billing will export).
const NOT_YET_EXPORTED = new Set(["portal_bill_run_last_completed_timestamp_seconds"]);

function namesIn(file: string): Set<string> {
  const text = readFileSync(path.join(process.cwd(), file), "utf8");
  return new Set(text.match(/\b(?:http_request_duration_seconds|portal|process|nodejs)_[a-z0-9_]+/g) ?? []);
}

describe("the dashboard and alert rules", () => {
  it.each(["ops/grafana/numbers-portal.json", "ops/prometheus/alerts.yml"])(
    "%s reads only metrics the app exports",
    async (file) => {
      const { body } = await scrapeMetrics();
      const exported = new Set([...body.matchAll(/^# TYPE (\S+) (\w+)$/gm)].map((match) => match[1]));
      const known = (name: string) =>
        exported.has(name) ||
        NOT_YET_EXPORTED.has(name) ||
        exported.has(name.replace(/_(bucket|count|sum)$/, ""));
      expect([...namesIn(file)].filter((name) => !known(name))).toEqual([]);
    },
  );
});
