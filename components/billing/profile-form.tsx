"use client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormError, FormField, requestResolver, submitRequest, TextField } from "@/components/ui/form";
import { QueryState } from "@/components/ui/query-state";
import { useBillingProfile, useSaveBillingProfile } from "@/components/hooks/use-billing";
import type { BillingProfile, BillingProfileRequest } from "@/components/hooks/billing-types";

type Values = { legal_name: string; address: string; country: string; vat_id: string; emails: string };

// Each field of PUT /billing/profile's body, the form field that holds it, and its name in words:
// the server's refusal (an invalid VAT ID, say) stands beside its field.
const fields = {
  legal_name: { field: "legal_name", words: "The legal name" },
  address: { field: "address", words: "The address" },
  country: { field: "country", words: "The country" },
  vat_id: { field: "vat_id", words: "The VAT ID" },
  emails: { field: "emails", words: "The billing emails" },
} as const;

function toValues(profile: BillingProfile | null): Values {
  return {
    legal_name: profile?.legal_name ?? "",
    address: profile?.address ?? "",
    country: profile?.country ?? "",
    vat_id: profile?.vat_id ?? "",
    emails: profile?.emails.join("\n") ?? "",
  };
}

const loadSchema = () =>
  import("@/lib/schemas/billing-profile").then((module) => module.billingProfileRequestSchema);

// PUT /billing/profile's own schema, the VAT ID's check included: an invalid one is refused
// beside its field before anything is sent, in the same words the API would answer.
const resolver = requestResolver<Values, Awaited<ReturnType<typeof loadSchema>>>({
  schema: loadSchema,
  toRequest: (values) => ({
    legal_name: values.legal_name.trim(),
    address: values.address.trim(),
    country: values.country.trim().toUpperCase(),
    vat_id: values.vat_id.trim() ? values.vat_id.replace(/\s+/g, "").toUpperCase() : null,
    emails: values.emails
      .split(/[\s,;]+/)
      .map((email) => email.trim())
      .filter(Boolean),
  }),
  fields,
});

/** Who the invoices are made out to; the country and VAT ID decide the tax. */
export function ProfileSection({ refusal }: { refusal: string | null }) {
  const profile = useBillingProfile();
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Billing details</h2>
      <p className="small muted">
        Invoices are made out to these details. The country and VAT ID decide the tax: the seller&apos;s
        country pays its VAT; another EU country with a VAT ID is reverse charged; outside the EU no VAT is
        charged.
      </p>
      <QueryState
        query={profile}
        loading="Loading billing details…"
        errorTitle="The billing details could not be loaded"
      >
        {(data) => <ProfileForm profile={data} refusal={refusal} />}
      </QueryState>
    </section>
  );
}

function ProfileForm({ profile, refusal }: { profile: BillingProfile | null; refusal: string | null }) {
  const save = useSaveBillingProfile();
  const [saved, setSaved] = useState(false);
  const form = useForm<Values, unknown, BillingProfileRequest>({
    resolver,
    shouldFocusError: false,
    defaultValues: toValues(profile),
  });
  const submit = submitRequest(form, fields, async (request) => {
    setSaved(false);
    const stored = await save.mutateAsync(request);
    form.reset(toValues(stored));
    setSaved(true);
  });
  return (
    <form noValidate onSubmit={submit} onFocus={() => void loadSchema()} aria-label="Billing details">
      <fieldset
        disabled={refusal !== null}
        aria-describedby={refusal ? "profile-refusal" : undefined}
        className="stack"
      >
        {refusal ? (
          <p id="profile-refusal" className="small muted">
            {refusal}
          </p>
        ) : null}
        <TextField form={form} name="legal_name" label="Legal name" />
        <FormField form={form} name="address" label="Address" hint="As it should appear on invoices">
          {(props) => <textarea {...props} rows={3} />}
        </FormField>
        <FormField form={form} name="country" label="Country" hint="Two letters, e.g. GB, DE, US">
          {(props) => <input {...props} type="text" maxLength={2} autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormField
          form={form}
          name="vat_id"
          label="VAT ID (optional)"
          hint="With its country prefix, e.g. DE123456789"
        >
          {(props) => <input {...props} type="text" autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormField
          form={form}
          name="emails"
          label="Billing emails"
          hint="Where invoices and reminders go, one per line; owners and billing members get them too"
        >
          {(props) => <textarea {...props} rows={2} spellCheck={false} />}
        </FormField>
        <FormError form={form} />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save billing details"}
          </button>
          {saved && !form.formState.isDirty ? (
            <span role="status" className="small">
              Saved.
            </span>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
