"use client";
import { useState } from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { FormError, FormField, requestResolver, submitRequest } from "@/components/ui/form";
import { useFocusOn } from "@/components/ui/focus";
import { formatAmount, standingWords } from "@/components/billing/billing-words";
import { useChangeCreditLimit, useRecordCredit, useRecordPayment } from "@/components/hooks/use-billing";
import type {
  BillingAccount,
  CreditRequest,
  PaymentRecorded,
  PaymentRequest,
} from "@/components/hooks/billing-types";
import { newIdempotencyKey } from "@/components/hooks/use-cart";
import type { z } from "zod";
import type { creditLimitRequestSchema } from "@/lib/schemas/billing-ledger";

type CreditLimitRequest = z.output<typeof creditLimitRequestSchema>;

// Support's three changes to one account: record a payment, record a credit, change the credit
// limit. Each is a react-hook-form on the kit; the server's refusal (an amount with three
// decimals, a negative limit) stands beside its field.

export type AccountAction = "payment" | "credit" | "limit";

const titles: Record<AccountAction, string> = {
  payment: "Record a payment",
  credit: "Record a credit",
  limit: "Change the credit limit",
};

/** The form for `action` on `account`, then the sentence saying what it did (focused). */
export function AccountActionForm({
  account,
  action,
  onClose,
}: {
  account: BillingAccount;
  action: AccountAction;
  onClose: () => void;
}) {
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useFocusOn<HTMLParagraphElement>(done);
  const label = `${titles[action]} — ${account.currency}`;
  return (
    // A card of its own: the detail row's tinted background would dim the fields' hints below contrast.
    <div className="stack card" data-testid={`account-action-${action}`}>
      <h3>{label}</h3>
      {done ? (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="notice notice--success"
          data-testid="action-done"
        >
          {done}
        </p>
      ) : null}
      {action === "payment" ? <PaymentForm account={account} onDone={setDone} /> : null}
      {action === "credit" ? <CreditForm account={account} onDone={setDone} /> : null}
      {action === "limit" ? <LimitForm account={account} onDone={setDone} /> : null}
      <div>
        <button type="button" className="btn btn--link" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

function changeWords(what: string, change: PaymentRecorded): string {
  const { account, allocations } = change;
  const paid = allocations
    .map(
      (allocation) =>
        `${allocation.number ?? allocation.invoice_id} (${formatAmount(allocation.amount, account.currency)})`,
    )
    .join(", ");
  return `${what} of ${formatAmount(change.entry.amount, account.currency)} recorded${
    paid ? `, paying ${paid}` : ""
  }. Balance ${formatAmount(account.balance, account.currency)}; ${standingWords[account.standing].toLowerCase()}.`;
}

function Footer<V extends FieldValues, R>({
  form,
  pending,
  label,
}: {
  form: UseFormReturn<V, unknown, R>;
  pending: boolean;
  label: string;
}) {
  return (
    <>
      <FormError form={form} />
      <div>
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? "Saving…" : label}
        </button>
      </div>
    </>
  );
}

const amountField = { field: "amount", words: "The amount" } as const;

type PaymentValues = { amount: string; reference: string; received_on: string };
const paymentFields = {
  amount: amountField,
  reference: { field: "reference", words: "The reference" },
  received_at: { field: "received_on", words: "The day received" },
} as const;

const loadPaymentSchema = () =>
  import("@/lib/schemas/billing-payments").then((module) => module.paymentRequestSchema);
const loadCreditSchema = () =>
  import("@/lib/schemas/billing-payments").then((module) => module.creditRequestSchema);

function PaymentForm({ account, onDone }: { account: BillingAccount; onDone: (words: string) => void }) {
  const record = useRecordPayment();
  // One Idempotency-Key per payment typed: a retry after a lost answer records it once.
  const [key, setKey] = useState(newIdempotencyKey);
  // POST /billing/payments' own schema: the form refuses what the API would.
  const form = useForm<PaymentValues, unknown, PaymentRequest>({
    shouldFocusError: false,
    defaultValues: { amount: "", reference: "", received_on: new Date().toISOString().slice(0, 10) },
    resolver: requestResolver<PaymentValues, Awaited<ReturnType<typeof loadPaymentSchema>>>({
      schema: loadPaymentSchema,
      toRequest: (values) => ({
        organization_id: account.organization_id,
        currency: account.currency,
        amount: values.amount.trim(),
        reference: values.reference,
        received_at: values.received_on ? `${values.received_on}T00:00:00.000Z` : "",
      }),
      fields: paymentFields,
    }),
  });
  const submit = submitRequest(form, paymentFields, async (payment) => {
    const change = await record.mutateAsync({ payment, key });
    setKey(newIdempotencyKey());
    form.reset();
    onDone(changeWords("A payment", change));
  });
  return (
    <form noValidate onSubmit={submit} aria-label={`Record a ${account.currency} payment`} className="stack">
      <FormField form={form} name="amount" label={`Amount (${account.currency})`} hint="e.g. 120.00">
        {(props) => <input {...props} type="text" inputMode="decimal" autoComplete="off" />}
      </FormField>
      <FormField form={form} name="reference" label="Reference" hint="The bank transfer's reference">
        {(props) => <input {...props} type="text" autoComplete="off" />}
      </FormField>
      <FormField form={form} name="received_on" label="Received on">
        {(props) => <input {...props} type="date" />}
      </FormField>
      <Footer form={form} pending={record.isPending} label="Record payment" />
    </form>
  );
}

type CreditValues = { amount: string; reason: string };
const creditFields = {
  amount: amountField,
  reason: { field: "reason", words: "The reason" },
} as const;

function CreditForm({ account, onDone }: { account: BillingAccount; onDone: (words: string) => void }) {
  const record = useRecordCredit();
  // POST /billing/credits' own schema.
  const form = useForm<CreditValues, unknown, CreditRequest>({
    shouldFocusError: false,
    defaultValues: { amount: "", reason: "" },
    resolver: requestResolver<CreditValues, Awaited<ReturnType<typeof loadCreditSchema>>>({
      schema: loadCreditSchema,
      toRequest: (values) => ({
        organization_id: account.organization_id,
        currency: account.currency,
        amount: values.amount.trim(),
        reason: values.reason,
      }),
      fields: creditFields,
    }),
  });
  const submit = submitRequest(form, creditFields, async (credit) => {
    const change = await record.mutateAsync(credit);
    form.reset();
    onDone(changeWords("A credit", change));
  });
  return (
    <form noValidate onSubmit={submit} aria-label={`Record a ${account.currency} credit`} className="stack">
      <FormField form={form} name="amount" label={`Amount (${account.currency})`} hint="e.g. 10.00">
        {(props) => <input {...props} type="text" inputMode="decimal" autoComplete="off" />}
      </FormField>
      <FormField form={form} name="reason" label="Reason" hint="Shown on the ledger">
        {(props) => <input {...props} type="text" autoComplete="off" />}
      </FormField>
      <Footer form={form} pending={record.isPending} label="Record credit" />
    </form>
  );
}

type LimitValues = { credit_limit: string };
const limitFields = { credit_limit: { field: "credit_limit", words: "The credit limit" } } as const;

const loadLimitSchema = () =>
  import("@/lib/schemas/billing-ledger").then((module) => module.creditLimitRequestSchema);

function LimitForm({ account, onDone }: { account: BillingAccount; onDone: (words: string) => void }) {
  const change = useChangeCreditLimit();
  // PATCH /billing/accounts/{currency}'s own schema: the form refuses what the API would.
  const form = useForm<LimitValues, unknown, CreditLimitRequest>({
    shouldFocusError: false,
    defaultValues: { credit_limit: account.credit_limit },
    resolver: requestResolver<LimitValues, Awaited<ReturnType<typeof loadLimitSchema>>>({
      schema: loadLimitSchema,
      toRequest: (values) => ({
        organization_id: account.organization_id,
        credit_limit: values.credit_limit.trim(),
      }),
      fields: limitFields,
    }),
  });
  const submit = submitRequest(form, limitFields, async (request) => {
    const changed = await change.mutateAsync({ ...request, currency: account.currency });
    form.reset({ credit_limit: changed.credit_limit });
    onDone(
      `The ${changed.currency} credit limit is now ${formatAmount(changed.credit_limit, changed.currency)}; available ${formatAmount(changed.available, changed.currency)}.`,
    );
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Change the ${account.currency} credit limit`}
      className="stack"
    >
      <FormField
        form={form}
        name="credit_limit"
        label={`Credit limit (${account.currency})`}
        hint="0.00 or more"
      >
        {(props) => <input {...props} type="text" inputMode="decimal" autoComplete="off" />}
      </FormField>
      <Footer form={form} pending={change.isPending} label="Change limit" />
    </form>
  );
}
