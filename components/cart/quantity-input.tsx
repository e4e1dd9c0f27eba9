"use client";
import { useState } from "react";
import { ORDER_LIMITS } from "@/lib/schemas/limits";
import { quantityProblem } from "@/lib/cart/quantity";

// A geography line's quantity. A value out of range is explained and left as typed; the
// cart keeps the last good quantity until the person enters one that can be ordered.

type Props = {
  id: string;
  label: string;
  quantity: number;
  onChange: (quantity: number) => void;
  /** Told each time the words under the field change: checkout must not go on while there are some. */
  onProblem?: (problem: string | null) => void;
};

export function QuantityInput({ id, label, quantity, onChange, onProblem }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(quantity);
  const problem = draft === null ? null : quantityProblem(draft);
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="qty-input"
        type="number"
        inputMode="numeric"
        min={1}
        max={ORDER_LIMITS.maxQuantity}
        step={1}
        value={shown}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const raw = event.target.value;
          setDraft(raw);
          const next = quantityProblem(raw);
          onProblem?.(next);
          if (next === null) onChange(Number(raw));
        }}
      />
      <div id={`${id}-hint`} className={problem ? "field__error" : "muted small"}>
        {problem ?? `1 to ${ORDER_LIMITS.maxQuantity}`}
      </div>
    </>
  );
}
