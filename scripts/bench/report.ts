// Tables and machine facts for the benchmark's output.
import { execSync } from "node:child_process";
import os from "node:os";

export function table(header: string[], rows: string[][], alignLeft = new Set([0])): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    "| " +
    cells
      .map((cell, column) =>
        alignLeft.has(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join(" | ") +
    " |";
  const rule =
    "|" +
    widths
      .map((width, column) =>
        alignLeft.has(column) ? ":" + "-".repeat(width + 1) : "-".repeat(width + 1) + ":",
      )
      .join("|") +
    "|";
  return [line(header), rule, ...rows.map(line)].join("\n");
}

export const fixed = (value: number, digits = 0) =>
  value.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");
}

export function machine(postgresVersion: string): string[] {
  const cpus = os.cpus();
  let cpuMax = "";
  try {
    cpuMax = execSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    cpuMax = String(cpus.length);
  }
  return [
    `CPU: ${cpus[0]?.model ?? "unknown"}, ${cpuMax} cores; memory ${Math.round(os.totalmem() / 1024 ** 3)} GiB; ${os.type()} ${os.release()}`,
    `Node ${process.version}; ${postgresVersion}`,
  ];
}
