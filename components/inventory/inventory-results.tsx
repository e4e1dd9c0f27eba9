"use client";
import { numberTypeLabel } from "@/components/ui/format";
import { addNumber } from "@/lib/cart/cart";
import { useCart } from "@/lib/hooks/use-cart";
import type { InventoryNumber } from "@/lib/schemas/inventory";

type Props = { items: InventoryNumber[]; national: Record<string, string>; regionNames: Map<string, string> };

/** `national`: each number as written in its country, by E.164 (from the query, see InventoryPage). */
export function InventoryResults({ items, national, regionNames }: Props) {
  const { cart, update } = useCart();
  const inCart = new Set(cart.lines.flatMap((line) => (line.kind === "number" ? [line.number_e164] : [])));

  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Numbers for sale</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Region</th>
            <th scope="col">Capabilities</th>
            <th scope="col">Required documents</th>
            <th scope="col">
              <span className="visually-hidden">Cart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((number) => {
            const added = inCart.has(number.number_e164);
            const regionName = regionNames.get(number.region) ?? number.region;
            return (
              <tr key={number.number_e164}>
                <td>
                  <div className="mono nowrap">{number.number_e164}</div>
                  <div className="muted small nowrap">{national[number.number_e164] ?? number.number_e164}</div>
                </td>
                <td>
                  <div>{regionName}</div>
                  <div className="muted small">{numberTypeLabel(number.number_type)}</div>
                </td>
                <td>
                  <div className="badges">
                    <span className={`badge ${number.capabilities.voice ? "badge--success" : ""}`}>{number.capabilities.voice ? "Voice" : "No voice"}</span>
                    <span className={`badge ${number.capabilities.sms ? "badge--success" : ""}`}>{number.capabilities.sms ? "SMS" : "No SMS"}</span>
                  </div>
                </td>
                <td>
                  {number.required_documents.length === 0 ? (
                    <span className="muted">None</span>
                  ) : (
                    <ul className="plain-list">
                      {number.required_documents.map((document) => (
                        <li key={document.document_type_id} title={document.more_information}>
                          {document.name}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="num">
                  <button
                    type="button"
                    className={`btn btn--small ${added ? "" : "btn--soft"}`}
                    disabled={added}
                    aria-label={added ? `${number.number_e164} is in the cart` : `Add ${number.number_e164} to the cart`}
                    onClick={() =>
                      update((current) =>
                        addNumber(current, { number_e164: number.number_e164, country: number.country, number_type: number.number_type, region: number.region, region_name: regionName }),
                      )
                    }
                  >
                    {added ? "In cart ✓" : "Add to cart"}
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
