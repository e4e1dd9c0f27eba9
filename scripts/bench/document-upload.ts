// npx tsx --expose-gc scripts/bench/document-upload.ts [-- --megabytes 10] [--postgres]
//
// What a document upload costs the server's memory (issue: "the upload path's peak memory for
// a 10 MB file"). On embedded PGlite in this process, or with --postgres on a fresh database of
// the server PG_TEST_URL names (default postgresql://root@127.0.0.1:5432/test): migrates an in-memory database, seeds
// reference data and an end user, then sends POST /documents' handler (uploadDocument) a
// multipart body streamed in 64 KiB chunks, as a client's request arrives, so the body is never
// whole in memory before the server reads it. Samples the JS heap, the memory outside it
// (ArrayBuffers, where file bytes live) and the resident set; prints the growth. The resident
// set's peak is the kernel's high-water mark (Linux), which a busy event loop cannot miss; the
// heap and buffers are sampled before each asynchronous step of the upload. Then the same for reading the file
// back (GET /documents/{id}/file's readDocumentFile). Asserts nothing.
import { createHook } from "node:async_hooks";
import { readFileSync, writeFileSync } from "node:fs";
import { readDocumentFile, uploadDocument } from "@/lib/compliance/document-files";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";

/** The process's peak resident set since the last reset (Linux's VmHWM), in bytes. */
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))![1]) * 1024;
/** Resets VmHWM to the current resident set (Linux: writing 5 to clear_refs). */
const resetPeakRss = () => writeFileSync("/proc/self/clear_refs", "5");

const index = process.argv.indexOf("--megabytes");
const megabytes = index === -1 ? 10 : Number(process.argv[index + 1]);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const collect = () => (globalThis as { gc?: () => void }).gc?.();

type Measured<T> = {
  value: T;
  seconds: number;
  before: NodeJS.MemoryUsage;
  peak: { heap: number; external: number; arrayBuffers: number; rss: number };
};

/**
 * Runs `step` once, sampling the heap and the buffers outside it before every asynchronous
 * continuation (a lower bound: a peak inside one synchronous stretch is missed) and reading the
 * resident set's high-water mark, which misses nothing.
 */
async function measure<T>(step: () => Promise<T>): Promise<Measured<T>> {
  collect();
  const before = process.memoryUsage();
  resetPeakRss();
  const peak = {
    heap: before.heapUsed,
    external: before.external,
    arrayBuffers: before.arrayBuffers,
    rss: before.rss,
  };
  const sample = () => {
    const now = process.memoryUsage();
    peak.heap = Math.max(peak.heap, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    peak.rss = Math.max(peak.rss, now.rss);
  };
  // Reading a stream and awaiting the database are promise continuations, never a timer's turn:
  // sample before each continuation instead (inside a synchronous step, e.g. a WASM call, nothing can).
  const hook = createHook({ before: sample }).enable();
  const started = performance.now();
  const value = await step();
  const seconds = (performance.now() - started) / 1000;
  hook.disable();
  sample();
  peak.rss = Math.max(peak.rss, peakRss());
  return { value, seconds, before, peak };
}

function report(what: string, { seconds, before, peak }: Measured<unknown>) {
  console.log(`${what} in ${seconds.toFixed(2)} s`);
  console.log(`  JS heap: peak +${mb(peak.heap - before.heapUsed)} MB`);
  // external counts the ArrayBuffers (where file bytes live) and other memory V8 is told of.
  console.log(
    `  outside the heap: external peak +${mb(peak.external - before.external)} MB, of it ArrayBuffers peak +${mb(peak.arrayBuffers - before.arrayBuffers)} MB`,
  );
  console.log(`  resident set: ${mb(before.rss)} MB before, peak +${mb(peak.rss - before.rss)} MB`);
}

/** A multipart body of the form's fields and a PDF of `size` bytes, produced as it is read. */
function multipart(
  boundary: string,
  size: number,
  fields: Record<string, string>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const head = [
    ...Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\n`,
    "Content-Type: application/pdf\r\n\r\n%PDF-1.4\n",
  ].join("");
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  let left = size;
  let started = false;
  return new ReadableStream({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
      } else if (left > 0) {
        const part = chunk.subarray(0, Math.min(chunk.length, left));
        left -= part.length;
        controller.enqueue(part);
      } else {
        controller.enqueue(encoder.encode(`\n%%EOF\r\n--${boundary}--\r\n`));
        controller.close();
      }
    },
  });
}

async function main() {
  const { db, postgres, close } = await openFreshDatabase("bench_upload");
  const endUser = await db.prisma.endUser.create({
    data: { id: "eu_bench", organizationId: "org_acme", type: "individual", name: "Bench" },
  });
  const size = Math.round(megabytes * 1024 * 1024) - 64 * 1024;
  const boundary = "----bench-upload";
  const request = (bytes: number) =>
    new Request("http://localhost/api/v2/documents", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: multipart(boundary, bytes, { document_type_id: "proof_of_address", end_user_id: endUser.id }),
      duplex: "half",
    } as RequestInit);

  // A small upload first, so the code and statements are warm before measuring.
  const warm = await uploadDocument("org_acme", request(1024));
  await readDocumentFile({ organizationId: "org_acme", role: "admin" }, warm.document.document_id);
  const upload = await measure(async () => (await uploadDocument("org_acme", request(size))).document);
  const database = postgres ? "PostgreSQL" : "PGlite";
  report(`upload of ${mb(upload.value.size)} MB (${upload.value.content_type}) on ${database}`, upload);
  const download = await measure(() =>
    readDocumentFile({ organizationId: "org_acme", role: "admin" }, upload.value.document_id),
  );
  report(`download of ${mb(download.value.bytes.length)} MB on ${database}`, download);
  await close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
