import { ApiClientError } from "@/components/hooks/api-fetch";
import { ORDER_LIMITS } from "@/lib/schemas/limits";

// What checkout says to people. POST /order's schema (and its answers) name fields the API's
// way ("contact_name must be 1 to 200 characters"); people read these words beside the field.

export type CheckoutField = "contact_name" | "reference_number";

export const checkoutFieldWords: Record<CheckoutField, string> = {
  contact_name: `Enter the name of the person we contact about this order (up to ${ORDER_LIMITS.maxContactName} characters).`,
  reference_number: `Your reference can be at most ${ORDER_LIMITS.maxReference} characters long.`,
};

/** The form field a schema issue's path, or an answer's details ("body.contact_name=…"), is about. */
export function checkoutFieldOf(where: readonly PropertyKey[] | string): CheckoutField | null {
  const first = typeof where === "string" ? /^(?:body\.)?([a-z_]+)/.exec(where)?.[1] : where[0];
  return first === "contact_name" || first === "reference_number" ? first : null;
}

/** An order that did not go through: it says so first, then why, in the server's words. */
export function orderFailedWords(reason: string): string {
  return `Nothing was ordered. ${reason}`;
}

/** Checkout waits while a quantity shows its error: which lines, and what to do. */
export function quantityBlockWords(regions: readonly string[]): string {
  const where =
    regions.length === 1 ? `the quantity in ${regions[0]}` : `the quantities in ${listWords(regions)}`;
  return `Nothing was ordered. Fix ${where} first: each line takes a whole number from 1 to ${ORDER_LIMITS.maxQuantity}.`;
}

/** "A", "A and B", "A, B and C". */
export function listWords(items: readonly string[]): string {
  return new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" }).format(items);
}

/** The field an order's refusal names, when it names one the form has. */
export function refusedField(error: unknown): CheckoutField | null {
  if (!(error instanceof ApiClientError) || error.status !== 400) return null;
  return checkoutFieldOf(error.body?.error.details ?? "");
}
