// The custom server (scripts/server.ts) as one ESM file, .next/portal-server.mjs, for `npm start`
// (scripts/start.ts) and the suites that start instances themselves (scripts/cluster/servers.ts).
// Packages (next, zod) stay imports from node_modules; lib/ is bundled in. About 0.2 s.
import path from "node:path";
import { build } from "esbuild";

export const serverBundle = path.join(process.cwd(), ".next", "portal-server.mjs");

export async function bundleServer(): Promise<void> {
  await build({
    entryPoints: [path.join(process.cwd(), "scripts", "server.ts")],
    outfile: serverBundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
}
