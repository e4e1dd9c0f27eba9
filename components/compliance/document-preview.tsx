"use client";
import { useMemo } from "react";
import { QueryState } from "@/components/ui/query-state";
import { useDocumentFile } from "@/components/hooks/use-compliance";

// A document shown in the page. The API answers the file as an attachment (never rendered as a
// page of ours, docs/CONTRACT.md §17), so it is fetched as bytes and shown from a blob: URL: a PDF in
// an <iframe>, an image as an <img>, and a link to save it either way.

export function DocumentPreview({
  documentId,
  contentType,
  title,
}: {
  documentId: string;
  contentType: string;
  title: string;
}) {
  const file = useDocumentFile(documentId);
  // One URL per fetched file, kept for the page's life: revoking it when the preview closes
  // would break it under React's development double mount, and a page shows few documents.
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);

  return (
    <QueryState query={file} loading="Loading the document…" errorTitle="The document could not be shown">
      {() =>
        url ? (
          <div className="document-preview stack" data-testid="document-preview">
            {contentType === "application/pdf" ? (
              <iframe src={url} title={`Preview of ${title}`} className="document-preview__frame" />
            ) : (
              // A blob: URL of the person's own upload: next/image cannot optimise it.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={url} alt={`Preview of ${title}`} className="document-preview__image" />
            )}
            <a href={url} download={title} className="small">
              Save {title}
            </a>
          </div>
        ) : null
      }
    </QueryState>
  );
}
