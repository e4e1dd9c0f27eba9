// npm run audit:prod – `npm audit --omit=dev --audit-level=high`: fails on a high or critical
// advisory in a production dependency. When the registry cannot answer the audit (this
// mirror answers its endpoint with 405; offline; ENOAUDIT), prints one line saying so and
// passes, unless AUDIT_REQUIRED=1. See docs/SECURITY.md (API8).
import { spawnSync } from "node:child_process";
import { judgeAudit } from "@/scripts/audit-report";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const audit = spawnSync(npm, ["audit", "--omit=dev", "--audit-level=high", "--json"], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (audit.error) {
  console.error(`npm audit could not be started: ${audit.error.message}`);
  process.exit(1);
}
const verdict = judgeAudit(audit.stdout, process.env.AUDIT_REQUIRED === "1");
(verdict.exitCode === 0 ? console.log : console.error)(verdict.message);
process.exitCode = verdict.exitCode;
