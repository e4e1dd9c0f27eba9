import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Secrets made once per checkout and kept in a file beside the embedded database (the session
// key, the documents' data key), so `npm start` works without configuration.

/** A random secret kept in `file`, made there on first use (0600; the first writer wins). */
export function readOrCreateSecretFile(file: string): string {
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": when two processes start together, the second one's write fails and it reads
    // the first one's secret instead of replacing it (which would sign everyone out).
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  }
  const created = readSecret(file);
  if (!created) throw new Error(`${file} is empty: delete it, or set the variable it stands in for`);
  return created;
}

function readSecret(file: string): string | null {
  try {
    const text = readFileSync(file, "utf8").trim();
    return text === "" ? null : text;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return null;
    throw error;
  }
}
