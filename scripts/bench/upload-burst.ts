// npx tsx scripts/bench/upload-burst.ts -- --pid <server pid> [--base-url http://localhost:3203]
//   [--data-dir /tmp/uploads-db] [--uploads 20] [--megabytes 9] [--after-seconds 300]
//
// What a burst of parallel document uploads costs a running server's resident memory, and how
// much of it is given back. Against a server already started (`npm start` with PORT and
// PGLITE_DATA_DIR; its demo token is read from --data-dir/demo-credentials.json): makes an end
// user, then sends --uploads POST /documents at once, each a PDF of --megabytes MiB. An upload
// refused with 503 (or cut off: status 0) is sent again after its Retry-After, as a client would,
// until all are stored.
// Samples the resident set of the server's process tree (/proc, every 100 ms) and prints it
// before, at its peak, right after the burst and --after-seconds later, with each answer's status.
import { readFileSync } from "node:fs";
import path from "node:path";
import { treeRss } from "@/scripts/bench/processes";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
}

const pid = Number(option("pid", "0"));
if (!pid) throw new Error("--pid <the server's pid> is required");
const baseUrl = option("base-url", "http://localhost:3203");
const dataDir = option("data-dir", "/tmp/uploads-db");
const uploads = Number(option("uploads", "20"));
const megabytes = Number(option("megabytes", "9"));
const afterSeconds = Number(option("after-seconds", "300"));
const token = (
  JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as { token: string }
).token;
const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(0);
const auth = { authorization: `Bearer ${token}` };

async function makeEndUser(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v2/end_users`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "individual", name: "Burst Bench" }),
  });
  if (response.status !== 201)
    throw new Error(`POST /end_users: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { end_user_id: string } }).data.end_user_id;
}

function pdf(bytes: number, seed: number): Blob {
  const content = Buffer.alloc(bytes, 0x20);
  Buffer.from(`%PDF-1.4\n% burst ${seed}\n`).copy(content);
  return new Blob([new Uint8Array(content)], { type: "application/pdf" });
}

/** One upload, sent again after Retry-After while the server is busy; every status it got. */
async function uploadUntilStored(endUser: string, seed: number): Promise<number[]> {
  const statuses: number[] = [];
  const file = pdf(megabytes * MB, seed);
  for (let attempt = 0; attempt < 100; attempt++) {
    const form = new FormData();
    form.append("document_type_id", "proof_of_address");
    form.append("end_user_id", endUser);
    form.append("file", file, `burst-${seed}.pdf`);
    let wait = 2;
    try {
      const response = await fetch(`${baseUrl}/api/v2/documents`, {
        method: "POST",
        headers: auth,
        body: form,
      });
      statuses.push(response.status);
      await response.arrayBuffer();
      if (response.status !== 503) return statuses;
      wait = Number(response.headers.get("retry-after") ?? "2");
    } catch {
      // The server answered and closed the connection before the body was all sent (status 0 here).
      statuses.push(0);
    }
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
  return statuses;
}

async function main() {
  const endUser = await makeEndUser();
  const before = treeRss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 100);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: uploads }, (_, i) => uploadUntilStored(endUser, i)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rightAfter = treeRss(pid);
  const counts = new Map<number, number>();
  for (const status of results.flat()) counts.set(status, (counts.get(status) ?? 0) + 1);
  console.log(`${uploads} parallel uploads of ${megabytes} MiB in ${seconds.toFixed(1)} s`);
  console.log(`answers: ${[...counts].map(([status, count]) => `${status}×${count}`).join(", ")}`);
  console.log(`stored: ${results.filter((statuses) => statuses.at(-1) === 201).length}/${uploads}`);
  console.log(`RSS before ${mb(before)} MB, peak ${mb(peak)} MB, right after ${mb(rightAfter)} MB`);
  for (let waited = 0; waited < afterSeconds; waited += 60) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(60, afterSeconds - waited) * 1000));
    console.log(`RSS ${Math.min(waited + 60, afterSeconds)} s after: ${mb(treeRss(pid))} MB`);
  }
}

void main();
