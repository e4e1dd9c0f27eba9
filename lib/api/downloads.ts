import "server-only";
import { StreamReply } from "@/lib/api/route";

/**
 * A CSV export as an attachment that no browser or proxy keeps: it holds the organization's
 * data (numbers, who did what from which address). Every export answers these same headers,
 * which the OpenAPI document declares on each download.
 */
export function csvDownload(stream: ReadableStream<Uint8Array>, fileName: string): StreamReply {
  return new StreamReply(stream, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  });
}

/**
 * Content-Disposition for a download named `fileName` (RFC 6266): a quoted ASCII name for every
 * client (quotes and backslashes escaped, anything else outside printable ASCII as "_"), and the
 * exact name in UTF-8 as filename* for those that read it.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, (character) => `\\${character}`);
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** A PDF as an attachment never cached (it holds the organization's data), with the headers every download has. */
export function pdfDownload(file: { bytes: Buffer; fileName: string }): Response {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(file.bytes.length),
      "content-disposition": attachmentDisposition(file.fileName),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
