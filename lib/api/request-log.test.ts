import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createRequestLog } from "@/lib/api/request-log";

/** A log writing into arrays of parsed lines. */
function capture(level: "silent" | "error" | "info") {
  const lines = { out: [] as unknown[], err: [] as unknown[] };
  const into = (target: unknown[]) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) target.push(JSON.parse(line));
        done();
      },
    });
  return { log: createRequestLog(level, { out: into(lines.out), err: into(lines.err) }), lines };
}

const entry = {
  method: "GET",
  route: "/countries",
  status: 200,
  durationMs: 1.26,
  requestId: "req-1",
  principalId: "tok_1",
};
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe("the request log", () => {
  it("writes one JSON line a request at info, with exactly these fields", () => {
    const { log, lines } = capture("info");
    log.request(entry);
    log.request({ ...entry, principalId: null, status: 401, durationMs: 0.04 });
    expect(lines.out).toEqual([
      {
        level: "info",
        time: iso,
        msg: "request",
        method: "GET",
        route: "/countries",
        status: 200,
        duration_ms: 1.3,
        request_id: "req-1",
        principal_id: "tok_1",
      },
      expect.objectContaining({ status: 401, duration_ms: 0, principal_id: null }),
    ]);
    expect(lines.err).toEqual([]);
  });

  it("writes an unhandled error to the error stream, with its stack", () => {
    const { log, lines } = capture("info");
    const error = new TypeError("boom");
    log.error("req-2", error);
    log.error("req-3", "not an Error");
    expect(lines.err).toEqual([
      {
        level: "error",
        time: iso,
        msg: "unhandled error",
        request_id: "req-2",
        name: "TypeError",
        message: "boom",
        stack: error.stack,
      },
      { level: "error", time: iso, msg: "unhandled error", request_id: "req-3", message: "not an Error" },
    ]);
    expect(lines.out).toEqual([]);
  });

  it("honours LOG_LEVEL: error keeps errors only, silent nothing", () => {
    const errorsOnly = capture("error");
    errorsOnly.log.request(entry);
    errorsOnly.log.error("req-4", new Error("x"));
    expect([errorsOnly.lines.out.length, errorsOnly.lines.err.length]).toEqual([0, 1]);
    const silent = capture("silent");
    silent.log.request(entry);
    silent.log.error("req-5", new Error("x"));
    expect([silent.lines.out.length, silent.lines.err.length]).toEqual([0, 0]);
  });
});
