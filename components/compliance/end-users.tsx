"use client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { COMPLIANCE_PAGE, useCreateEndUser, useEndUsers, type EndUserView } from "@/lib/hooks/use-compliance";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { FormError, FormField, requestResolver, submitRequest } from "@/components/ui/form";
import { useFocusOn } from "@/components/ui/focus";
import { formatDate } from "@/components/ui/format";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { CreateEndUserRequest } from "@/lib/schemas/compliance";

// The people or businesses the organization's numbers are for (the end users of docs/CONTRACT.md §17).

type Values = {
  type: "individual" | "business";
  name: string;
  business_name: string;
  registration_number: string;
  email: string;
  phone: string;
};

const fields = {
  type: { field: "type", words: "The kind" },
  name: { field: "name", words: "The name" },
  business_name: { field: "business_name", words: "The business name" },
  registration_number: { field: "registration_number", words: "The registration number" },
  email: { field: "email", words: "The email address" },
  phone: { field: "phone", words: "The phone number" },
} as const;

function loadSchema() {
  return import("@/lib/schemas/compliance").then((module) => module.createEndUserRequestSchema);
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

const resolver = requestResolver<Values, Awaited<ReturnType<typeof loadSchema>>>({
  schema: loadSchema,
  toRequest: (values) => ({
    type: values.type,
    name: values.name,
    business_name: optional(values.business_name),
    registration_number: optional(values.registration_number),
    email: optional(values.email),
    phone: optional(values.phone),
  }),
  fields,
});

const empty: Values = {
  type: "individual",
  name: "",
  business_name: "",
  registration_number: "",
  email: "",
  phone: "",
};

const columns: DataColumn<EndUserView>[] = [
  {
    id: "name",
    header: "Name",
    cell: (endUser) => (
      <>
        <div>{endUser.name}</div>
        {endUser.business_name ? <div className="small muted">{endUser.business_name}</div> : null}
      </>
    ),
  },
  {
    id: "type",
    header: "Kind",
    className: "small",
    cell: (endUser) => (endUser.type === "business" ? "Business" : "Individual"),
  },
  {
    id: "contact",
    header: "Contact",
    className: "small",
    cell: (endUser) => [endUser.email, endUser.phone].filter(Boolean).join(" · ") || "—",
  },
  {
    id: "added",
    header: "Added",
    className: "small nowrap",
    cell: (endUser) => formatDate(endUser.created_at),
  },
];

export function EndUsers() {
  const [offset, setOffset] = useState(0);
  const endUsers = useEndUsers({ offset });
  return (
    <section className="card stack" aria-labelledby="end-users-title">
      <h2 id="end-users-title" className="card__title">
        1. End users
      </h2>
      <p className="muted small">The person or business each number is for, as the documents name them.</p>
      {endUsers.isPending ? (
        <LoadingState label="Loading end users…" />
      ) : endUsers.isError ? (
        <ErrorState
          error={endUsers.error}
          onRetry={() => endUsers.refetch()}
          title="The end users could not be loaded"
        />
      ) : endUsers.data.items.length === 0 ? (
        <EmptyState title="No end users yet">
          <p>Add the person or business your numbers are for below.</p>
        </EmptyState>
      ) : (
        <DataTable
          caption="End users, newest first"
          columns={columns}
          rows={endUsers.data.items}
          rowId={(endUser) => endUser.end_user_id}
          rowProps={() => ({ testId: "end-user-row" })}
          busy={endUsers.isFetching}
          updating={endUsers.isPlaceholderData}
          paging={{
            label: "End user pages",
            offset,
            limit: COMPLIANCE_PAGE,
            total: endUsers.data.total,
            onChange: setOffset,
          }}
        />
      )}
      <EndUserForm />
    </section>
  );
}

function EndUserForm() {
  const create = useCreateEndUser();
  // A new object each time, so a second addition takes focus again (the button was disabled
  // while it worked, and focus fell from it).
  const [added, setAdded] = useState<{ text: string } | null>(null);
  const addedRef = useFocusOn<HTMLParagraphElement>(added);
  const form = useForm<Values, unknown, CreateEndUserRequest>({
    resolver,
    shouldFocusError: false,
    defaultValues: empty,
  });
  const submit = submitRequest(form, fields, async (request) => {
    const endUser = await create.mutateAsync(request);
    form.reset(empty);
    setAdded({ text: endUser.name });
  });
  return (
    <form
      onSubmit={submit}
      onFocus={() => void loadSchema()}
      noValidate
      aria-labelledby="end-user-form-title"
    >
      <h3 id="end-user-form-title">Add an end user</h3>
      <div className="form-grid">
        <FormField form={form} name="type" label="Kind">
          {(props) => (
            <select {...props}>
              <option value="individual">Individual</option>
              <option value="business">Business</option>
            </select>
          )}
        </FormField>
        <FormField form={form} name="name" label="Name">
          {(props) => <input {...props} type="text" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="business_name" label="Business name (optional)">
          {(props) => <input {...props} type="text" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="registration_number" label="Registration number (optional)">
          {(props) => <input {...props} type="text" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="email" label="Email (optional)">
          {(props) => <input {...props} type="email" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="phone" label="Phone (optional)">
          {(props) => <input {...props} type="tel" autoComplete="off" />}
        </FormField>
      </div>
      <FormError form={form} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {create.isPending ? "Adding…" : "Add end user"}
        </button>
        {added ? (
          <p className="notice notice--success" role="status" ref={addedRef} tabIndex={-1}>
            {added.text} added.
          </p>
        ) : null}
      </div>
    </form>
  );
}
