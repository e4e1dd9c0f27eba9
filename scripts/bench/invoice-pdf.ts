// npx tsx scripts/bench/invoice-pdf.ts [-- --lines 200 --reps 21]
//
// What rendering an invoice's PDF costs (lib/billing/invoice-pdf.ts): the first render of the
// process (fonts read, code warmed), then the median and worst of `--reps` more, and the PDF's
// size, for a domestic invoice of `--lines` lines and one whose buyer is named in Japanese and
// Greek (the embedded fonts). The target is 100 ms and 100 kB for 200 lines. Timing is printed,
// never asserted (the machine may be busy).
import { renderInvoicePdf, type InvoiceWithLines } from "@/lib/billing/invoice-pdf";
import { sampleInvoice } from "@/tests/invoice-sample";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  return value;
}

async function timed(invoice: InvoiceWithLines): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const pdf = await renderInvoicePdf(invoice);
  return { ms: performance.now() - started, bytes: pdf.length };
}

async function main() {
  const lines = option("lines", 200);
  const reps = option("reps", 21);
  const cases: Array<[string, InvoiceWithLines]> = [
    [`${lines} lines`, sampleInvoice(lines)],
    [
      `${lines} lines, buyer in Japanese and Greek`,
      sampleInvoice(lines, {
        buyer: {
          legal_name: "株式会社アクメ Ελληνική Εταιρεία",
          address: "東京都千代田区1-1",
          country: "JP",
          vat_id: null,
        },
      }),
    ],
  ];
  for (const [name, invoice] of cases) {
    const first = await timed(invoice);
    const runs: number[] = [];
    for (let rep = 0; rep < reps; rep++) runs.push((await timed(invoice)).ms);
    runs.sort((a, b) => a - b);
    console.log(
      `${name}: first ${first.ms.toFixed(1)} ms, median ${runs[Math.floor(reps / 2)].toFixed(1)} ms, ` +
        `worst ${runs[reps - 1].toFixed(1)} ms over ${reps}; ${(first.bytes / 1024).toFixed(1)} kB`,
    );
  }
}

void main();
