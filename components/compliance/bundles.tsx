"use client";
import { useMemo, useState, type FormEvent } from "react";
import { BundleDetail } from "@/components/compliance/bundle-detail";
import { bundleStatusWords, endUserChoices } from "@/components/compliance/compliance-words";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Field, FormFooter, SelectField } from "@/components/ui/field";
import { serverFieldErrors } from "@/components/ui/field-errors";
import { formatDate, numberTypeLabel } from "@/components/ui/format";
import { describeError, EmptyState } from "@/components/ui/states";
import { QueryState } from "@/components/ui/query-state";
import {
  COMPLIANCE_PAGE,
  useBundles,
  useCreateBundle,
  useEndUsers,
  type BundleView,
} from "@/components/hooks/use-compliance";
import { useCountries } from "@/components/hooks/use-reference";
import { numberTypeIds } from "@/lib/reference/number-types";

// Bundles: an end user's documents handed in together for a country and number type, checked
// live against what those numbers require, submitted, and reviewed by the operator's staff.

const words = {
  country: "The country",
  number_type: "The number type",
  end_user_id: "The end user",
  document_ids: "The documents",
} as const;
type FieldName = keyof typeof words;
type Errors = Partial<Record<FieldName, string>> & { form?: string };

export function Bundles() {
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const bundles = useBundles(null, { offset });
  const endUsers = useEndUsers();
  const endUserNames = useMemo(
    () => new Map((endUsers.data?.items ?? []).map((endUser) => [endUser.end_user_id, endUser.name])),
    [endUsers.data],
  );
  const columns = useMemo<DataColumn<BundleView>[]>(
    () => [
      {
        id: "for",
        header: "For",
        cell: (bundle) => (
          <>
            <div>
              {bundle.country} · {numberTypeLabel(bundle.number_type)}
            </div>
            <div className="small muted">{endUserNames.get(bundle.end_user_id) ?? bundle.end_user_id}</div>
          </>
        ),
      },
      {
        id: "state",
        header: "State",
        cell: (bundle) => {
          const state = bundleStatusWords(bundle);
          return (
            <span className={`badge${state.tone ? ` badge--${state.tone}` : ""}`} data-testid="bundle-state">
              {state.label}
            </span>
          );
        },
      },
      {
        id: "created",
        header: "Created",
        className: "small nowrap",
        cell: (bundle) => formatDate(bundle.created_at),
      },
      {
        id: "open",
        header: "Open",
        hideHeader: true,
        action: true,
        cell: (bundle) => (
          <button
            type="button"
            className="btn btn--small"
            aria-expanded={open === bundle.bundle_id}
            aria-controls={`bundle-${bundle.bundle_id}`}
            aria-label={`${open === bundle.bundle_id ? "Close" : "Open"} the ${bundle.country} ${numberTypeLabel(bundle.number_type)} bundle of ${endUserNames.get(bundle.end_user_id) ?? bundle.end_user_id}`}
            onClick={() => setOpen(open === bundle.bundle_id ? null : bundle.bundle_id)}
          >
            {open === bundle.bundle_id ? "Close" : "Open"}
          </button>
        ),
      },
    ],
    [endUserNames, open],
  );
  return (
    <section className="card stack" aria-labelledby="bundles-title">
      <h2 id="bundles-title" className="card__title">
        4. Bundles
      </h2>
      <p className="muted small">
        The documents of one end user for a country and number type, checked against what those numbers need
        and reviewed by our team. An approved bundle lets such numbers be activated.
      </p>
      <QueryState
        query={bundles}
        loading="Loading bundles…"
        errorTitle="The bundles could not be loaded"
        empty={
          <EmptyState title="No bundles yet">
            <p>Create one below for the country and type of number you need.</p>
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            caption="Bundles, newest first"
            columns={columns}
            rows={data.items}
            rowId={(bundle) => bundle.bundle_id}
            rowProps={(bundle) => ({
              testId: "bundle-row",
              className: bundle.bundle_id === open ? "is-highlight" : undefined,
            })}
            rowDetail={(bundle) =>
              open === bundle.bundle_id
                ? { id: `bundle-${bundle.bundle_id}`, content: <BundleDetail bundle={bundle} /> }
                : null
            }
            busy={bundles.isFetching}
            updating={bundles.isPlaceholderData}
            paging={{
              label: "Bundle pages",
              offset,
              limit: COMPLIANCE_PAGE,
              total: data.total,
              onChange: setOffset,
            }}
          />
        )}
      </QueryState>
      <BundleCreateForm onCreated={(bundle) => setOpen(bundle.bundle_id)} />
    </section>
  );
}

function BundleCreateForm({ onCreated }: { onCreated: (bundle: BundleView) => void }) {
  const create = useCreateBundle();
  const countries = useCountries();
  const endUsers = useEndUsers();
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? "");
    const found: Errors = {};
    if (!value("country")) found.country = "Choose the country";
    if (!value("number_type")) found.number_type = "Choose the type of number";
    if (!value("end_user_id")) found.end_user_id = "Choose the end user";
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(form, found);
    try {
      const bundle = await create.mutateAsync({
        country: value("country"),
        number_type: value("number_type"),
        end_user_id: value("end_user_id"),
        document_ids: [],
      });
      form.reset();
      onCreated(bundle);
    } catch (error) {
      const server = serverFieldErrors(error, words, describeError(error));
      const next: Errors = { ...server.fields, ...(server.form ? { form: server.form } : {}) };
      setErrors(next);
      focusFirstError(form, next);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="bundle-form-title">
      <h3 id="bundle-form-title">Create a bundle</h3>
      <div className="form-grid">
        <Field label="Country of the numbers" error={errors.country}>
          {(props) => (
            <select {...props} name="country" defaultValue="">
              <option value="">Choose…</option>
              {(countries.data ?? []).map((country) => (
                <option key={country.id} value={country.id}>
                  {country.english_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SelectField
          label="Type of number"
          name="number_type"
          error={errors.number_type}
          choices={numberTypeIds.map((type) => ({ value: type, label: numberTypeLabel(type) }))}
        />
        <SelectField
          label="End user"
          name="end_user_id"
          error={errors.end_user_id}
          choices={endUserChoices(endUsers.data?.items)}
        />
      </div>
      <FormFooter
        error={errors.form}
        pending={create.isPending}
        label="Create bundle"
        pendingLabel="Creating…"
      />
      <p className="small muted">It opens above as a draft: choose its documents there.</p>
    </form>
  );
}

function focusFirstError(form: HTMLFormElement, errors: Errors) {
  for (const control of form.querySelectorAll<HTMLSelectElement>("select[name]"))
    if (errors[control.name as FieldName]) return control.focus();
}
