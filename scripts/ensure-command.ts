// A command a suite needs from a Debian package (jq for docs/API.md's examples): found, silent;
// missing, installed with apt-get (package lists refreshed once if the first try fails).
import { spawnSync } from "node:child_process";

function found(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** True when `command` is on the PATH, after installing `debianPackage` if it was not. */
export function ensureCommand(command: string, debianPackage: string): boolean {
  if (found(command)) return true;
  console.log(`${command} is missing; installing Debian's ${debianPackage} package.`);
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", debianPackage], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  if (!install()) {
    // A fresh machine may have no package lists yet.
    spawnSync("apt-get", ["update"], { stdio: "inherit" });
    install();
  }
  return found(command);
}
