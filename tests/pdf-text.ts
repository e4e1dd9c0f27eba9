// The text of a PDF, page by page, as a reader's copy and paste would give it: pdf.js (Mozilla's
// PDF engine, its legacy build for Node) reads the bytes the way a viewer does, so a word that
// is there but drawn with a font lacking its glyphs, or not embedded, fails to come back.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : ""))
          .join("")
          .replace(/[ \t]+/g, " "),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
