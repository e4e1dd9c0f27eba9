// The curl examples of docs/API.md, run against a started app so they cannot go stale:
// every `curl` line of a ```sh block ends with `# → <status>`, the status it must answer.
// They read $SITE (the app's address), $BASE ($SITE/api/v2), $TOKEN (the demo token) and
// $SESSION_COOKIE (the demo owner's portal session, for the session-only endpoints). A line
// `export NAME=$(curl … | jq …)` keeps what an answer printed (an id the examples after it use):
// it is run in order with the others, and must print something.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

export type DocExample = { command: string; status: number } | { command: string; sets: string };

const SETTER = /^export ([A-Z_][A-Z0-9_]*)=\$\((curl .*)\)\s*$/;

export function extractExamples(markdown: string): DocExample[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  const lines = blocks.flatMap((block) => block.replace(/\\\n\s*/g, "").split("\n"));
  return lines
    .filter((line) => line.startsWith("curl ") || SETTER.test(line))
    .map((line) => {
      const setter = SETTER.exec(line);
      if (setter) return { command: setter[2], sets: setter[1] };
      const expected = /#\s*→\s*(\d{3})\s*$/.exec(line);
      if (!expected) throw new Error(`docs/API.md: an example has no "# → status": ${line}`);
      return { command: line.slice(0, expected.index).trim(), status: Number(expected[1]) };
    });
}

export function readDocExamples(root = process.cwd()): DocExample[] {
  return extractExamples(readFileSync(path.join(root, "docs", "API.md"), "utf8"));
}

/** Runs each example with curl against the app at `site`, in order; answers the ones that failed. */
export function runDocExamples(
  examples: DocExample[],
  site: string,
  token: string,
  sessionCookie: string,
): string[] {
  const failures: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SITE: site,
    BASE: `${site}/api/v2`,
    TOKEN: token,
    SESSION_COOKIE: sessionCookie,
  };
  const run = (command: string) => {
    try {
      return execFileSync("bash", ["-o", "pipefail", "-c", command], { env, encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  for (const example of examples) {
    if ("sets" in example) {
      const value = run(example.command);
      if (value === "" || value === "null")
        failures.push(`${example.command} printed nothing for ${example.sets}`);
      env[example.sets] = value;
      continue;
    }
    const status = Number(run(example.command.replace(/^curl /, "curl -s -o /dev/null -w '%{http_code}' ")));
    if (status !== example.status)
      failures.push(`${example.command} answered ${status}, not ${example.status}`);
  }
  return failures;
}
