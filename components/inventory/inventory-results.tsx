"use client";
import { useState } from "react";
import { numberTypeLabel } from "@/components/ui/format";
import { addNumber } from "@/lib/cart/cart";
import { formatFee } from "@/components/ui/format";
import { cheapestProduct } from "@/lib/cart/checkout";
import { useCart } from "@/components/hooks/use-cart";
import { useProductsFor } from "@/components/hooks/use-products";
import { describeError } from "@/components/ui/states";
import type { InventoryNumber } from "@/lib/schemas/inventory";

type Props = {
  items: InventoryNumber[];
  national: Record<string, string>;
  regionNames: Map<string, string>;
  /** Why this person's role may not hold or buy numbers; null when it may. */
  cartRefusal: string | null;
};

/** `national`: each number as written in its country, by E.164 (from the query, see InventoryPage). */
export function InventoryResults({ items, national, regionNames, cartRefusal }: Props) {
  const { cart, update } = useCart();
  const inCart = new Set(cart.lines.flatMap((line) => (line.kind === "number" ? [line.number_e164] : [])));
  // Each number's price is its default product's: the one an order picks when none is named
  // (cheapestProduct, the rule POST /order applies), from the product lists the portal reads anyway.
  const products = useProductsFor(
    items.map((number) => ({ country: number.country, number_type: number.number_type })),
  );
  // What the live region says: only once the cart has saved the number, or that it has not.
  const [said, setSaid] = useState<{ number: string; failure: unknown } | null>(null);

  return (
    <div className="table-wrap">
      <p className="visually-hidden" role="status" aria-live="polite">
        {said && said.failure === null ? `${said.number} is in the cart.` : ""}
      </p>
      {said && said.failure !== null ? (
        <div className="notice notice--error" role="alert" data-testid="add-failed">
          <strong>{said.number} was not added to the cart.</strong> {describeError(said.failure)} Try again.
        </div>
      ) : null}
      {cartRefusal === null ? null : (
        <p id="cart-refusal" className="small muted" data-testid="cart-refusal">
          {cartRefusal}
        </p>
      )}
      <table className="cards-on-phone">
        <caption className="visually-hidden">Numbers for sale</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Region</th>
            <th scope="col">Price</th>
            <th scope="col">Capabilities</th>
            <th scope="col">Required documents</th>
            <th scope="col">
              <span className="visually-hidden">Cart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((number) => {
            const isInCart = inCart.has(number.number_e164);
            const regionName = regionNames.get(number.region) ?? number.region;
            const product = cheapestProduct(
              products.map[number.country]?.[number.number_type]?.[number.region] ?? [],
            );
            return (
              <tr key={number.number_e164} data-testid="inventory-row">
                <td data-label="Number">
                  <div className="mono nowrap">{number.number_e164}</div>
                  <div className="muted small nowrap">
                    {national[number.number_e164] ?? number.number_e164}
                  </div>
                </td>
                <td data-label="Region">
                  <div>{regionName}</div>
                  <div className="muted small">{numberTypeLabel(number.number_type)}</div>
                </td>
                <td data-label="Price" data-testid="inventory-price">
                  {product ? (
                    <>
                      <div className="nowrap">{formatFee(product.monthly_fee, product.currency)} a month</div>
                      <div className="muted small nowrap">
                        {formatFee(product.setup_fee, product.currency)} setup · {product.name}
                      </div>
                    </>
                  ) : products.isPending ? (
                    <span className="muted">Loading…</span>
                  ) : (
                    <span className="muted">No price</span>
                  )}
                </td>
                <td data-label="Capabilities">
                  <div className="badges">
                    <span className={`badge ${number.capabilities.voice ? "badge--success" : ""}`}>
                      {number.capabilities.voice ? "Voice" : "No voice"}
                    </span>
                    <span className={`badge ${number.capabilities.sms ? "badge--success" : ""}`}>
                      {number.capabilities.sms ? "SMS" : "No SMS"}
                    </span>
                  </div>
                </td>
                <td data-label="Documents">
                  {number.required_documents.length === 0 ? (
                    <span className="muted">None</span>
                  ) : (
                    <>
                      <ul className="plain-list">
                        {number.required_documents.map((document) => (
                          <li key={document.document_type_id} title={document.more_information}>
                            {document.name}
                          </li>
                        ))}
                      </ul>
                      {/* Whether the organization's approved bundles cover them (docs/CONTRACT.md §17). */}
                      <div className="small muted" data-testid="activation-note">
                        {number.activation_note}
                      </div>
                    </>
                  )}
                </td>
                <td className="num cell--action">
                  {cartRefusal !== null ? (
                    // Refused before the click, with the reason above the table: no request to fail.
                    <button
                      type="button"
                      className="btn btn--small btn--soft"
                      disabled
                      aria-label={`Add ${number.number_e164} to the cart`}
                      aria-describedby="cart-refusal"
                    >
                      Add to cart
                    </button>
                  ) : (
                    /* aria-disabled, not disabled: focus stays on the button after adding, where the person was. */
                    <button
                      type="button"
                      className={`btn btn--small ${isInCart ? "" : "btn--soft"}`}
                      aria-disabled={isInCart}
                      aria-label={
                        isInCart
                          ? `${number.number_e164} is in the cart`
                          : `Add ${number.number_e164} to the cart`
                      }
                      onClick={async () => {
                        if (isInCart) return;
                        setSaid(null);
                        const failure = await update((current) =>
                          addNumber(current, {
                            number_e164: number.number_e164,
                            country: number.country,
                            number_type: number.number_type,
                            region: number.region,
                            region_name: regionName,
                          }),
                        );
                        setSaid({ number: number.number_e164, failure });
                      }}
                    >
                      {isInCart ? "In cart ✓" : "Add to cart"}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
