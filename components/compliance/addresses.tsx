"use client";
import { useState } from "react";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { FormField, requestResolver, TextField } from "@/components/ui/form";
import { AddForm, useAddForm } from "@/components/compliance/add-form";
import { formatDate } from "@/components/ui/format";
import { EmptyState } from "@/components/ui/states";
import { QueryState } from "@/components/ui/query-state";
import {
  COMPLIANCE_PAGE,
  useAddresses,
  useCreateAddress,
  type AddressView,
} from "@/components/hooks/use-compliance";
import { useCountries } from "@/components/hooks/use-reference";
import type { CreateAddressRequest } from "@/lib/schemas/compliance";

// The addresses documents prove; one used by a submitted bundle is never changed (make a new one).

type Values = { street: string; city: string; postal_code: string; region: string; country: string };

const fields = {
  street: { field: "street", words: "The street" },
  city: { field: "city", words: "The city" },
  postal_code: { field: "postal_code", words: "The postal code" },
  region: { field: "region", words: "The region" },
  country: { field: "country", words: "The country" },
} as const;

function loadSchema() {
  return import("@/lib/schemas/compliance").then((module) => module.createAddressRequestSchema);
}

const resolver = requestResolver<Values, Awaited<ReturnType<typeof loadSchema>>>({
  schema: loadSchema,
  toRequest: (values) => ({
    street: values.street,
    city: values.city,
    postal_code: values.postal_code,
    region: values.region.trim() ? values.region.trim() : undefined,
    country: values.country,
  }),
  fields,
  precheck: ({ country }) => ({ country: country ? undefined : "Choose the country" }),
});

const empty: Values = { street: "", city: "", postal_code: "", region: "", country: "" };

/** "1 Example Street, 10115 Berlin, DE": an address on one line. */
export function addressLine(address: AddressView): string {
  return `${address.street}, ${address.postal_code} ${address.city}${address.region ? `, ${address.region}` : ""}, ${address.country}`;
}

const columns: DataColumn<AddressView>[] = [
  { id: "address", header: "Address", cell: (address) => addressLine(address) },
  {
    id: "added",
    header: "Added",
    className: "small nowrap",
    cell: (address) => formatDate(address.created_at),
  },
];

export function Addresses() {
  const [offset, setOffset] = useState(0);
  const addresses = useAddresses({ offset });
  return (
    <section className="card stack" aria-labelledby="addresses-title">
      <h2 id="addresses-title" className="card__title">
        2. Addresses
      </h2>
      <p className="muted small">
        Where the end user lives or does business. Many countries need one inside the country.
      </p>
      <QueryState
        query={addresses}
        loading="Loading addresses…"
        errorTitle="The addresses could not be loaded"
        empty={
          <EmptyState title="No addresses yet">
            <p>Add one below.</p>
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            caption="Addresses, newest first"
            columns={columns}
            rows={data.items}
            rowId={(address) => address.address_id}
            rowProps={() => ({ testId: "address-row" })}
            busy={addresses.isFetching}
            updating={addresses.isPlaceholderData}
            paging={{
              label: "Address pages",
              offset,
              limit: COMPLIANCE_PAGE,
              total: data.total,
              onChange: setOffset,
            }}
          />
        )}
      </QueryState>
      <AddressForm />
    </section>
  );
}

function AddressForm() {
  const create = useCreateAddress();
  const countries = useCountries();
  const { form, submit, added, addedRef } = useAddForm({
    resolver,
    empty,
    fields,
    create: (request: CreateAddressRequest) => create.mutateAsync(request),
    describe: (address) => addressLine(address),
  });
  return (
    <AddForm
      form={form}
      onSubmit={submit}
      added={added}
      addedRef={addedRef}
      title="Add an address"
      titleId="address-form-title"
      button="Add address"
      pending={create.isPending}
      addedWords={(text) => `Address added: ${text}.`}
      onFocus={() => void loadSchema()}
    >
      <TextField form={form} name="street" label="Street and number" />
      <TextField form={form} name="city" label="City" />
      <TextField form={form} name="postal_code" label="Postal code" />
      <TextField form={form} name="region" label="Region (optional)" />
      <FormField form={form} name="country" label="Country">
        {(props) => (
          <select {...props}>
            <option value="">Choose…</option>
            {(countries.data ?? []).map((country) => (
              <option key={country.id} value={country.id}>
                {country.english_name}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </AddForm>
  );
}
