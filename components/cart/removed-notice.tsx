"use client";
import { useCallback, useRef, useState } from "react";
import { removeLine, type Cart, type CartLine } from "@/lib/cart/cart";

// Remove says what it did in a polite live region, with Undo, and moves focus to Undo, not to
// the top of the page. Kept by the cart view, so it stays when the last line goes.

export const lineLabel = (line: CartLine) =>
  line.kind === "number" ? line.number_e164 : `${line.quantity} × ${line.region_name}`;

export function useRemoveWithUndo(update: (change: (cart: Cart) => Cart) => unknown) {
  const [removed, setRemoved] = useState<CartLine | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const remove = useCallback(
    (line: CartLine) => {
      update((cart) => removeLine(cart, line.key));
      setRemoved(line);
      window.requestAnimationFrame(() => undoRef.current?.focus());
    },
    [update],
  );
  const notice = (
    <div role="status" className="small">
      {removed ? (
        <>
          Removed {lineLabel(removed)} from your cart.{" "}
          <button
            ref={undoRef}
            type="button"
            className="btn btn--small"
            onClick={() => {
              update((cart) => ({ ...cart, attempt: null, lines: [...cart.lines, removed] }));
              setRemoved(null);
            }}
          >
            Undo
          </button>
        </>
      ) : null}
    </div>
  );
  return { remove, notice };
}
