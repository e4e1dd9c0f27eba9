"use client";
import { useState } from "react";
import { formatFee } from "@/lib/cart/checkout";
import { addGeography, toCartProduct } from "@/lib/cart/cart";
import { useCart } from "@/lib/hooks/use-cart";
import { ORDER_LIMITS } from "@/lib/schemas/limits";
import type { ProductRow, SortDirection, SortKey } from "@/components/products/product-rows";

const columns: { key: SortKey | null; label: string; numeric?: boolean }[] = [
  { key: "region", label: "Region" },
  { key: null, label: "Product" },
  { key: "monthly_fee", label: "Monthly", numeric: true },
  { key: "setup_fee", label: "Setup", numeric: true },
  { key: "included_minutes", label: "Included min", numeric: true },
  { key: null, label: "Overage / min: fixed · mobile", numeric: true },
  { key: "lead_time", label: "Lead time" },
  { key: null, label: "Documents" },
];

type Props = { rows: ProductRow[]; country: string; numberType: string; sort: SortKey; direction: SortDirection; onSort: (key: SortKey) => void };

export function ProductMatrix({ rows, country, numberType, sort, direction, onSort }: Props) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Products by region; the cheapest in each region is marked</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.numeric ? "num" : undefined}
                aria-sort={column.key === sort ? (direction === "asc" ? "ascending" : "descending") : undefined}
              >
                {column.key ? (
                  <button type="button" className="sort-button" onClick={() => onSort(column.key as SortKey)}>
                    {column.label}
                    <span aria-hidden="true">{column.key === sort ? (direction === "asc" ? "▲" : "▼") : "↕"}</span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
            <th scope="col">Add to cart</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ProductRowView key={`${row.regionId}/${row.product.id}`} row={row} country={country} numberType={numberType} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductRowView({ row, country, numberType }: { row: ProductRow; country: string; numberType: string }) {
  const { product } = row;
  const { update } = useCart();
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState<number | null>(null);
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= ORDER_LIMITS.maxQuantity;
  const inputId = `qty-${row.regionId}-${product.id}`;

  function add() {
    if (!valid) return;
    update((cart) => addGeography(cart, { country, number_type: numberType, region: row.regionId, region_name: row.regionName, quantity, product: toCartProduct(product) }));
    setAdded(quantity);
  }

  return (
    <tr className={row.cheapest ? "is-highlight" : undefined}>
      <td className="nowrap">{row.regionName}</td>
      <td>
        <div>{product.name}</div>
        {row.cheapest ? <span className="badge badge--success">Cheapest in region</span> : null}
      </td>
      <td className="num">{formatFee(product.monthly_fee, product.currency)}</td>
      <td className="num">{formatFee(product.setup_fee, product.currency)}</td>
      <td className="num">{Number(product.included_minutes).toLocaleString("en-GB")}</td>
      <td className="num nowrap">
        {rate(product.overage_fixed_rate_per_minute, product.currency)} · {rate(product.overage_mobile_rate_per_minute, product.currency)}
      </td>
      <td className="nowrap">{product.estimated_lead_time}</td>
      <td>{product.required_documents.length === 0 ? <span className="muted">None</span> : product.required_documents.map((document) => document.name).join(", ")}</td>
      <td>
        <div className="row nowrap">
          <label className="visually-hidden" htmlFor={inputId}>
            Numbers of {product.name} in {row.regionName}
          </label>
          <input
            id={inputId}
            type="number"
            min={1}
            max={ORDER_LIMITS.maxQuantity}
            value={Number.isNaN(quantity) ? "" : quantity}
            onChange={(event) => {
              setQuantity(event.target.valueAsNumber);
              setAdded(null);
            }}
            aria-invalid={valid ? undefined : true}
            className="qty-input"
          />
          <button type="button" className="btn btn--small" onClick={add} disabled={!valid} aria-label={`Add ${valid ? quantity : ""} ${product.name} numbers in ${row.regionName} to the cart`}>
            Add
          </button>
        </div>
        <span className="small muted" role="status">
          {added ? `${added} added` : ""}
        </span>
      </td>
    </tr>
  );
}

/** Per-minute rates keep their four decimals: "0.0120" is 1.2 pence, not 1 penny. */
function rate(amount: string, currency: string): string {
  if (amount === "0") return "free";
  return new Intl.NumberFormat("en-GB", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(Number(amount));
}
