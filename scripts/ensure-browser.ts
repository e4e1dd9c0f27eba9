// Before `playwright test`: make sure a Chromium is installed (the suites use the system's,
// not a downloaded one). Found: silent. Missing: apt-get install when we can, else one line.
import { accessSync, constants } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH when set (and usable), else the Debian/Ubuntu locations; null when none. */
export function findChromium(): string | null {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return executable(configured) ? configured : null;
  return CANDIDATES.find(executable) ?? null;
}

function hasAptGet(): boolean {
  return spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
}

function aptInstall(): boolean {
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  // A fresh machine may have no package lists yet.
  return install() || (spawnSync("apt-get", ["update"], { stdio: "inherit" }).status === 0 && install());
}

function main(): number {
  if (findChromium()) return 0;
  if (process.env.CHROMIUM_PATH) {
    console.error(
      `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file: point it at a Chromium or Chrome binary.`,
    );
    return 1;
  }
  if (process.getuid?.() === 0 && hasAptGet()) {
    console.log("No Chromium found: installing it with apt-get…");
    if (aptInstall() && findChromium()) return 0;
  }
  console.error(
    "No Chromium found for the browser tests: install it (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) process.exit(main());
