import { describe, expect, it } from "vitest";
import { assertIfMatch, etagFor } from "@/lib/numbers/preconditions";
import { ApiError } from "@/lib/errors";

// The ETag of a number's configuration and the If-Match that PUT /numbers/{number_id} requires.

describe("ETag and If-Match", () => {
  const current = etagFor({ id: "num_x", version: 3 });
  const failure = (header: string | undefined) => {
    try {
      assertIfMatch(header, current);
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { code: error.code, message: error.message, details: error.details, etag: error.headers.ETag };
    }
  };

  it("is the id and version, quoted", () => {
    expect(current).toBe('"num_x.v3"');
  });

  const missing = {
    code: "precondition_required",
    message:
      "Send If-Match with the ETag of the configuration you read, so a change made since is not overwritten.",
    details: "header.if-match=(missing)",
    etag: current,
  };
  const star = {
    code: "precondition_required",
    message: 'If-Match must name the ETag you read; "*" would overwrite changes you have not seen.',
    details: "header.if-match=*",
    etag: current,
  };
  const stale = (details: string) => ({
    code: "precondition_failed",
    message:
      "The configuration was changed since you read it; read it again (its current ETag is in the ETag header) and apply your change to it.",
    details,
    etag: current,
  });
  const long = `"${"x".repeat(100)}"`;

  it.each([
    ['"num_x.v3"', null],
    ["num_x.v3", null],
    [' "num_x.v2" , "num_x.v3" ', null],
    ["num_x.v2, num_x.v3", null],
    [undefined, missing],
    ["  ", missing],
    ["*", star],
    ['"a", *', star],
    ['"num_x.v2"', stale('header.if-match="num_x.v2"; current ETag "num_x.v3"')],
    ['W/"num_x.v3"', stale('header.if-match=W/"num_x.v3"; current ETag "num_x.v3"')],
    ['"num_x.v3', stale('header.if-match="num_x.v3; current ETag "num_x.v3"')],
    ['""num_x.v3""', stale('header.if-match=""num_x.v3""; current ETag "num_x.v3"')],
    [long, stale(`header.if-match=${long.slice(0, 80)}; current ETag "num_x.v3"`)],
  ])("If-Match %j → %j", (header, expected) => {
    expect(failure(header)).toEqual(expected);
  });
});
