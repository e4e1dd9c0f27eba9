import { describe, expect, it } from "vitest";
import { judgeAudit } from "@/scripts/audit-report";

const report = (counts: Record<string, number>, vulnerabilities: Record<string, { severity: string }> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts },
      dependencies: { prod: 120 },
    },
  });

// What this registry mirror answers (npm 10/11), trimmed.
const methodNotAllowed = JSON.stringify({
  message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
  method: "POST",
  uri: "https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
  statusCode: 405,
  body: "",
  error: { summary: "", detail: "" },
});
const refused = JSON.stringify({
  message:
    "request to http://127.0.0.1:9/-/npm/v1/security/advisories/bulk failed, reason: connect ECONNREFUSED 127.0.0.1:9",
  error: { summary: "", detail: "" },
});
const noAudit = JSON.stringify({
  error: {
    code: "ENOAUDIT",
    summary: "Your configured registry (https://mirror.example/) does not support audit requests.",
    detail: "",
  },
});

describe("judgeAudit", () => {
  it.each([
    {
      name: "a clean report",
      stdout: report({ low: 2, moderate: 1 }),
      outcome: "clean",
      exitCode: 0,
      message:
        "npm audit: no high or critical advisory in 120 production dependencies (0 critical, 0 high, 1 moderate, 2 low)",
    },
    {
      name: "a high advisory",
      stdout: report(
        { high: 1, moderate: 1 },
        { "some-lib": { severity: "high" }, other: { severity: "moderate" } },
      ),
      outcome: "vulnerable",
      exitCode: 1,
      message:
        "npm audit: high or critical advisories in 120 production dependencies (0 critical, 1 high, 1 moderate, 0 low): some-lib (high)",
    },
    {
      name: "a critical advisory",
      stdout: report({ critical: 1 }, { next: { severity: "critical" } }),
      outcome: "vulnerable",
      exitCode: 1,
      message:
        "npm audit: high or critical advisories in 120 production dependencies (1 critical, 0 high, 0 moderate, 0 low): next (critical)",
    },
    {
      name: "the mirror's 405",
      stdout: methodNotAllowed,
      outcome: "unavailable",
      exitCode: 0,
      message:
        "npm audit could not run against this registry (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk): no advisory was checked. Set AUDIT_REQUIRED=1 to fail instead.",
    },
    {
      name: "a refused connection",
      stdout: refused,
      outcome: "unavailable",
      exitCode: 0,
      message:
        "npm audit could not run against this registry (request to http://127.0.0.1:9/-/npm/v1/security/advisories/bulk failed, reason: connect ECONNREFUSED 127.0.0.1:9): no advisory was checked. Set AUDIT_REQUIRED=1 to fail instead.",
    },
    {
      name: "ENOAUDIT",
      stdout: noAudit,
      outcome: "unavailable",
      exitCode: 0,
      message:
        "npm audit could not run against this registry (Your configured registry (https://mirror.example/) does not support audit requests.): no advisory was checked. Set AUDIT_REQUIRED=1 to fail instead.",
    },
    {
      name: "no lock file",
      stdout: JSON.stringify({
        error: { code: "ENOLOCK", summary: "This command requires an existing lockfile.", detail: "" },
      }),
      outcome: "error",
      exitCode: 1,
      message: "npm audit failed: ENOLOCK This command requires an existing lockfile.",
    },
    {
      name: "no JSON at all",
      stdout: "npm ERR! something else\nmore",
      outcome: "error",
      exitCode: 1,
      message: "npm audit printed no JSON report: npm ERR! something else",
    },
    {
      name: "nothing",
      stdout: "",
      outcome: "error",
      exitCode: 1,
      message: "npm audit printed no JSON report: (nothing)",
    },
    {
      name: "JSON that is no report",
      stdout: "null",
      outcome: "error",
      exitCode: 1,
      message: "npm audit printed no report",
    },
  ])("judges $name", ({ stdout, outcome, exitCode, message }) => {
    expect(judgeAudit(stdout, false)).toEqual({ outcome, exitCode, message });
  });

  it.each([
    { name: "the mirror's 405", stdout: methodNotAllowed },
    { name: "a refused connection", stdout: refused },
    { name: "ENOAUDIT", stdout: noAudit },
  ])("fails on $name when AUDIT_REQUIRED=1", ({ stdout }) => {
    const verdict = judgeAudit(stdout, true);
    expect(verdict.outcome).toBe("unavailable");
    expect(verdict.exitCode).toBe(1);
    expect(verdict.message).toMatch(
      /^npm audit could not run against this registry \(.+\), and AUDIT_REQUIRED=1: failing\.$/,
    );
  });

  it("passes a clean report whether or not the audit is required", () => {
    expect(judgeAudit(report({}), true)).toMatchObject({ outcome: "clean", exitCode: 0 });
  });
});
