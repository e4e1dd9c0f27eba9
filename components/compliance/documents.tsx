"use client";
import { useMemo, useRef, useState, type DragEvent, type FormEvent } from "react";
import { addressLine } from "@/components/compliance/addresses";
import { documentLabel, documentTypeName, endUserChoices } from "@/components/compliance/compliance-words";
import { DocumentPreview } from "@/components/compliance/document-preview";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Field, FormFooter, SelectField } from "@/components/ui/field";
import { serverFieldErrors } from "@/components/ui/field-errors";
import { formatDate } from "@/components/ui/format";
import { describeError, EmptyState } from "@/components/ui/states";
import { QueryState } from "@/components/ui/query-state";
import {
  COMPLIANCE_PAGE,
  useAddresses,
  useDocuments,
  useEndUsers,
  useUploadDocument,
  type DocumentView,
} from "@/components/hooks/use-compliance";
import { useDocumentTypes } from "@/components/hooks/use-reference";

// The organization's documents: uploaded by picking a file or dropping one on the form, each
// with its type, end user, address and expiry, and shown in the page on request.

/** The API's field names → the form's words, for its refusals (docs/CONTRACT.md §3 `details` paths). */
const words = {
  file: "The file",
  document_type_id: "The document type",
  end_user_id: "The end user",
  address_id: "The address",
  expires_on: "The expiry date",
} as const;
type FieldName = keyof typeof words;

/** The largest file the API takes (docs/CONTRACT.md §17: 10 MB). */
export const MAX_BYTES = 10 * 1024 * 1024;
/** What the file input offers: the kinds of file the documents store takes. */
export const ACCEPT = "application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg";

export function useDocumentTypeNames(): Map<string, string> {
  const types = useDocumentTypes();
  return useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type.name])), [types.data]);
}

export function Documents() {
  const [offset, setOffset] = useState(0);
  const [shown, setShown] = useState<string | null>(null);
  const documents = useDocuments({ offset });
  const names = useDocumentTypeNames();
  const columns = useMemo<DataColumn<DocumentView>[]>(
    () => [
      {
        id: "document",
        header: "Document",
        cell: (document) => (
          <>
            <div>{documentTypeName(names, document.document_type_id)}</div>
            <div className="small muted">{document.file_name ?? document.document_id}</div>
          </>
        ),
      },
      {
        id: "expires",
        header: "Expires",
        className: "small nowrap",
        cell: (document) => (document.expires_on ? formatDate(document.expires_on) : "Does not expire"),
      },
      {
        id: "added",
        header: "Uploaded",
        className: "small nowrap",
        cell: (document) => formatDate(document.created_at),
      },
      {
        id: "preview",
        header: "Preview",
        hideHeader: true,
        action: true,
        cell: (document) => (
          <button
            type="button"
            className="btn btn--small"
            aria-expanded={shown === document.document_id}
            aria-controls={`preview-${document.document_id}`}
            aria-label={`${shown === document.document_id ? "Hide" : "Show"} ${documentLabel(names, document)}`}
            onClick={() => setShown(shown === document.document_id ? null : document.document_id)}
          >
            {shown === document.document_id ? "Hide" : "Show"}
          </button>
        ),
      },
    ],
    [names, shown],
  );
  return (
    <section className="card stack" aria-labelledby="documents-title">
      <h2 id="documents-title" className="card__title">
        3. Documents
      </h2>
      <p className="muted small">
        PDF, PNG or JPEG files of at most 10 MB: identity, proof of address, registration.
      </p>
      <QueryState
        query={documents}
        loading="Loading documents…"
        errorTitle="The documents could not be loaded"
        empty={
          <EmptyState title="No documents yet">
            <p>Upload one below.</p>
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            caption="Documents, newest first"
            columns={columns}
            rows={data.items}
            rowId={(document) => document.document_id}
            rowProps={() => ({ testId: "document-row" })}
            rowDetail={(document) =>
              shown === document.document_id
                ? {
                    id: `preview-${document.document_id}`,
                    content: (
                      <DocumentPreview
                        documentId={document.document_id}
                        contentType={document.content_type}
                        title={documentLabel(names, document)}
                      />
                    ),
                  }
                : null
            }
            busy={documents.isFetching}
            updating={documents.isPlaceholderData}
            paging={{
              label: "Document pages",
              offset,
              limit: COMPLIANCE_PAGE,
              total: data.total,
              onChange: setOffset,
            }}
          />
        )}
      </QueryState>
      <UploadForm />
    </section>
  );
}

type Errors = Partial<Record<FieldName, string>> & { form?: string };

function UploadForm() {
  const upload = useUploadDocument();
  const types = useDocumentTypes();
  const endUsers = useEndUsers();
  const addresses = useAddresses();
  const names = useDocumentTypeNames();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [uploaded, setUploaded] = useState<DocumentView | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setUploaded(null);
    setErrors(({ file: _file, ...rest }) => rest);
    if (chosen && chosen.size > MAX_BYTES)
      setErrors((previous) => ({ ...previous, file: "The file is larger than 10 MB; send a smaller scan." }));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files.item(0);
    if (!dropped) return;
    // The input shows the dropped file too, so picking and dropping end in the same place.
    if (fileInput.current) {
      const transfer = new DataTransfer();
      transfer.items.add(dropped);
      fileInput.current.files = transfer.files;
    }
    choose(dropped);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "").trim();
    const found: Errors = {};
    if (!file) found.file = "Choose a file, or drop one on the box";
    else if (file.size > MAX_BYTES) found.file = "The file is larger than 10 MB; send a smaller scan.";
    if (!value("document_type_id")) found.document_type_id = "Choose what the document is";
    if (!value("end_user_id")) found.end_user_id = "Choose whose document it is";
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return focusFirstError(event.currentTarget, found);
    try {
      const document = await upload.mutateAsync({
        file,
        document_type_id: value("document_type_id"),
        end_user_id: value("end_user_id"),
        address_id: value("address_id") || null,
        expires_on: value("expires_on") || null,
      });
      formRef.current?.reset();
      setFile(null);
      setUploaded(document);
    } catch (error) {
      const server = serverFieldErrors(error, words, describeError(error));
      const next: Errors = { ...server.fields, ...(server.form ? { form: server.form } : {}) };
      setErrors(next);
      if (formRef.current) focusFirstError(formRef.current, next);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="upload-title">
      <h3 id="upload-title">Upload a document</h3>
      <div
        className={`drop-zone${dragging ? " is-dragging" : ""}`}
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Field
          label="File"
          hint={file ? `Chosen: ${file.name}` : "Pick a PDF, PNG or JPEG, or drop it here"}
          error={errors.file}
        >
          {(props) => (
            <input
              {...props}
              ref={fileInput}
              name="file"
              type="file"
              accept={ACCEPT}
              onChange={(event) => choose(event.currentTarget.files?.item(0) ?? null)}
            />
          )}
        </Field>
      </div>
      <div className="form-grid">
        <Field label="Document type" error={errors.document_type_id}>
          {(props) => (
            <select {...props} name="document_type_id" defaultValue="">
              <option value="">Choose…</option>
              {(types.data ?? []).map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SelectField
          label="End user"
          name="end_user_id"
          error={errors.end_user_id}
          choices={endUserChoices(endUsers.data?.items)}
        />
        <Field label="Address (optional)" hint="The address the document proves" error={errors.address_id}>
          {(props) => (
            <select {...props} name="address_id" defaultValue="">
              <option value="">None</option>
              {(addresses.data?.items ?? []).map((address) => (
                <option key={address.address_id} value={address.address_id}>
                  {addressLine(address)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Expires on (optional)" error={errors.expires_on}>
          {(props) => <input {...props} name="expires_on" type="date" />}
        </Field>
      </div>
      <FormFooter
        error={errors.form}
        pending={upload.isPending}
        label="Upload document"
        pendingLabel="Uploading…"
      >
        {uploaded ? (
          <p className="notice notice--success" role="status">
            {documentLabel(names, uploaded)} uploaded.
          </p>
        ) : null}
      </FormFooter>
    </form>
  );
}

/** Focuses the first control, in the page's order, whose field has an error. */
function focusFirstError(form: HTMLFormElement, errors: Errors) {
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    "input[name], select[name]",
  ))
    if (errors[control.name as FieldName]) return control.focus();
}
