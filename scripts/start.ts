// npm start, first half – migrate, seed an empty database, build if there is no build, bundle the
// custom server (scripts/server.ts) to .next/portal-server.mjs, print the sign-in banner, and
// exit. The npm script then `exec`s node on that bundle in the same shell, so once the app serves,
// nothing of the preparation (tsx, Prisma, PGlite, the seed) stays resident: the tree a user runs
// is npm and one node process serving Next (docs/PERFORMANCE.md, memory).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { bundleServer } from "@/scripts/bundle-server";
import { getEnv } from "@/lib/env";
import { prepareDatabase } from "@/scripts/prepare-db";

const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

async function main() {
  const env = getEnv();
  const credentials = await prepareDatabase();

  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.log("No build found: running next build (a minute or two, once)…");
    const build = spawnSync(process.execPath, [nextBin, "build"], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("next build failed");
  }

  await bundleServer();

  // The server reads the same PORT (and defaults to the same 3000) as lib/env.
  const url = `http://localhost:${env.PORT}`;
  console.log(
    [
      "",
      `Numbers portal: ${url}`,
      `Database: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${env.PGLITE_DATA_DIR}`}`,
      `Demo sign-ins (password "${credentials.password}"):`,
      ...credentials.users.map((user) => `  ${user.email}  (${user.role})`),
      `Demo API token: ${credentials.token}`,
      `Try: curl -H "Authorization: Bearer ${credentials.token}" ${url}/api/v2/countries`,
      "",
    ].join("\n"),
  );
}

main().then(
  // Exit at once: a pool or timer left open must not keep this process (and its memory) alive
  // while the shell waits to start the server.
  () => process.exit(0),
  (error: unknown) => {
    console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
