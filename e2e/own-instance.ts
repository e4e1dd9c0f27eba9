// An instance of the app of a spec's own: `npm start` on a fresh embedded database (the build
// the suite's web server made), for settings read only at start-up (METRICS_PORT,
// METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT). Stopped by its own process group only.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";

export type OwnInstance = {
  /** Requests to the app's port, a fresh connection each. */
  api: APIRequestContext;
  /** The demo token `npm start` printed for this instance's database. */
  token: string;
  /** Everything the instance printed so far. */
  output: () => string;
  /** Stops it and keeps its output in test-results/<logName>. */
  stop: () => Promise<void>;
};

export async function startOwnInstance(
  port: number,
  env: Record<string, string>,
  logName: string,
): Promise<OwnInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "numbers-own-"));
  // The database the suite's web server started from, seeded and not yet used (playwright.config.ts):
  // a copy is the same fresh database, without migrating and seeding 20,000 numbers again.
  const pristine = path.join(process.env.E2E_DATA_DIR ?? "", "pristine");
  if (process.env.E2E_DATA_DIR && existsSync(path.join(pristine, "demo-credentials.json")))
    cpSync(pristine, dataDir, { recursive: true });
  let output = "";
  const server: ChildProcess = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  // A fresh connection each request: a kept-alive one the server has just timed out would be reset.
  const api = await playwrightRequest.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: { connection: "close" },
  });
  const stop = async () => {
    mkdirSync("test-results", { recursive: true });
    writeFileSync(path.join("test-results", logName), output);
    await api.dispose();
    if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  };
  try {
    await expect
      .poll(async () => (await api.get("/api/health").catch(() => null))?.status() ?? 0, { timeout: 540_000 })
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  const token = (
    JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as { token: string }
  ).token;
  return { api, token, output: () => output, stop };
}
