// Reads what `npm audit --json` printed and decides: pass, fail on a high or critical
// advisory, or "could not run" when the registry has no audit endpoint (this mirror answers
// it with 405) or cannot be reached. Kept apart from scripts/audit.ts so it can be tested.

export type AuditVerdict = {
  outcome: "clean" | "vulnerable" | "unavailable" | "error";
  exitCode: 0 | 1;
  message: string;
};

type Severity = "info" | "low" | "moderate" | "high" | "critical";
type AuditReport = {
  auditReportVersion?: number;
  vulnerabilities?: Record<string, { severity?: Severity }>;
  metadata?: { vulnerabilities?: Partial<Record<Severity, number>>; dependencies?: { prod?: number } };
  // An error from the endpoint or the network, in its several shapes.
  statusCode?: number;
  message?: string;
  uri?: string;
  code?: string;
  error?: { code?: string; summary?: string; detail?: string };
};

// The audit endpoint is missing or unreachable: nothing was checked, nothing was found.
const UNREACHABLE = new Set([
  "ENOAUDIT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ERR_SOCKET_TIMEOUT",
]);

export function judgeAudit(stdout: string, required: boolean): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return {
      outcome: "error",
      exitCode: 1,
      message: `npm audit printed no JSON report: ${firstLine(stdout) || "(nothing)"}`,
    };
  }
  if (report === null || typeof report !== "object")
    return { outcome: "error", exitCode: 1, message: "npm audit printed no report" };

  const counts = report.metadata?.vulnerabilities;
  if (counts) {
    const serious = Object.entries(report.vulnerabilities ?? {})
      .filter(([, entry]) => entry.severity === "high" || entry.severity === "critical")
      .map(([name, entry]) => `${name} (${entry.severity})`);
    const found = (counts.high ?? 0) + (counts.critical ?? 0);
    const summary = (["critical", "high", "moderate", "low"] as const)
      .map((severity) => `${counts[severity] ?? 0} ${severity}`)
      .join(", ");
    const scope = `${report.metadata?.dependencies?.prod ?? "the"} production dependencies`;
    if (found > 0)
      return {
        outcome: "vulnerable",
        exitCode: 1,
        message: `npm audit: high or critical advisories in ${scope} (${summary}): ${serious.join(", ") || "see npm audit --omit=dev"}`,
      };
    return {
      outcome: "clean",
      exitCode: 0,
      message: `npm audit: no high or critical advisory in ${scope} (${summary})`,
    };
  }

  // A network failure names its code only inside the message ("… reason: connect ECONNREFUSED …").
  const code =
    report.error?.code ??
    report.code ??
    [...UNREACHABLE].find((name) => new RegExp(`\\b${name}\\b`).test(report.message ?? ""));
  const text = firstLine(report.error?.summary || report.message || "");
  if (typeof report.statusCode === "number" || (code !== undefined && UNREACHABLE.has(code))) {
    const why =
      typeof report.statusCode === "number"
        ? firstLine(report.message ?? `${report.uri ?? "the audit endpoint"} answered ${report.statusCode}`)
        : text || String(code);
    return required
      ? {
          outcome: "unavailable",
          exitCode: 1,
          message: `npm audit could not run against this registry (${why}), and AUDIT_REQUIRED=1: failing.`,
        }
      : {
          outcome: "unavailable",
          exitCode: 0,
          message: `npm audit could not run against this registry (${why}): no advisory was checked. Set AUDIT_REQUIRED=1 to fail instead.`,
        };
  }
  return {
    outcome: "error",
    exitCode: 1,
    message: `npm audit failed: ${[code, text || firstLine(JSON.stringify(report))].filter(Boolean).join(" ")}`,
  };
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0].slice(0, 300);
}
