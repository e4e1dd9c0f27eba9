"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { ApiClientError } from "@/components/hooks/api-fetch";
import { newIdempotencyKey } from "@/components/hooks/use-cart";
import { usePlaceOrder } from "@/components/hooks/use-orders";
import {
  emptyCart,
  markUnavailable,
  removeUnavailable,
  unavailableNumbersFrom,
  withAttempt,
  type Cart,
} from "@/lib/cart/cart";
import { orderInput, type PricedLine } from "@/lib/cart/checkout";
import { describeError } from "@/components/ui/states";
import {
  checkoutFieldOf,
  checkoutFieldWords,
  orderFailedWords,
  quantityBlockWords,
  refusedField,
} from "@/components/cart/checkout-words";

// POST /order's schema, loaded when the form is first used: zod stays out of the first load.
const loadOrderSchema = () => import("@/lib/schemas/orders").then((module) => module.orderRequestSchema);

type Errors = Partial<Record<"contact_name" | "reference_number" | "form", string>>;
type Props = {
  cart: Cart;
  lines: PricedLine[];
  update: (change: (cart: Cart) => Cart) => void;
  ready: boolean;
  /** Geography lines (by key) whose quantity, as typed, shows an error. */
  badQuantities: ReadonlyMap<string, string>;
};

export function CheckoutForm({ cart, lines, update, ready, badQuantities }: Props) {
  const router = useRouter();
  const placeOrder = usePlaceOrder();
  const [contact, setContact] = useState({ contact_name: "", reference_number: "" });
  const [errors, setErrors] = useState<Errors>({});
  // A 402 (the account cannot pay now, or is past due): the refusal links to the balances.
  const [refusedForBilling, setRefusedForBilling] = useState(false);
  const blocked = cart.unavailable.length > 0;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placeOrder.isPending || blocked || !ready) return;
    // POST /order's own schema: the form shows exactly what the API would refuse.
    // A quantity showing its error is not the quantity the cart would send: nothing goes.
    const waiting = lines
      .filter(({ line }) => badQuantities.has(line.key))
      .map(({ line }) => line.region_name);
    if (waiting.length > 0) return setErrors({ form: quantityBlockWords(waiting) });
    const parsed = (await loadOrderSchema()).safeParse(orderInput(lines, contact));
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = checkoutFieldOf(issue.path);
        if (field) next[field] ??= checkoutFieldWords[field];
        else
          next.form ??= orderFailedWords(
            "The cart cannot be ordered as it is; reload the page and try again.",
          );
      }
      return setErrors(next);
    }
    setErrors({});
    setRefusedForBilling(false);
    // One key per attempt at this exact order: a double click or a retry replays, never rebuys.
    let key = "";
    update((current) => {
      const next = withAttempt(current, JSON.stringify(parsed.data), newIdempotencyKey);
      key = next.attempt?.key ?? "";
      return next;
    });
    try {
      const placed = await placeOrder.mutateAsync({ order: parsed.data, idempotencyKey: key });
      // The bought lines leave the cart; a line added meanwhile (another tab) stays.
      const bought = new Set(lines.map(({ line }) => line.key));
      update((current) => ({ ...emptyCart, lines: current.lines.filter((line) => !bought.has(line.key)) }));
      router.push(`/orders/${encodeURIComponent(placed.reference_id)}?placed=1`);
    } catch (error) {
      if (error instanceof ApiClientError && error.code === "number_unavailable") {
        update((current) =>
          markUnavailable(current, unavailableNumbersFrom(error.body?.error.details ?? "")),
        );
        return;
      }
      setRefusedForBilling(error instanceof ApiClientError && error.status === 402);
      const field = refusedField(error);
      setErrors(
        field
          ? { [field]: checkoutFieldWords[field], form: orderFailedWords("Correct the field marked above.") }
          : { form: orderFailedWords(describeError(error)) },
      );
    }
  }

  return (
    <form onSubmit={handleSubmit} onFocus={() => void loadOrderSchema()} noValidate aria-label="Checkout">
      <div className="stack">
        {blocked ? (
          <div className="notice notice--warning" role="alert">
            <p>
              <strong>
                {cart.unavailable.length === 1
                  ? "A number was bought by someone else"
                  : `${cart.unavailable.length} numbers were bought by someone else`}
              </strong>{" "}
              while it was in your cart: {cart.unavailable.join(", ")}. Nothing was ordered. Remove{" "}
              {cart.unavailable.length === 1 ? "it" : "them"} to continue.
            </p>
            <button type="button" className="btn btn--small" onClick={() => update(removeUnavailable)}>
              Remove unavailable numbers
            </button>
          </div>
        ) : null}
        <Field label="Contact name" hint="Who we contact about this order" error={errors.contact_name}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="name"
              value={contact.contact_name}
              onChange={(event) => setContact({ ...contact, contact_name: event.target.value })}
            />
          )}
        </Field>
        <Field
          label="Your reference (optional)"
          hint="A purchase-order number, up to 100 characters"
          error={errors.reference_number}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              value={contact.reference_number}
              onChange={(event) => setContact({ ...contact, reference_number: event.target.value })}
            />
          )}
        </Field>
        {errors.form ? (
          <div className="notice notice--error" role="alert">
            {errors.form}
            {refusedForBilling ? (
              <>
                {" "}
                <Link href="/billing">See balances and invoices</Link>
              </>
            ) : null}
          </div>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={placeOrder.isPending || blocked || !ready}
        >
          {placeOrder.isPending ? "Placing order…" : "Place order"}
        </button>
      </div>
    </form>
  );
}
