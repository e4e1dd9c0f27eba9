import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/inventory/csv";

describe("parseCsv", () => {
  it.each([
    [
      "a,b\n1,2\n",
      [
        { line: 1, fields: ["a", "b"] },
        { line: 2, fields: ["1", "2"] },
      ],
    ],
    [
      "\uFEFFa,b\r\n1,2",
      [
        { line: 1, fields: ["a", "b"] },
        { line: 2, fields: ["1", "2"] },
      ],
    ],
    [
      "a\n\n\nb\n",
      [
        { line: 1, fields: ["a"] },
        { line: 4, fields: ["b"] },
      ],
    ],
    ['"x, y","say ""hi"""\n', [{ line: 1, fields: ["x, y", 'say "hi"'] }]],
    [
      '"two\nlines",z\nnext,row\n',
      [
        { line: 1, fields: ["two\nlines", "z"] },
        { line: 3, fields: ["next", "row"] },
      ],
    ],
    ["a,,\n", [{ line: 1, fields: ["a", "", ""] }]],
    ["", []],
  ])("reads %j", (text, records) => {
    expect(parseCsv(text)).toEqual(records);
  });

  it("names the line of a quote that is never closed", () => {
    expect(() => parseCsv('a\n"b\nc')).toThrow("line 2: a quoted field is never closed");
  });
});
