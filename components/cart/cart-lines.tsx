"use client";
import { formatMoney, numberTypeLabel } from "@/components/ui/format";
import { nationalFormat } from "@/lib/reference/phone-format";
import { cheapestProduct, toMinorUnits, type PricedLine } from "@/lib/cart/checkout";
import {
  setProduct,
  setQuantity,
  toCartProduct,
  type Cart,
  type CartLine,
  type CartProduct,
} from "@/lib/cart/cart";
import { useRenewHold, type Hold } from "@/components/hooks/use-cart";
import type { Product, ProductMap } from "@/lib/schemas/products";
import { HoldStatus } from "@/components/cart/hold-status";
import { QuantityInput } from "@/components/cart/quantity-input";
import { lineLabel } from "@/components/cart/removed-notice";
import styles from "@/components/cart/cart-lines.module.css";

type Props = {
  lines: PricedLine[];
  products: ProductMap;
  unavailable: ReadonlySet<string>;
  holds: ReadonlyMap<string, Hold | null>;
  update: (change: (cart: Cart) => Cart) => void;
  remove: (line: CartLine) => void;
  /** A geography line's quantity as typed cannot be ordered (the words), or can again (null). */
  onQuantityProblem: (key: string, problem: string | null) => void;
};

function priceWords(product: Pick<Product, "monthly_fee" | "setup_fee" | "currency">): string {
  const setup = toMinorUnits(product.setup_fee);
  return `${formatMoney(toMinorUnits(product.monthly_fee), product.currency)}/month, ${
    setup === 0 ? "no setup fee" : `${formatMoney(setup, product.currency)} setup`
  }`;
}

export function CartLines({ lines, products, unavailable, holds, update, remove, onQuantityProblem }: Props) {
  const renew = useRenewHold();
  return (
    <>
      <div className="table-wrap">
        <table className="cards-on-phone">
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
              const regionProducts = products[line.country]?.[line.number_type]?.[line.region] ?? [];
              const cheapest = cheapestProduct(regionProducts);
              const chosen = regionProducts.find((candidate) => candidate.id === line.product?.id);
              // The whole choice, for the tooltip: the closed select may cut it short on a phone.
              const selectedText = chosen
                ? `${chosen.name} (${priceWords(chosen)})`
                : cheapest
                  ? `Cheapest: ${cheapest.name} (${priceWords(cheapest)})`
                  : "Cheapest";
              return (
                <tr key={line.key} className={gone ? "is-unavailable" : undefined} data-testid="cart-line">
                  <td data-label="Number">
                    {line.kind === "number" ? (
                      <>
                        <div className="mono nowrap">{line.number_e164}</div>
                        <div className="muted small">
                          {nationalFormat(line.number_e164)} · {line.region_name}
                        </div>
                        <HoldStatus
                          hold={holds.get(line.key)}
                          marked={gone}
                          number={line.number_e164}
                          renew={() => renew.mutate(line.number_e164)}
                          renewing={renew.isPending && renew.variables === line.number_e164}
                        />
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
                  <td data-label="Product">
                    {line.kind === "number" && regionProducts.length > 0 ? (
                      <>
                        <label className="visually-hidden" htmlFor={`product-${line.key}`}>
                          Product for {line.number_e164}
                        </label>
                        <select
                          id={`product-${line.key}`}
                          className={styles.productSelect}
                          title={selectedText}
                          value={line.product?.id ?? ""}
                          onChange={(event) => {
                            const chosen = regionProducts.find(
                              (candidate) => candidate.id === event.target.value,
                            );
                            update((cart) =>
                              setProduct(cart, line.key, chosen ? toCartProduct(chosen) : null),
                            );
                          }}
                        >
                          <option value="">
                            {cheapest ? `Cheapest: ${cheapest.name} (${priceWords(cheapest)})` : "Cheapest"}
                          </option>
                          {regionProducts.map((candidate) => (
                            <option key={candidate.id} value={candidate.id}>
                              {candidate.name} ({priceWords(candidate)})
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      <ProductName product={product} />
                    )}
                  </td>
                  <td data-label="Quantity" className="num">
                    {line.kind === "geography" ? (
                      <QuantityInput
                        id={`qty-${line.key}`}
                        label={`Quantity in ${line.region_name}`}
                        quantity={line.quantity}
                        onChange={(value) => update((cart) => setQuantity(cart, line.key, value))}
                        onProblem={(problem) => onQuantityProblem(line.key, problem)}
                      />
                    ) : (
                      1
                    )}
                  </td>
                  <td data-label="Setup" className="num nowrap">
                    {product
                      ? formatMoney(toMinorUnits(product.setup_fee) * quantity, product.currency)
                      : "—"}
                  </td>
                  <td data-label="Monthly" className="num nowrap">
                    {product
                      ? formatMoney(toMinorUnits(product.monthly_fee) * quantity, product.currency)
                      : "—"}
                  </td>
                  <td className="cell--action">
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      onClick={() => remove(line)}
                      aria-label={`Remove ${lineLabel(line)}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
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
