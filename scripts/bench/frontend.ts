// npm run bench:frontend [-- --snapshot --rebuild --no-lighthouse --runs <n>]
//
// 1. First-load JavaScript of every portal page, from the build's manifests: the root main
//    files every page loads plus the client chunks of the page's layouts and page (its
//    client reference manifest), gzip-compressed here (level 9) and summed.
// 2. Lighthouse 12 (performance only) with Debian's Chromium on /inventory, bare and with a
//    shared search in its URL (a page of results to show), signed in through next-auth's
//    credentials flow (the session cookie passed as an extra header), and on /sign-in, in
//    Lighthouse's default mobile profile and in its desktop profile. Each is run --runs times
//    (default 3; the rounds interleave pages and profiles) and the run with the median score
//    is shown with every score beside it: one run on a shared two-core machine is mostly noise.
// The app is served on the 1,000,000-number bench database (see run.ts). Nothing is asserted.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { BENCH_DATABASES, ensureBenchDatabase } from "@/scripts/bench/databases";
import {
  prepareBuild,
  projectRoot,
  RssSampler,
  startApp,
  stopServer,
  waitUntilReady,
} from "@/scripts/bench/processes";
import { fixed, loadAverage, table } from "@/scripts/bench/report";

const log = (line: string) => console.error(`[bench:frontend] ${line}`);
const PORT = 3110;
const DEMO = { email: "customer@acme.example", password: "demo-password-2026" };
/** What Lighthouse loads: the bare search page, a shared search, and the sign-in page. */
const LIGHTHOUSE_PAGES = [
  { path: "/inventory", signedIn: true },
  { path: "/inventory?country=US&type=local", signedIn: true },
  { path: "/sign-in", signedIn: false },
] as const;
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

type PageWeight = { page: string; files: number; raw: number; gzip: number };

/** "/(portal)/inventory/page" → "/inventory"; route groups are not part of the URL. */
function urlOf(entry: string): string {
  const url = entry.replace(/\/page$/, "").replace(/\/\([^)]+\)/g, "");
  return url === "" ? "/" : url;
}

export function firstLoadJs(appDir: string): PageWeight[] {
  const dotNext = path.join(appDir, ".next");
  const buildManifest = JSON.parse(readFileSync(path.join(dotNext, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
    pagesChunkGroupBootstrapParams?: Record<string, unknown>;
  };
  const pages = Object.keys(buildManifest.pagesChunkGroupBootstrapParams ?? {}).filter(
    (page) => !/\/_(not-found|global-error)\//.test(page),
  );
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    const known = sizes.get(file);
    if (known) return known;
    const content = readFileSync(path.join(dotNext, file.replace(/^\/?_next\//, "")));
    const size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    sizes.set(file, size);
    return size;
  };
  const weights: PageWeight[] = [];
  for (const page of pages) {
    const manifestFile = path.join(dotNext, "server", "app", `${page}_client-reference-manifest.js`);
    if (!existsSync(manifestFile)) continue;
    const context: {
      globalThis?: unknown;
      __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }>;
    } = {};
    context.globalThis = context;
    vm.runInNewContext(readFileSync(manifestFile, "utf8"), context);
    const manifest = context.__RSC_MANIFEST?.[page];
    const files = new Set(buildManifest.rootMainFiles);
    for (const chunks of Object.values(manifest?.entryJSFiles ?? {}))
      for (const chunk of chunks) files.add(chunk);
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const size = sizeOf(file);
      raw += size.raw;
      gzip += size.gzip;
    }
    weights.push({ page: urlOf(page), files: files.size, raw, gzip });
  }
  return weights.sort((a, b) => a.page.localeCompare(b.page));
}

/** Signs in with next-auth's credentials flow; answers the Cookie header of the session. */
async function signIn(baseUrl: string): Promise<string> {
  const csrfResponse = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair.indexOf("=");
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  keep(csrfResponse);
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(), Origin: baseUrl },
    body: new URLSearchParams({
      csrfToken,
      email: DEMO.email,
      password: DEMO.password,
      callbackUrl: `${baseUrl}/inventory`,
      json: "true",
    }),
  });
  keep(response);
  if (![...jar.keys()].some((name) => name.includes("session-token"))) {
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
  return cookieHeader();
}

type LighthouseRun = {
  page: string;
  profile: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  lcpElement: string;
};

/** The LCP element's label, from the largest-contentful-paint-element audit (a list of tables). */
function lcpElementOf(audit: { details?: unknown } | undefined): string {
  const details = audit?.details as
    { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? "?"} “${(node.nodeLabel ?? "").slice(0, 60)}”` : "none";
}

async function runLighthouse(
  url: string,
  profile: "mobile" | "desktop",
  cookie: string | undefined,
): Promise<LighthouseRun> {
  const { launch } = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      },
      profile === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url} (signed out?)`);
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      page: new URL(url).pathname + new URL(url).search,
      profile,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit("first-contentful-paint"),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      si: audit("speed-index"),
      lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]),
    };
  } finally {
    chrome.kill();
  }
}

/** The run whose score is the median (the lower middle one for an even count). */
function medianRun(all: LighthouseRun[]): LighthouseRun {
  return [...all].sort((a, b) => a.score - b.score)[Math.floor((all.length - 1) / 2)];
}

async function main() {
  const argv = process.argv.slice(2);
  const runsAt = argv.indexOf("--runs");
  const rounds = runsAt === -1 ? 3 : Number(argv[runsAt + 1]);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error("--runs takes a whole number of runs, 1 or more");
  const unknown = argv.find(
    (arg, index) =>
      !["--snapshot", "--rebuild", "--no-lighthouse", "--runs"].includes(arg) && index !== runsAt + 1,
  );
  if (unknown) throw new Error(`unknown option ${unknown}`);
  const loadBefore = loadAverage();
  const appDir = prepareBuild({
    snapshot: argv.includes("--snapshot"),
    rebuild: argv.includes("--rebuild"),
    log,
  });

  const weights = firstLoadJs(appDir);
  const lines = [
    "",
    `First-load JavaScript per page (gzip level 9 of the root main files + the page's layout and page chunks), build in ${appDir}`,
    "",
    table(
      ["page", "files", "raw kB", "gzip kB"],
      weights.map((weight) => [
        weight.page,
        String(weight.files),
        fixed(weight.raw / 1024, 1),
        fixed(weight.gzip / 1024, 1),
      ]),
    ),
  ];

  if (!argv.includes("--no-lighthouse")) {
    const url = await ensureBenchDatabase(BENCH_DATABASES.million, log);
    const app = startApp(appDir, { databaseUrl: url, port: PORT, poolSize: 10 });
    const sampler = new RssSampler(() => [app]);
    const runs = new Map<string, LighthouseRun[]>();
    try {
      await waitUntilReady(app, "/sign-in");
      sampler.start();
      const cookie = await signIn(app.url);
      // One unmeasured load each, so the first compile of a route is not what is measured.
      for (const { path: page } of LIGHTHOUSE_PAGES)
        await (await fetch(app.url + page, { headers: { Cookie: cookie } })).arrayBuffer();
      for (let round = 1; round <= rounds; round++) {
        for (const profile of ["mobile", "desktop"] as const) {
          for (const { path: page, signedIn } of LIGHTHOUSE_PAGES) {
            log(`lighthouse ${profile} ${round}/${rounds}: ${page}${signedIn ? " (signed in)" : ""}`);
            const key = `${profile} ${page}`;
            runs.set(key, [
              ...(runs.get(key) ?? []),
              await runLighthouse(app.url + page, profile, signedIn ? cookie : undefined),
            ]);
          }
        }
      }
    } finally {
      sampler.stop();
      await stopServer(app);
    }
    lines.push(
      "",
      `Lighthouse ${(JSON.parse(readFileSync(path.join(projectRoot, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version}, performance category, Chromium /usr/bin/chromium ` +
        `(${CHROME_FLAGS.join(" ")}); mobile = Lighthouse's default (simulated slow 4G, 4× CPU slowdown), desktop = its desktop config`,
      "",
      `The run with the median score of ${rounds}, and all ${rounds} scores:`,
      "",
      table(
        ["page", "profile", "score", "scores", "FCP ms", "LCP ms", "TBT ms", "CLS", "Speed Index ms"],
        [...runs.values()].map((all) => {
          const run = medianRun(all);
          return [
            run.page,
            run.profile,
            String(run.score),
            all.map((each) => each.score).join(" "),
            fixed(run.fcp),
            fixed(run.lcp),
            fixed(run.tbt),
            run.cls.toFixed(3),
            fixed(run.si),
          ];
        }),
      ),
      "",
      ...[...runs.values()]
        .map((all) => medianRun(all))
        .map((run) => `LCP element, ${run.page} ${run.profile}: ${run.lcpElement}`),
      `Peak RSS of the app during the Lighthouse runs: ${[...sampler.peak.values()].map((bytes) => `${Math.round(bytes / 1024 / 1024)} MB`).join(", ")}`,
    );
  }
  lines.push(`Load average (1/5/15 min) before: ${loadBefore}; after: ${loadAverage()}`);
  const output = lines.join("\n");
  console.log(output);
  const dir = path.join(projectRoot, "data", "bench");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `frontend-${new Date().toISOString().replace(/[:.]/g, "-")}.md`),
    output + "\n",
  );
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(
      `bench:frontend failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  });
