/** One CSV record and the line of the file it starts on (1-based), for error reports. */
export type CsvRecord = { line: number; fields: string[] };

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (a doubled quote inside
 * is a quote, and quoted fields may span lines), LF or CRLF line ends, an optional BOM.
 * Blank lines are skipped. Throws on an unterminated quote, naming its line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };

  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error(`line ${quoteLine}: a quoted field is never closed`);
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}
