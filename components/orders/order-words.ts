import { formatDate, numberTypeLabel } from "@/components/ui/format";
import type { Order } from "@/lib/schemas/orders";

// How an order's counts read: "1 is back-ordered", "1 toll-free number", never "1 are" or
// "1 toll-free numbers". English has two plural forms; Intl.PluralRules says which applies.

const rules = new Intl.PluralRules("en-GB");

/** `count` with the word that agrees with it: countWords(1, "number", "numbers") = "1 number". */
export function countWords(count: number, one: string, other: string): string {
  return `${count.toLocaleString("en-GB")} ${rules.select(count) === "one" ? one : other}`;
}

/** The sentence after "order … is placed": what is the customer's now and what waits for stock. */
export function placedSummary({ assigned, backordered }: { assigned: number; backordered: number }): string {
  if (backordered === 0)
    return assigned === 1
      ? "The number is yours now."
      : `All ${countWords(assigned, "number is", "numbers are")} yours now.`;
  const waiting = countWords(backordered, "is", "are");
  if (assigned === 0)
    return `${backordered === 1 ? "It is" : `All ${backordered} are`} back-ordered: numbers are assigned as stock arrives.`;
  return `${countWords(assigned, "number is", "numbers are")} yours now; ${waiting} back-ordered.`;
}

/** A geography item's heading before its region: "1 toll-free number", "3 local numbers". */
export function itemCountWords(quantity: number, numberType: string): string {
  const type = numberTypeLabel(numberType).toLowerCase();
  return countWords(quantity, `${type} number`, `${type} numbers`);
}

/**
 * What an order's numbers still wait for when some were bought without their documents: no
 * call is routed to them until documents are approved, and the first is released on `due`.
 * Null when none waits.
 */
export function documentsWaitingWords(waiting: readonly { documents_due: string | null }[]): string | null {
  if (waiting.length === 0) return null;
  const due = waiting
    .map((number) => number.documents_due)
    .filter((date): date is string => date !== null)
    .sort()[0];
  const subject =
    waiting.length === 1 ? "1 number waits" : `${countWords(waiting.length, "number waits", "numbers wait")}`;
  const release = due
    ? ` Unless they are approved by ${formatDate(due)}, ${waiting.length === 1 ? "it is" : "they are"} released${waiting.length === 1 ? "" : " (the first on that day)"}.`
    : "";
  return `${subject} for documents: no call to ${waiting.length === 1 ? "it" : "them"} is routed until our team approves ${waiting.length === 1 ? "its" : "their"} documents.${release}`;
}

const statusWords: Record<Order["status"], { label: string; tone: "success" | "warning" }> = {
  completed: { label: "Completed", tone: "success" },
  partially_fulfilled: { label: "Partly delivered", tone: "warning" },
  backordered: { label: "Back-ordered", tone: "warning" },
};

/**
 * An order's status as people read it: an order whose numbers all arrived but some still wait
 * for documents (`waiting` of them) is not "Completed" yet; the API's status says only whether
 * the numbers arrived.
 */
export function orderStatusWords(
  status: Order["status"],
  waiting: number,
): { label: string; tone: "success" | "warning" } {
  return status === "completed" && waiting > 0
    ? { label: "Waiting for documents", tone: "warning" }
    : statusWords[status];
}
