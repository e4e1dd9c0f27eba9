import "server-only";

/**
 * The CSV text of `records`, byte for byte as csv-stringify (which the exports used before)
 * writes strings with its defaults and this record delimiter: a field is quoted, its quotes
 * doubled, when it holds a quote or a comma, or a line break: with "\n" records (csv-stringify's
 * default) any \n or \r, with "\r\n" records only the pair. Written here because csv-stringify
 * allocates a context per field, and a 100,000-row export spent more time collecting that garbage
 * than writing CSV; lib/db/csv-pages.test.ts holds the two to the same text.
 */
export function csvText(records: readonly (readonly string[])[], recordDelimiter: "\n" | "\r\n"): string {
  const needsQuotes = recordDelimiter === "\n" ? /[",\n\r]/ : /[",]|\r\n/;
  let text = "";
  for (const record of records) {
    for (let index = 0; index < record.length; index++) {
      const value = record[index];
      if (index > 0) text += ",";
      text += needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
    }
    text += recordDelimiter;
  }
  return text;
}

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
  /** Each export keeps the record delimiter it always had. */
  recordDelimiter: "\n" | "\r\n";
}): ReadableStream<Uint8Array> {
  const { columns, pageSize, readPage, toRecord, recordDelimiter } = options;
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
        controller.enqueue(encoder.encode(csvText([columns], recordDelimiter)));
        readAhead(undefined);
      },
      async pull(controller) {
        const rows = await ahead!;
        const done = rows.length < pageSize;
        if (!done) readAhead(rows.at(-1));
        if (rows.length > 0) controller.enqueue(encoder.encode(csvText(rows.map(toRecord), recordDelimiter)));
        if (done) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
