import "server-only";
import { stringify, type Options } from "csv-stringify/sync";

/**
 * A CSV export as a byte stream (the numbers', the ledger's, the audit log's): the header line,
 * then one page of rows per pull, each page read by one statement from after the last row of the
 * page before (a keyset), until a page comes back short. The stream pulls, so a slow reader
 * slows the reads instead of filling a buffer, and memory holds one page whatever the export's
 * size. No match: the header alone.
 */
export function csvPages<Row>(options: {
  columns: readonly string[];
  pageSize: number;
  /** The page after `last` (the first page when undefined), in the export's order. */
  readPage: (last: Row | undefined) => Promise<Row[]>;
  toRecord: (row: Row) => string[];
  /** csv-stringify's options (the record delimiter: each export keeps its own). */
  format?: Options;
}): ReadableStream<Uint8Array> {
  const { columns, pageSize, readPage, toRecord, format = {} } = options;
  const encoder = new TextEncoder();
  let last: Row | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(stringify([[...columns]], format)));
      },
      async pull(controller) {
        const rows = await readPage(last);
        if (rows.length > 0) controller.enqueue(encoder.encode(stringify(rows.map(toRecord), format)));
        last = rows.at(-1);
        if (rows.length < pageSize) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
