// Where a server process's resident memory is, for bench:memory: its mappings (/proc/<pid>/smaps)
// by kind, and what V8 says of its heap (Node's process metrics, which the server's /metrics
// answers when METRICS_TOKEN is set). Linux only, as the rest of the bench's /proc reading.
import { readFileSync } from "node:fs";

const KiB = 1024;
const MiB = 1024 * KiB;

export type Share = { label: string; bytes: number };

function kindOf(name: string, permissions: string, size: number): string {
  if (name === "[heap]") return "malloc heap";
  if (name.startsWith("/")) return /\/node$/.test(name) ? "node binary" : "other files";
  if (name !== "") return "other anonymous";
  // V8 commits its heap in pages of 256 kB, each its own mapping; large objects get their own.
  if (size === 256 * KiB && permissions === "rw-p") return "V8 heap pages";
  // PGlite's WASM memory (128 MB at start) is the one anonymous mapping this large.
  if (size >= 64 * MiB) return "PGlite's WASM memory";
  if (permissions === "rwxp") return "compiled code (JS and WASM)";
  return "other anonymous";
}

/** The process's resident set by kind of mapping, largest first. */
export function residentByKind(pid: number): Share[] {
  const rss = new Map<string, number>();
  let kind = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      kind = kindOf(mapping[4], mapping[3], parseInt(mapping[2], 16) - parseInt(mapping[1], 16));
      continue;
    }
    const resident = /^Rss:\s+(\d+) kB/.exec(line);
    if (resident) rss.set(kind, (rss.get(kind) ?? 0) + Number(resident[1]) * KiB);
  }
  return [...rss]
    .map(([label, bytes]) => ({ label, bytes }))
    .filter((share) => share.bytes >= MiB)
    .sort((a, b) => b.bytes - a.bytes);
}

/** V8's heap as the server's /metrics says (prom-client's Node metrics), or null when it will not. */
export async function v8Heap(baseUrl: string, metricsToken: string): Promise<Share[] | null> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const text = await response.text();
  if (response.status !== 200) return null;
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
  const shares: Share[] = [
    { label: "committed", bytes: value(/^nodejs_heap_size_total_bytes (\S+)$/m) },
    { label: "used", bytes: value(/^nodejs_heap_size_used_bytes (\S+)$/m) },
  ];
  for (const [, space, bytes] of text.matchAll(
    /^nodejs_heap_space_size_total_bytes\{space="(\w+)"\} (\S+)$/gm,
  ))
    if (Number(bytes) >= MiB) shares.push({ label: `${space} space`, bytes: Number(bytes) });
  shares.push({
    label: "external (ArrayBuffers, WASM memory)",
    bytes: value(/^nodejs_external_memory_bytes (\S+)$/m),
  });
  return shares;
}
