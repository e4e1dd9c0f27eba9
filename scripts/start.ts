// npm start – migrate, seed an empty database, build if there is no build, then serve.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
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

  const server = spawn(process.execPath, [nextBin, "start", "-p", String(env.PORT)], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
