// After `stryker run`: every module in tests/mutation/modules.mjs must score at least the
// break threshold on its own. Stryker's `thresholds.break` judges only the total, where a
// strong module would hide a weak one. Reads Stryker's JSON report (mutation-testing-report-schema).
import { readFileSync } from "node:fs";
import { calculateMetrics } from "mutation-testing-metrics";
import { MUTATION_BREAK_PERCENT, mutationModules } from "@/tests/mutation/modules.mjs";

const reportPath = process.argv[2] ?? "reports/mutation/mutation.json";
const report = JSON.parse(readFileSync(reportPath, "utf8")) as {
  files: Parameters<typeof calculateMetrics>[0];
};

const failures: string[] = [];
for (const { module } of mutationModules) {
  const file = report.files[module];
  if (!file) {
    failures.push(`${module}: not in ${reportPath} (did Stryker mutate it?)`);
    continue;
  }
  const { mutationScore, killed, timeout, survived, noCoverage, ignored } = calculateMetrics({
    [module]: file,
  }).metrics;
  const line = `${module}: ${mutationScore.toFixed(1)} % (killed ${killed}, timed out ${timeout}, survived ${survived}, no coverage ${noCoverage}, disabled ${ignored})`;
  console.log(line);
  if (!(mutationScore >= MUTATION_BREAK_PERCENT))
    failures.push(
      `${module} scores ${mutationScore.toFixed(1)} %, under the ${MUTATION_BREAK_PERCENT} % break threshold`,
    );
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`mutation testing: ${failure}`);
  process.exit(1);
}
console.log(`mutation testing: every module scores at least ${MUTATION_BREAK_PERCENT} %`);
