import { readFileSync } from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";

// What every PDF the portal writes (invoices, letters of authorization) shares: an A4 page,
// fonts from the repository, text in whatever script a name comes in, page footers, and the
// bytes collected into a Buffer.
//
// Fonts come from the repository (assets/fonts), never downloaded: DejaVu Sans for Latin, Greek
// and Cyrillic, Noto Sans JP for Japanese and other CJK text. Text that Windows-1252 can hold
// is written in the standard Helvetica, which every reader has, so nothing is embedded for it.
// The same input gives the same bytes: the document's dates are the caller's, not the clock.

const FONT_DIR = path.join(process.cwd(), "assets", "fonts");
type FontName = "regular" | "bold" | "cjk";
const FONT_FILES: Record<FontName, string> = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  cjk: "NotoSansJP-Regular.ttf",
};
// Each read the first time a document needs it, then kept for the process; each document embeds
// the subset it uses. Most documents need none (all Windows-1252: Helvetica), and Noto Sans JP
// alone is 5.5 MB the process would otherwise hold from its first PDF on.
const fontData = new Map<FontName, Buffer>();
function fontFile(name: FontName): Buffer {
  let data = fontData.get(name);
  if (!data) {
    data = readFileSync(path.join(FONT_DIR, FONT_FILES[name]));
    fontData.set(name, data);
  }
  return data;
}

// Kana, CJK ideographs, Hangul and full-width forms: DejaVu Sans has none of them.
const CJK_CLASS =
  "\\u3000-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff00-\\uffef";
const CJK = new RegExp(`[${CJK_CLASS}]`);
const CJK_RUNS = new RegExp(`[${CJK_CLASS}]+|[^${CJK_CLASS}]+`, "g");
// Windows-1252 (PDF's WinAnsiEncoding): what the standard Helvetica can write.
const WIN_ANSI = /^[\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

/** An A4 page in points, with the margins every document keeps. */
export const PAGE = { margin: 50, width: 595.28, height: 841.89 } as const;
export const RIGHT = PAGE.width - PAGE.margin;
/** Where the body stops, leaving room for the footer. */
export const BOTTOM = PAGE.height - PAGE.margin - 20;
export const CONTENT_WIDTH = RIGHT - PAGE.margin;

type WriteOptions = PDFKit.Mixins.TextOptions & { bold?: boolean; size?: number };

export type PdfInfo = {
  title: string;
  author: string;
  subject: string;
  /** The document's creation date: the input's own time, so the same input gives the same bytes. */
  createdAt: Date;
  /** Its modification date; the creation date when absent. */
  modifiedAt?: Date;
};

export type PdfWriter = {
  doc: PDFKit.PDFDocument;
  /** Writes text at (x, y) in fonts that can show it and returns where the text ended (doc.y). */
  write: (text: string, x: number, y: number, options?: WriteOptions) => number;
  /** The font `write` would use for the whole text: its name for doc.font(). */
  fontFor: (text: string, bold?: boolean) => string;
  /** The height the text takes wrapped at `width`, in the font and size `write` would use. */
  heightOf: (text: string, options: { width: number; bold?: boolean; size?: number }) => number;
  /** Writes a footer on every page once all exist: `footer(page, pageCount)`, both from 1. */
  writeFooters: (footer: (page: number, count: number) => string) => void;
  /** Ends the document and resolves with its bytes. */
  finish: () => Promise<Buffer>;
};

/** An A4 document with the repository's fonts registered, collecting its bytes. */
export function createPdfWriter(info: PdfInfo): PdfWriter {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Producer: "Numbers portal",
      Creator: "Numbers portal",
      CreationDate: info.createdAt,
      ModDate: info.modifiedAt ?? info.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  // The repository's fonts are registered when a text first asks for one; pdfkit's standard
  // Helvetica needs nothing.
  const registered = new Set<FontName>();
  const withFont = (name: FontName): FontName => {
    if (!registered.has(name)) {
      doc.registerFont(name, fontFile(name));
      registered.add(name);
    }
    return name;
  };

  const fontFor = (text: string, bold = false): string => {
    if (CJK.test(text)) return withFont("cjk");
    if (WIN_ANSI.test(text)) return bold ? "Helvetica-Bold" : "Helvetica";
    return withFont(bold ? "bold" : "regular");
  };

  // Text that is all Windows-1252 is one run in Helvetica. Other text goes in runs by script:
  // CJK in Noto Sans JP, the rest (Greek, Cyrillic, Polish ł…) in DejaVu Sans, chained so that
  // a mixed name wraps as one paragraph.
  const write = (text: string, x: number, y: number, options: WriteOptions = {}) => {
    const { bold, size = 9, ...rest } = options;
    const winAnsi = WIN_ANSI.test(text);
    const runs = winAnsi ? [text] : (text.match(CJK_RUNS) ?? [""]);
    runs.forEach((run, index) => {
      doc.font(winAnsi ? fontFor(run, bold) : withFont(CJK.test(run) ? "cjk" : bold ? "bold" : "regular"));
      doc.fontSize(size);
      const layout = { lineBreak: rest.width !== undefined, ...rest, continued: index < runs.length - 1 };
      if (index === 0) doc.text(run, x, y, layout);
      else doc.text(run, layout);
    });
    return doc.y;
  };

  const heightOf = (text: string, options: { width: number; bold?: boolean; size?: number }) => {
    doc.font(fontFor(text, options.bold)).fontSize(options.size ?? 9);
    return doc.heightOfString(text, { width: options.width });
  };

  const writeFooters = (footer: (page: number, count: number) => string) => {
    const { start, count } = doc.bufferedPageRange();
    for (let page = start; page < start + count; page++) {
      doc.switchToPage(page);
      // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
      doc.page.margins.bottom = 0;
      write(footer(page - start + 1, count), PAGE.margin, PAGE.height - 40, {
        size: 7,
        width: CONTENT_WIDTH,
        align: "center",
      });
    }
  };

  const finish = () => {
    doc.end();
    return done;
  };

  return { doc, write, fontFor, heightOf, writeFooters, finish };
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11-01" or an ISO instant (or a Date) → "1 Nov 2026", in UTC. */
export function formatPdfDay(value: string | Date): string {
  const date =
    typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return dayFormat.format(date);
}
