"use client";
import Link from "next/link";
import { useCallback, useState } from "react";
import { CartLines } from "@/components/cart/cart-lines";
import { CheckoutForm } from "@/components/cart/checkout-form";
import { DocumentsNotice } from "@/components/cart/documents-notice";
import { useRemoveWithUndo } from "@/components/cart/removed-notice";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { ChargesSummary } from "@/components/cart/charges-summary";
import { cheapestProduct, priceSummary, type PricedLine } from "@/lib/cart/checkout";
import { toCartProduct, type Cart } from "@/lib/cart/cart";
import { useCart } from "@/components/hooks/use-cart";
import { useProductsFor } from "@/components/hooks/use-products";

export function CartView() {
  const { cart, update: save, holds, documents, charges, loaded, error, retry } = useCart();
  // A change the server refused is said beside the lines (the cart shown is the server's again).
  const [saveError, setSaveError] = useState<unknown>(null);
  const update = useCallback(
    (change: (current: Cart) => Cart) => void save(change).then((failure) => setSaveError(failure ?? null)),
    [save],
  );
  // Geography lines whose quantity, as typed, cannot be ordered (checkout waits for them).
  const [badQuantities, setBadQuantities] = useState<ReadonlyMap<string, string>>(new Map());
  const onQuantityProblem = useCallback((key: string, problem: string | null) => {
    setBadQuantities((current) => {
      if ((current.get(key) ?? null) === problem) return current;
      const next = new Map(current);
      if (problem === null) next.delete(key);
      else next.set(key, problem);
      return next;
    });
  }, []);
  const { remove, notice } = useRemoveWithUndo(update);
  const products = useProductsFor(
    cart.lines.map((line) => ({ country: line.country, number_type: line.number_type })),
  );

  if (!loaded) return <LoadingState label="Opening your cart…" />;
  // Never "Your cart is empty" for a cart that could not be read: it may hold numbers.
  if (error) return <ErrorState error={error} onRetry={retry} title="Your cart could not be loaded" />;
  if (cart.lines.length === 0) {
    return (
      <section className="card">
        {notice}
        <EmptyState title="Your cart is empty">
          <p>
            Pick numbers in the <Link href="/inventory">inventory</Link>, or order numbers in a region from{" "}
            <Link href="/products">products</Link>.
          </p>
        </EmptyState>
      </section>
    );
  }

  // A named number without a chosen product costs what the region's cheapest costs: the
  // product POST /order picks then. Sending that product's id makes the price shown binding.
  const lines: PricedLine[] = cart.lines.map((line) => {
    if (line.kind === "geography") return { line, product: line.product, quantity: line.quantity };
    const cheapest = cheapestProduct(products.map[line.country]?.[line.number_type]?.[line.region] ?? []);
    return { line, product: line.product ?? (cheapest ? toCartProduct(cheapest) : null), quantity: 1 };
  });
  const totals = priceSummary(lines);
  const unavailable = new Set(cart.unavailable);

  return (
    <div className="grid-2">
      <section aria-labelledby="lines-heading" className="stack">
        <h2 id="lines-heading">In your cart</h2>
        <CartLines
          lines={lines}
          products={products.map}
          unavailable={unavailable}
          holds={holds}
          update={update}
          remove={remove}
          onQuantityProblem={onQuantityProblem}
        />
        {notice}
        {saveError ? (
          <ErrorState error={saveError} title="Your change was not saved: the cart shows what is saved" />
        ) : null}
        {products.error ? <ErrorState error={products.error} title="Prices could not be loaded" /> : null}
      </section>
      <aside className="stack" aria-label="Summary and checkout">
        <section className="card" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Price summary</h2>
          {products.isPending ? (
            <LoadingState label="Pricing…" />
          ) : (
            <ChargesSummary totals={totals} charges={charges} />
          )}
          <p className="small muted">
            Numbers that are not in stock are back-ordered and arrive within the product&apos;s lead time.
          </p>
        </section>
        <section className="card" aria-labelledby="checkout-heading">
          <h2 id="checkout-heading">Checkout</h2>
          <DocumentsNotice lines={cart.lines} documents={documents} />
          <CheckoutForm
            cart={cart}
            lines={lines}
            update={update}
            ready={!products.isPending}
            badQuantities={badQuantities}
          />
        </section>
      </aside>
    </div>
  );
}
