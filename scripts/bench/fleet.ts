// The fleet, billing and porting benches as part of `npm run bench` (after its API rows): each
// script runs as a process of its own, as it runs alone, on fresh databases of the same
// PostgreSQL server (or through its own `npm start` of the build the bench serves), and what
// it prints to stdout goes into the bench's report unchanged. Timing is printed, never asserted.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { projectRoot } from "@/scripts/bench/processes";

type FleetBench = { label: string; script: string; args: string[] };

/** What each of the fleet's performance targets is measured by. */
export function fleetBenches(): FleetBench[] {
  return [
    { label: "Bulk jobs, 1,000 numbers each", script: "jobs.ts", args: ["--postgres", "--numbers", "1000"] },
    {
      label: "CSV exports, 100,000 rows each, through `npm start`",
      script: "exports.ts",
      args: ["--rows", "100000", "--server"],
    },
    {
      label: "Month-end, 1,000 organizations × 100 numbers, and invoice PDFs",
      script: "month-end.ts",
      args: ["--postgres", "--organizations", "1000", "--numbers", "100"],
    },
    {
      label: "Port-in of 1,000 numbers from the FOC to ported",
      script: "port-activation.ts",
      args: ["--postgres", "--numbers", "1000"],
    },
  ];
}

/**
 * Runs the benches one after the other, serving `appDir` (the build the API rows measured) where
 * one serves the app; the lines of the report, a heading and output each.
 */
export function runFleetBenches(
  benches: FleetBench[],
  appDir: string,
  log: (line: string) => void,
): string[] {
  const lines: string[] = [];
  for (const bench of benches) {
    log(`${bench.label}: scripts/bench/${bench.script} ${bench.args.join(" ")}`);
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(projectRoot, "scripts", "bench", bench.script), ...bench.args],
      {
        cwd: projectRoot,
        env: { ...process.env, BENCH_APP_DIR: appDir },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    lines.push(
      "",
      `### ${bench.label}`,
      "",
      `\`npx tsx scripts/bench/${bench.script} ${bench.args.join(" ")}\``,
      "",
    );
    lines.push(
      result.status === 0
        ? result.stdout.trimEnd()
        : `failed (exit ${result.status}): ${result.stdout.trimEnd()}`,
    );
  }
  return lines;
}
