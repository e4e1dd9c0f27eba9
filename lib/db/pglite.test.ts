import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client";
import { PGLITE_V8_FLAGS, pgliteStartParams } from "@/lib/db/pglite";
import { testDatabaseKind } from "@/tests/test-database";

// The memory caps of the embedded database. What they buy is measured by
// `npm run bench:memory`, whose exit code is the check on the whole `npm start` tree; these
// say the caps are in place, so a refactor cannot drop them unseen.
describe("the embedded PostgreSQL's memory caps", () => {
  it("starts PostgreSQL with 16 MB of shared buffers, after PGlite's own parameters", () => {
    const params = pgliteStartParams();
    expect(params.slice(-2)).toEqual(["-c", "shared_buffers=16MB"]);
    expect(params.filter((param) => param.startsWith("shared_buffers="))).toEqual(["shared_buffers=16MB"]);
    expect(params[0]).toBe("--single");
  });

  it("has V8 compile PGlite's WASM with Liftoff only, never again with TurboFan", () => {
    expect(PGLITE_V8_FLAGS).toBe("--liftoff-only");
  });

  it.skipIf(testDatabaseKind !== "pglite")(
    "a database opened by openPglite runs with those settings",
    async () => {
      const { sql } = await getDatabase();
      expect(await sql.query("SHOW shared_buffers")).toEqual([{ shared_buffers: "16MB" }]);
    },
  );
});
