"use client";
import { numberTypeLabel } from "@/components/ui/format";
import { nationalFormat } from "@/components/ui/phone-format";
import { formatMoney, toMinorUnits } from "@/lib/cart/checkout";
import { removeLine, setProduct, setQuantity, toCartProduct, type Cart, type CartProduct } from "@/lib/cart/cart";
import type { PricedLine } from "@/lib/cart/checkout";
import type { ProductMap } from "@/lib/schemas/products";
import { ORDER_LIMITS } from "@/lib/schemas/limits";

type Props = { lines: PricedLine[]; products: ProductMap; unavailable: ReadonlySet<string>; update: (change: (cart: Cart) => Cart) => void };

export function CartLines({ lines, products, unavailable, update }: Props) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Numbers in the cart</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Setup
            </th>
            <th scope="col" className="num">
              Monthly
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ line, product, quantity }) => {
            const gone = line.kind === "number" && unavailable.has(line.number_e164);
            const label = line.kind === "number" ? line.number_e164 : `${line.quantity} × ${line.region_name}`;
            const regionProducts = products[line.country]?.[line.number_type]?.[line.region] ?? [];
            return (
              <tr key={line.key} className={gone ? "is-unavailable" : undefined} data-testid="cart-line">
                <td>
                  {line.kind === "number" ? (
                    <>
                      <div className="mono nowrap">{line.number_e164}</div>
                      <div className="muted small">
                        {nationalFormat(line.number_e164)} · {line.region_name}
                      </div>
                      {gone ? <span className="badge badge--danger">No longer available</span> : null}
                    </>
                  ) : (
                    <>
                      <div>Numbers in {line.region_name}</div>
                      <div className="muted small">
                        {line.country} · {numberTypeLabel(line.number_type)} · chosen for you
                      </div>
                    </>
                  )}
                </td>
                <td>
                  {line.kind === "number" && regionProducts.length > 0 ? (
                    <>
                      <label className="visually-hidden" htmlFor={`product-${line.key}`}>
                        Product for {line.number_e164}
                      </label>
                      <select
                        id={`product-${line.key}`}
                        value={line.product?.id ?? ""}
                        onChange={(event) => {
                          const chosen = regionProducts.find((candidate) => candidate.id === event.target.value);
                          update((cart) => setProduct(cart, line.key, chosen ? toCartProduct(chosen) : null));
                        }}
                      >
                        <option value="">Cheapest{product ? ` (${product.name})` : ""}</option>
                        {regionProducts.map((candidate) => (
                          <option key={candidate.id} value={candidate.id}>
                            {candidate.name}
                          </option>
                        ))}
                      </select>
                    </>
                  ) : (
                    <ProductName product={product} />
                  )}
                </td>
                <td className="num">
                  {line.kind === "geography" ? (
                    <>
                      <label className="visually-hidden" htmlFor={`qty-${line.key}`}>
                        Quantity in {line.region_name}
                      </label>
                      <input
                        id={`qty-${line.key}`}
                        className="qty-input"
                        type="number"
                        min={1}
                        max={ORDER_LIMITS.maxQuantity}
                        value={line.quantity}
                        onChange={(event) => update((cart) => setQuantity(cart, line.key, event.target.valueAsNumber))}
                      />
                    </>
                  ) : (
                    1
                  )}
                </td>
                <td className="num nowrap">{product ? formatMoney(toMinorUnits(product.setup_fee) * quantity, product.currency) : "—"}</td>
                <td className="num nowrap">{product ? formatMoney(toMinorUnits(product.monthly_fee) * quantity, product.currency) : "—"}</td>
                <td>
                  <button type="button" className="btn btn--small btn--danger" onClick={() => update((cart) => removeLine(cart, line.key))} aria-label={`Remove ${label}`}>
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ProductName({ product }: { product: CartProduct | null }) {
  if (!product) return <span className="muted">Cheapest for the region</span>;
  return (
    <>
      <div>{product.name}</div>
      <div className="muted small">Lead time {product.estimated_lead_time}</div>
    </>
  );
}
