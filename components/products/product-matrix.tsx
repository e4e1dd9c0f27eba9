"use client";
import { useState } from "react";
import { formatFee, formatRate } from "@/components/ui/format";
import { addGeography, toCartProduct } from "@/lib/cart/cart";
import { useCart } from "@/components/hooks/use-cart";
import styles from "@/components/products/product-matrix.module.css";
import { describeError } from "@/components/ui/states";
import { ORDER_LIMITS } from "@/lib/schemas/limits";
import type { ProductRow, SortDirection, SortKey } from "@/components/products/product-rows";

// "Add to cart" comes right after the prices, so a laptop shows it beside the region without
// scrolling; the details that only some compare follow it.
const columns: { key: SortKey | null; label: string; numeric?: boolean; wraps?: boolean }[] = [
  { key: "region", label: "Region" },
  { key: null, label: "Product" },
  { key: "monthly_fee", label: "Monthly", numeric: true },
  { key: "setup_fee", label: "Setup", numeric: true },
  { key: null, label: "Add to cart" },
  { key: "included_minutes", label: "Included min", numeric: true, wraps: true },
  { key: null, label: "Overage / min: fixed · mobile", numeric: true, wraps: true },
  { key: "lead_time", label: "Lead time" },
  { key: null, label: "Documents" },
];

type Props = {
  /** The person's role may not hold or buy: "Add" is disabled, described by #cart-refusal. */
  cartRefused: boolean;
  rows: ProductRow[];
  country: string;
  numberType: string;
  sort: SortKey;
  direction: SortDirection;
  onSort: (key: SortKey) => void;
};

export function ProductMatrix({ cartRefused, rows, country, numberType, sort, direction, onSort }: Props) {
  return (
    <div className="table-wrap">
      <table className="cards-on-phone product-matrix">
        <caption className="visually-hidden">
          Products by region; the cheapest in each region is marked
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={
                  [column.numeric ? "num" : "", column.wraps ? styles.wrapping : ""].join(" ").trim() ||
                  undefined
                }
                aria-sort={
                  column.key === sort ? (direction === "asc" ? "ascending" : "descending") : undefined
                }
              >
                {column.key ? (
                  <button type="button" className="sort-button" onClick={() => onSort(column.key as SortKey)}>
                    {column.label}
                    <span aria-hidden="true">
                      {column.key === sort ? (direction === "asc" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ProductRowView
              key={`${row.regionId}/${row.product.id}`}
              row={row}
              country={country}
              numberType={numberType}
              refused={cartRefused}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductRowView({
  row,
  country,
  numberType,
  refused,
}: {
  row: ProductRow;
  country: string;
  numberType: string;
  refused: boolean;
}) {
  const { product } = row;
  const { update } = useCart();
  const [text, setText] = useState("1");
  // Said once the cart has saved the numbers, never before; a refused save is said instead.
  const [added, setAdded] = useState<{ quantity: number; failure: unknown } | null>(null);
  const quantity = Number(text);
  const problem = quantityProblem(text);
  const inputId = `qty-${row.regionId}-${product.id}`;

  async function add() {
    if (problem !== null) return;
    setAdded(null);
    const failure = await update((cart) =>
      addGeography(cart, {
        country,
        number_type: numberType,
        region: row.regionId,
        region_name: row.regionName,
        quantity,
        product: toCartProduct(product),
      }),
    );
    setAdded({ quantity, failure });
  }

  return (
    <tr className={row.cheapest ? "is-highlight" : undefined} data-testid="product-row">
      <th scope="row" data-label="Region" className="sticky-cell">
        {row.regionName}
      </th>
      <td data-label="Product">
        <div>{product.name}</div>
        {row.cheapest ? <span className="badge badge--success">Cheapest in region</span> : null}
      </td>
      <td data-label="Monthly" className="num">
        {formatFee(product.monthly_fee, product.currency)}
      </td>
      <td data-label="Setup" className="num">
        {formatFee(product.setup_fee, product.currency)}
      </td>
      <td data-label="" className="cell--action">
        <div className="row">
          <label className="visually-hidden" htmlFor={inputId}>
            How many {product.name} numbers in {row.regionName}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={ORDER_LIMITS.maxQuantity}
            step={1}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setAdded(null);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${inputId}-note`}
            className="qty-input"
            disabled={refused}
          />
          <button
            type="button"
            className="btn btn--small"
            onClick={add}
            disabled={refused}
            aria-describedby={refused ? "cart-refusal" : undefined}
            aria-disabled={problem !== null}
            aria-label={`Add ${product.name} numbers in ${row.regionName} to the cart`}
          >
            Add
          </button>
        </div>
        <span
          id={`${inputId}-note`}
          className={problem || added?.failure ? "field__error" : "small muted"}
          role={problem || added?.failure ? "alert" : "status"}
        >
          {problem ??
            (added === null
              ? ""
              : added.failure === null
                ? `${added.quantity} added to the cart`
                : `Not added to the cart: ${describeError(added.failure)} Try again.`)}
        </span>
      </td>
      <td data-label="Included min" className="num">
        {Number(product.included_minutes).toLocaleString("en-GB")}
      </td>
      <td data-label="Overage / min" className="num">
        {formatRate(product.overage_fixed_rate_per_minute, product.currency)} ·{" "}
        {formatRate(product.overage_mobile_rate_per_minute, product.currency)}
      </td>
      <td data-label="Lead time">{product.estimated_lead_time}</td>
      <td data-label="Documents">
        {product.required_documents.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          product.required_documents.map((document) => document.name).join(", ")
        )}
      </td>
    </tr>
  );
}

/** Why a typed quantity cannot be added, in words with the allowed range; null when it can. */
function quantityProblem(text: string): string | null {
  const range = `from 1 to ${ORDER_LIMITS.maxQuantity}`;
  if (text.trim() === "") return `Enter how many numbers, ${range}.`;
  const value = Number(text);
  if (!Number.isFinite(value) || !Number.isInteger(value))
    return `Enter a whole number of numbers, ${range}.`;
  if (value < 1) return `Enter at least 1: the allowed range is ${range}.`;
  if (value > ORDER_LIMITS.maxQuantity)
    return `At most ${ORDER_LIMITS.maxQuantity} at a time: the allowed range is ${range}.`;
  return null;
}
