import "server-only";
import { stringify, type Options } from "csv-stringify/sync";

/**
 * A CSV export as a byte stream (the numbers', the ledger's, the audit log's): the header line,
 * then one page of rows per pull, each page read by one statement from after the last row of the
 * page before (a keyset), until a page comes back short. No match: the header alone.
 *
 * The stream pulls, so a slow reader slows the reads instead of filling a buffer. One read runs
 * ahead: the next page is asked for as soon as a page arrives, so the database reads it while
 * this process writes the page before as CSV (two processes, two cores), and memory holds two
 * pages at most whatever the export's size.
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
  let ahead: Promise<Row[]> | undefined;
  const readAhead = (last: Row | undefined) => {
    ahead = readPage(last);
    // A reader that goes away leaves this read unawaited: its failure is nobody's to hear.
    ahead.catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(stringify([[...columns]], format)));
        readAhead(undefined);
      },
      async pull(controller) {
        const rows = await ahead!;
        const done = rows.length < pageSize;
        if (!done) readAhead(rows.at(-1));
        if (rows.length > 0) controller.enqueue(encoder.encode(stringify(rows.map(toRecord), format)));
        if (done) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
