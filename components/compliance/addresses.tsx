"use client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { FormError, FormField, requestResolver, submitRequest } from "@/components/ui/form";
import { useFocusOn } from "@/components/ui/focus";
import { formatDate } from "@/components/ui/format";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import {
  COMPLIANCE_PAGE,
  useAddresses,
  useCreateAddress,
  type AddressView,
} from "@/lib/hooks/use-compliance";
import { useCountries } from "@/lib/hooks/use-reference";
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
      {addresses.isPending ? (
        <LoadingState label="Loading addresses…" />
      ) : addresses.isError ? (
        <ErrorState
          error={addresses.error}
          onRetry={() => addresses.refetch()}
          title="The addresses could not be loaded"
        />
      ) : addresses.data.items.length === 0 ? (
        <EmptyState title="No addresses yet">
          <p>Add one below.</p>
        </EmptyState>
      ) : (
        <DataTable
          caption="Addresses, newest first"
          columns={columns}
          rows={addresses.data.items}
          rowId={(address) => address.address_id}
          rowProps={() => ({ testId: "address-row" })}
          busy={addresses.isFetching}
          updating={addresses.isPlaceholderData}
          paging={{
            label: "Address pages",
            offset,
            limit: COMPLIANCE_PAGE,
            total: addresses.data.total,
            onChange: setOffset,
          }}
        />
      )}
      <AddressForm />
    </section>
  );
}

function AddressForm() {
  const create = useCreateAddress();
  const countries = useCountries();
  // A new object each time, so a second addition takes focus again (the button was disabled
  // while it worked, and focus fell from it).
  const [added, setAdded] = useState<{ text: string } | null>(null);
  const addedRef = useFocusOn<HTMLParagraphElement>(added);
  const form = useForm<Values, unknown, CreateAddressRequest>({
    resolver,
    shouldFocusError: false,
    defaultValues: empty,
  });
  const submit = submitRequest(form, fields, async (request) => {
    const address = await create.mutateAsync(request);
    form.reset(empty);
    setAdded({ text: addressLine(address) });
  });
  return (
    <form onSubmit={submit} onFocus={() => void loadSchema()} noValidate aria-labelledby="address-form-title">
      <h3 id="address-form-title">Add an address</h3>
      <div className="form-grid">
        <FormField form={form} name="street" label="Street and number">
          {(props) => <input {...props} type="text" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="city" label="City">
          {(props) => <input {...props} type="text" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="postal_code" label="Postal code">
          {(props) => <input {...props} type="text" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="region" label="Region (optional)">
          {(props) => <input {...props} type="text" autoComplete="off" />}
        </FormField>
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
      </div>
      <FormError form={form} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {create.isPending ? "Adding…" : "Add address"}
        </button>
        {added ? (
          <p className="notice notice--success" role="status" ref={addedRef} tabIndex={-1}>
            Address added: {added.text}.
          </p>
        ) : null}
      </div>
    </form>
  );
}
