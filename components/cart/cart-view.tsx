"use client";
import Link from "next/link";
import { CartLines } from "@/components/cart/cart-lines";
import { CheckoutForm } from "@/components/cart/checkout-form";
import { useRemoveWithUndo } from "@/components/cart/removed-notice";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { formatMoney } from "@/components/ui/format";
import { cheapestProduct, priceSummary, type PricedLine } from "@/lib/cart/checkout";
import { toCartProduct } from "@/lib/cart/cart";
import { useCart } from "@/lib/hooks/use-cart";
import { useProductsFor } from "@/lib/hooks/use-products";

export function CartView() {
  const { cart, update, holds, loaded } = useCart();
  const { remove, notice } = useRemoveWithUndo(update);
  const products = useProductsFor(
    cart.lines.map((line) => ({ country: line.country, number_type: line.number_type })),
  );

  if (!loaded) return <LoadingState label="Opening your cart…" />;
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
        />
        {notice}
        {products.error ? <ErrorState error={products.error} title="Prices could not be loaded" /> : null}
      </section>
      <aside className="stack" aria-label="Summary and checkout">
        <section className="card" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Price summary</h2>
          {products.isPending ? (
            <LoadingState label="Pricing…" />
          ) : (
            totals.map((total) => (
              <dl key={total.currency} className="dl">
                <dt>Numbers</dt>
                <dd className="num">{total.numbers}</dd>
                <dt>Setup, due now</dt>
                <dd>
                  <strong data-testid={`setup-total-${total.currency}`}>
                    {formatMoney(total.setupNow, total.currency)}
                  </strong>
                </dd>
                <dt>Monthly, from then on</dt>
                <dd>
                  <strong data-testid={`monthly-total-${total.currency}`}>
                    {formatMoney(total.monthly, total.currency)}
                  </strong>
                </dd>
              </dl>
            ))
          )}
          <p className="small muted">
            Numbers that are not in stock are back-ordered and arrive within the product&apos;s lead time.
          </p>
        </section>
        <section className="card" aria-labelledby="checkout-heading">
          <h2 id="checkout-heading">Checkout</h2>
          <CheckoutForm cart={cart} lines={lines} update={update} ready={!products.isPending} />
        </section>
      </aside>
    </div>
  );
}
