// Where the tail of a steady load comes from: the app served by `npm start` with
// SERVER_TIMING=1 on the bench's database, each search shape and products at a steady rate
// (an open loop, scripts/bench/steady.ts), and for the slowest 1 % of each run what its
// answers waited for, from the server's own Server-Timing marks (lib/server-timing.ts).
//
//   npm run bench:tail [-- --rate 100 --duration 30 --small]
//
// The timing marks cost a little CPU, so `npm run bench` runs without them; its steady table
// and this one are read side by side (docs/PERFORMANCE.md).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createBenchToken, returnBenchPurchases } from "@/scripts/bench/bench-org";
import { BENCH_DATABASES, ensureBenchDatabase } from "@/scripts/bench/databases";
import { measureSteady, tailBreakdown } from "@/scripts/bench/steady";
import { prepareBuild, projectRoot, startApp, stopServer, waitUntilReady } from "@/scripts/bench/processes";
import { loadAverage, ms } from "@/scripts/bench/report";
import { inventoryPath, inventoryShapes, PRODUCTS_COUNTRY } from "@/scripts/bench/shapes";

const log = (line: string) => console.error(`[bench:tail] ${line}`);

function parseOptions(argv: string[]) {
  const options = { rate: 100, durationSeconds: 30, small: false, rebuild: false, shapes: [] as string[] };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = () => {
      const number = Number(argv[++index]);
      if (!Number.isFinite(number) || number <= 0) throw new Error(`${flag} needs a positive number`);
      return number;
    };
    if (flag === "--rate") options.rate = value();
    else if (flag === "--duration") options.durationSeconds = value();
    else if (flag === "--small") options.small = true;
    else if (flag === "--rebuild") options.rebuild = true;
    else if (flag === "--shape") options.shapes.push(argv[++index]);
    else throw new Error(`unknown option ${flag} (--rate N, --duration S, --shape KEY, --small, --rebuild)`);
  }
  return options;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const appDir = prepareBuild({ snapshot: false, rebuild: options.rebuild, log });
  const database = options.small ? BENCH_DATABASES.tenThousand : BENCH_DATABASES.million;
  const url = await ensureBenchDatabase(database, log, path.join(appDir, "prisma", "migrations"));
  await returnBenchPurchases(url);
  const auth = { Authorization: `Bearer ${await createBenchToken(url)}` };
  mkdirSync(path.join(projectRoot, "data", "bench"), { recursive: true });
  const port = Number(process.env.BENCH_PORT ?? 3100);
  const app = startApp(appDir, {
    databaseUrl: url,
    port,
    poolSize: 10,
    npmStart: true,
    env: { SERVER_TIMING: "1" },
    stdoutFile: path.join(projectRoot, "data", "bench", "tail-app-stdout.log"),
  });
  const shapes = [
    ...inventoryShapes.map((shape) => ({ key: shape.key, label: shape.label, path: inventoryPath(shape) })),
    { key: "products", label: "products: one country", path: `/products/${PRODUCTS_COUNTRY}` },
  ].filter((shape) => options.shapes.length === 0 || options.shapes.includes(shape.key));
  const lines = [
    `Tail at a steady ${options.rate} req/s, ${options.durationSeconds} s a shape, ${database.numbers.toLocaleString("en")} numbers; load average before: ${loadAverage()}`,
    "",
    "| shape | p50 ms | p99 ms | slowest 1 %: n, from ms | waited ≥ 5 ms for: count · pool · rate limit · auth · GC | medians ms: count · pool · GC · handler · outside it |",
    "|:--|--:|--:|--:|:--|:--|",
  ];
  try {
    await waitUntilReady(app, "/api/v2/countries", auth);
    for (const shape of shapes) {
      log(`${shape.label}: ${options.rate} req/s for ${options.durationSeconds} s`);
      const result = await measureSteady({
        url: `${app.url}/api/v2${shape.path}`,
        headers: auth,
        rate: options.rate,
        durationSeconds: options.durationSeconds,
        warmupSeconds: 2,
      });
      const tail = tailBreakdown(result.samples);
      const { waited: w, medianMs: m } = tail;
      lines.push(
        `| ${shape.label} | ${ms(result.p50)} | ${ms(result.p99)} | ${tail.slowest}, ${ms(tail.thresholdMs)} | ` +
          `${w.count} · ${w.pool} · ${w.ratelimit} · ${w.auth} · ${w.gc} | ` +
          `${ms(m.count)} · ${ms(m.pool)} · ${ms(m.gc)} · ${ms(m.handler)} · ${ms(m.outside)} |`,
      );
    }
  } finally {
    await stopServer(app);
  }
  lines.push("", `Load average after: ${loadAverage()}`);
  console.log(lines.join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
