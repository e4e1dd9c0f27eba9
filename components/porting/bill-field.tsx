"use client";
import { useState } from "react";
import { ACCEPT, MAX_BYTES } from "@/components/compliance/documents";
import { useDocument, useUploadDocument } from "@/components/hooks/use-compliance";
import { Field } from "@/components/ui/field";
import { serverFieldErrors } from "@/components/ui/field-errors";
import { describeError } from "@/components/ui/states";

// A port's recent bill from the losing carrier, optional: the file goes to the documents store
// (POST /documents, type bill, the end user's), and the order names it by bill_document_id when
// the form is saved. The API's refusals of the upload, or of the order naming it, stand here.

const uploadWords = { file: "The bill", end_user_id: "The end user", document_type_id: "The document type" };

function AttachedName({ documentId }: { documentId: string }) {
  const document = useDocument(documentId);
  return <>{document.data?.file_name ?? documentId}</>;
}

export function BillField({
  endUserId,
  documentId,
  error,
  onChange,
}: {
  /** The end user the order is for: the bill is kept as their document. */
  endUserId: string;
  /** The attached bill's document, or "" for none. */
  documentId: string;
  /** The order's refusal of it (PATCH or POST /port_orders), beside the field. */
  error?: string;
  onChange: (documentId: string) => void;
}) {
  const upload = useUploadDocument();
  const [problem, setProblem] = useState<string | null>(null);

  async function attach(file: File | null) {
    setProblem(null);
    if (!file) return;
    if (!endUserId) return setProblem("Choose the end user first: the bill is kept as their document.");
    if (file.size > MAX_BYTES) return setProblem("The file is larger than 10 MB; send a smaller scan.");
    try {
      const document = await upload.mutateAsync({
        file,
        document_type_id: "bill",
        end_user_id: endUserId,
        address_id: null,
        expires_on: null,
      });
      onChange(document.document_id);
    } catch (refusal) {
      const found = serverFieldErrors(refusal, uploadWords, describeError(refusal));
      setProblem(Object.values(found.fields).find(Boolean) ?? found.form ?? describeError(refusal));
    }
  }

  if (documentId)
    return (
      <Field label="Recent bill (optional)" error={error}>
        {(props) => (
          <div className="row" data-testid="port-bill">
            <span {...props}>
              Attached: <AttachedName documentId={documentId} />
            </span>
            <button type="button" className="btn btn--small" onClick={() => onChange("")}>
              Remove
            </button>
          </div>
        )}
      </Field>
    );
  return (
    <Field
      label="Recent bill (optional)"
      hint={
        upload.isPending
          ? "Uploading…"
          : "A bill from the losing carrier showing the account and the numbers (PDF, PNG or JPEG, up to 10 MB)."
      }
      error={problem ?? error}
    >
      {(props) => (
        <input
          {...props}
          type="file"
          name="bill_document_id"
          accept={ACCEPT}
          disabled={upload.isPending}
          onChange={(event) => void attach(event.target.files?.item(0) ?? null)}
        />
      )}
    </Field>
  );
}
