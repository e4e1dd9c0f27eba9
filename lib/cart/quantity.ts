import { ORDER_LIMITS } from "@/lib/schemas/limits";

// Why a typed cart quantity cannot be ordered, in words, or null when it can. The cart page
// shows this and keeps the value as typed: 0 never silently becomes 1, nor 150 becomes 100.

const range = `a whole number from 1 to ${ORDER_LIMITS.maxQuantity}`;

export function quantityProblem(raw: string): string | null {
  if (raw.trim() === "") return `Enter how many numbers you want: ${range}.`;
  const value = Number(raw);
  if (!Number.isFinite(value)) return `Enter ${range}.`;
  if (!Number.isInteger(value)) return `${raw} is not a whole number. Enter ${range}.`;
  if (value < 1) return `${raw} is too few: enter ${range}.`;
  if (value > ORDER_LIMITS.maxQuantity) return `${raw} is more than one order line takes: enter ${range}.`;
  return null;
}
