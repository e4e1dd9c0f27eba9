"use client";
import { useState } from "react";
import {
  COMPLIANCE_PAGE,
  useCreateEndUser,
  useEndUsers,
  type EndUserView,
} from "@/components/hooks/use-compliance";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { FormField, requestResolver, TextField } from "@/components/ui/form";
import { AddForm, useAddForm } from "@/components/compliance/add-form";
import { formatDate } from "@/components/ui/format";
import { EmptyState } from "@/components/ui/states";
import { QueryState } from "@/components/ui/query-state";
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
      <QueryState
        query={endUsers}
        loading="Loading end users…"
        errorTitle="The end users could not be loaded"
        empty={
          <EmptyState title="No end users yet">
            <p>Add the person or business your numbers are for below.</p>
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            caption="End users, newest first"
            columns={columns}
            rows={data.items}
            rowId={(endUser) => endUser.end_user_id}
            rowProps={() => ({ testId: "end-user-row" })}
            busy={endUsers.isFetching}
            updating={endUsers.isPlaceholderData}
            paging={{
              label: "End user pages",
              offset,
              limit: COMPLIANCE_PAGE,
              total: data.total,
              onChange: setOffset,
            }}
          />
        )}
      </QueryState>
      <EndUserForm />
    </section>
  );
}

function EndUserForm() {
  const create = useCreateEndUser();
  const { form, submit, added, addedRef } = useAddForm({
    resolver,
    empty,
    fields,
    create: (request: CreateEndUserRequest) => create.mutateAsync(request),
    describe: (endUser) => endUser.name,
  });
  return (
    <AddForm
      form={form}
      onSubmit={submit}
      added={added}
      addedRef={addedRef}
      title="Add an end user"
      titleId="end-user-form-title"
      button="Add end user"
      pending={create.isPending}
      addedWords={(text) => `${text} added.`}
      onFocus={() => void loadSchema()}
    >
      <FormField form={form} name="type" label="Kind">
        {(props) => (
          <select {...props}>
            <option value="individual">Individual</option>
            <option value="business">Business</option>
          </select>
        )}
      </FormField>
      <TextField form={form} name="name" label="Name" />
      <TextField form={form} name="business_name" label="Business name (optional)" />
      <TextField form={form} name="registration_number" label="Registration number (optional)" />
      <TextField form={form} name="email" label="Email (optional)" type="email" />
      <TextField form={form} name="phone" label="Phone (optional)" type="tel" />
    </AddForm>
  );
}
