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
