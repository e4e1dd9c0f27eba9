import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { stringify } from "csv-stringify/sync";
import { propertyRuns } from "@/tests/property-runs";
import { csvPages, csvText } from "@/lib/db/csv-pages";

// The exports write CSV themselves (csvText) where they used csv-stringify: the same text for
// any strings, with either record delimiter; and csvPages streams the header, then a page a pull.

const field = fc.string({
  unit: fc.constantFrom("a", "Z", "0", " ", ",", '"', "\n", "\r", "é", "=", "-", "\t"),
});
const records = fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 6 });

describe("csvText", () => {
  it("writes what csv-stringify writes, with \\n records (its default)", () => {
    fc.assert(
      fc.property(records, (rows) => {
        expect(csvText(rows, "\n")).toBe(stringify(rows));
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it("writes what csv-stringify writes, with \\r\\n records", () => {
    fc.assert(
      fc.property(records, (rows) => {
        expect(csvText(rows, "\r\n")).toBe(stringify(rows, { record_delimiter: "\r\n" }));
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it("quotes a field with a comma, a quote or a line break", () => {
    expect(csvText([["a,b", 'say "hi"', "x\ny", "plain", ""]], "\n")).toBe(
      '"a,b","say ""hi""","x\ny",plain,\n',
    );
    expect(csvText([["x\ny", "x\r\ny"]], "\r\n")).toBe('x\ny,"x\r\ny"\r\n');
  });
});

describe("csvPages", () => {
  it("answers the header, then each page as it is pulled, until a short page", async () => {
    const asked: (number | undefined)[] = [];
    const stream = csvPages<number>({
      columns: ["n", "square"],
      pageSize: 2,
      recordDelimiter: "\r\n",
      readPage: async (last) => {
        asked.push(last);
        const from = (last ?? 0) + 1;
        return [from, from + 1].filter((n) => n <= 5);
      },
      toRecord: (n) => [String(n), String(n * n)],
    });
    expect(await new Response(stream).text()).toBe("n,square\r\n1,1\r\n2,4\r\n3,9\r\n4,16\r\n5,25\r\n");
    expect(asked).toEqual([undefined, 2, 4]);
  });

  it("reads one page ahead of the reader, no more", async () => {
    const asked: (number | undefined)[] = [];
    const stream = csvPages<number>({
      columns: ["n"],
      pageSize: 1,
      recordDelimiter: "\n",
      readPage: async (last) => {
        asked.push(last);
        return [(last ?? 0) + 1];
      },
      toRecord: (n) => [String(n)],
    });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("n\n");
    expect(decoder.decode((await reader.read()).value)).toBe("1\n");
    expect(asked).toEqual([undefined, 1]);
    await reader.cancel();
  });

  it("answers the header alone when nothing matches", async () => {
    const stream = csvPages<number>({
      columns: ["a", "b"],
      pageSize: 10,
      recordDelimiter: "\n",
      readPage: async () => [],
      toRecord: (n) => [String(n)],
    });
    expect(await new Response(stream).text()).toBe("a,b\n");
  });
});
