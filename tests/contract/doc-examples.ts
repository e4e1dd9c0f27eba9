// The curl examples of docs/API.md, run against a started app so they cannot go stale:
// every `curl` line of a ```sh block ends with `# → <status>`, the status it must answer.
// They read $SITE (the app's address), $BASE ($SITE/api/v2), $TOKEN (the demo token) and
// $SESSION_COOKIE (the demo owner's portal session, for the session-only endpoints).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

export type DocExample = { command: string; status: number };

export function extractExamples(markdown: string): DocExample[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  const commands = blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, "").split("\n"))
    .filter((line) => line.startsWith("curl "));
  return commands.map((line) => {
    const expected = /#\s*→\s*(\d{3})\s*$/.exec(line);
    if (!expected) throw new Error(`docs/API.md: an example has no "# → status": ${line}`);
    return { command: line.slice(0, expected.index).trim(), status: Number(expected[1]) };
  });
}

export function readDocExamples(root = process.cwd()): DocExample[] {
  return extractExamples(readFileSync(path.join(root, "docs", "API.md"), "utf8"));
}

/** Runs each example with curl against the app at `site`; answers the ones whose status differs. */
export function runDocExamples(
  examples: DocExample[],
  site: string,
  token: string,
  sessionCookie: string,
): string[] {
  const failures: string[] = [];
  for (const example of examples) {
    const command = example.command.replace(/^curl /, "curl -s -o /dev/null -w '%{http_code}' ");
    const status = Number(
      execFileSync("bash", ["-c", command], {
        env: {
          ...process.env,
          SITE: site,
          BASE: `${site}/api/v2`,
          TOKEN: token,
          SESSION_COOKIE: sessionCookie,
        },
        encoding: "utf8",
      }).trim(),
    );
    if (status !== example.status)
      failures.push(`${example.command} answered ${status}, not ${example.status}`);
  }
  return failures;
}
