"use client";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { useAddresses, useEndUsers } from "@/components/hooks/use-compliance";
import { missingDetails, type PortDetails } from "@/components/porting/porting-words";
import { BillField } from "@/components/porting/bill-field";
import { StepFooter } from "@/components/porting/new-port/check-step";
import { FormError, FormField, requestResolver, submitRequest, TextField } from "@/components/ui/form";
import { formatDate } from "@/components/ui/format";
import type { CreatePortOrderRequest, UpdatePortOrderRequest } from "@/components/hooks/porting-types";

// Step 2: who the numbers are for (an end user and address of the compliance records), the
// account at the losing carrier, the FOC date asked for, and a recent bill if there is one.
// "Continue" saves the draft on the server (POST /port_orders the first time, PATCH after),
// checked by the API's own schema.

const fields = {
  end_user_id: { field: "end_user_id", words: "The end user" },
  address_id: { field: "address_id", words: "The service address" },
  "losing_carrier.account_number": { field: "account_number", words: "The account number" },
  "losing_carrier.pin": { field: "pin", words: "The account PIN" },
  "losing_carrier.authorized_person": { field: "authorized_person", words: "The authorized person" },
  requested_foc_date: { field: "requested_foc_date", words: "The requested FOC date" },
  bill_document_id: { field: "bill_document_id", words: "The recent bill" },
} as const;

function loadSchema() {
  return import("@/lib/schemas/porting").then((module) => module.createPortOrderRequestSchema);
}

/** The request the form's values make. */
export function detailsRequest(numbers: readonly string[], values: PortDetails): CreatePortOrderRequest {
  return {
    numbers: [...numbers],
    end_user_id: values.end_user_id,
    address_id: values.address_id,
    losing_carrier: {
      account_number: values.account_number.trim(),
      pin: values.pin.trim(),
      authorized_person: values.authorized_person.trim(),
    },
    requested_foc_date: values.requested_foc_date,
    ...(values.bill_document_id ? { bill_document_id: values.bill_document_id } : {}),
  };
}

/**
 * The same as a draft's changes: the PIN only when one is typed (the draft keeps its own), and
 * the bill, or null when it was removed.
 */
export function detailsChanges(values: PortDetails): UpdatePortOrderRequest {
  const { numbers: _numbers, losing_carrier: carrier, ...rest } = detailsRequest([], values);
  return {
    ...rest,
    bill_document_id: values.bill_document_id || null,
    losing_carrier: carrier.pin ? carrier : { ...carrier, pin: undefined },
  };
}

/**
 * A choice among the organization's compliance records (end users, addresses), or where to add
 * one while there are none.
 */
function RecordField({
  form,
  name,
  label,
  hint,
  options,
}: {
  form: UseFormReturn<PortDetails, unknown, unknown>;
  name: "end_user_id" | "address_id";
  label: string;
  hint: string;
  /** The records, each as its id and its words; undefined while they load. */
  options: Array<{ value: string; words: string }> | undefined;
}) {
  return (
    <FormField
      form={form}
      name={name}
      label={label}
      hint={options?.length === 0 ? "Add one under Compliance first." : hint}
    >
      {(props) => (
        <select {...props}>
          <option value="">Choose…</option>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.words}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function DetailsStep({
  numbers,
  values,
  earliest,
  pinKept,
  onBack,
  onSave,
}: {
  numbers: readonly string[];
  values: PortDetails;
  /** The earliest FOC date the numbers allow (YYYY-MM-DD), when known. */
  earliest: string | null;
  /** The draft already holds a PIN (never shown again). */
  pinKept: boolean;
  /** Back to the check, with what was typed kept. */
  onBack: (values: PortDetails) => void;
  /** Saves the draft; throws the API's refusal, which lands beside its field. */
  onSave: (values: PortDetails) => Promise<void>;
}) {
  const form = useForm<PortDetails, unknown, unknown>({
    defaultValues: values,
    shouldFocusError: false,
    resolver: requestResolver<PortDetails, Awaited<ReturnType<typeof loadSchema>>>({
      schema: loadSchema,
      // A kept PIN stands in for the one not typed again: the schema asks for one, the PATCH does not send it.
      toRequest: (current) =>
        detailsRequest(numbers, pinKept && !current.pin.trim() ? { ...current, pin: "kept" } : current),
      fields,
      precheck: (current) => {
        const missing = missingDetails(current, pinKept);
        const say = (field: keyof PortDetails, words: string) =>
          missing.includes(words) ? `Choose or type ${words}.` : undefined;
        return {
          end_user_id: say("end_user_id", "the end user"),
          address_id: say("address_id", "the service address"),
          account_number: say("account_number", "the account number at the losing carrier"),
          pin: say("pin", "the account PIN"),
          authorized_person: say("authorized_person", "the authorized person"),
          requested_foc_date: say("requested_foc_date", "the requested FOC date"),
        };
      },
    }),
  });
  const endUsers = useEndUsers();
  const addresses = useAddresses();
  const watched: PortDetails = { ...values, ...useWatch({ control: form.control }) };
  const missing = missingDetails(watched, pinKept);

  return (
    <section className="card stack" aria-labelledby="details-heading">
      <h2 id="details-heading" className="card__title">
        Details and end user
      </h2>
      <form
        className="stack"
        noValidate
        onSubmit={submitRequest(form, fields, async () => {
          await onSave(form.getValues());
        })}
      >
        <div className="form-grid">
          <RecordField
            form={form}
            name="end_user_id"
            label="End user"
            hint="Who the numbers are for."
            options={endUsers.data?.items.map((endUser) => ({
              value: endUser.end_user_id,
              words: endUser.business_name ?? endUser.name,
            }))}
          />
          <RecordField
            form={form}
            name="address_id"
            label="Service address"
            hint="Where the numbers are used, as the losing carrier has it."
            options={addresses.data?.items.map((address) => ({
              value: address.address_id,
              words: `${address.street}, ${address.city} ${address.postal_code} (${address.country})`,
            }))}
          />
          <TextField form={form} name="account_number" label="Account number at the losing carrier" />
          <FormField
            form={form}
            name="pin"
            label="Account PIN"
            hint={
              pinKept
                ? "A PIN is kept (it is never shown again); type one only to replace it."
                : "The PIN or passcode of the account; kept encrypted and never shown again."
            }
          >
            {(props) => <input {...props} type="password" autoComplete="off" />}
          </FormField>
          <TextField form={form} name="authorized_person" label="Authorized person" />
          <FormField
            form={form}
            name="requested_foc_date"
            label="Requested FOC date"
            hint={
              earliest
                ? `A business day, from ${formatDate(earliest)} (the earliest allowed) to 30 days out.`
                : "A business day, no more than 30 days out."
            }
          >
            {(props) => <input {...props} type="date" min={earliest ?? undefined} />}
          </FormField>
          <BillField
            endUserId={watched.end_user_id}
            documentId={watched.bill_document_id}
            error={form.getFieldState("bill_document_id", form.formState).error?.message}
            onChange={(documentId) => {
              form.setValue("bill_document_id", documentId, { shouldDirty: true });
              form.clearErrors("bill_document_id");
            }}
          />
        </div>
        <FormError form={form} />
        <StepFooter
          missing={missing}
          next={form.formState.isSubmitting ? "Saving…" : "Save and continue"}
          pending={form.formState.isSubmitting}
          onBack={() => onBack(form.getValues())}
        />
      </form>
    </section>
  );
}
