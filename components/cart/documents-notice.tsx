"use client";
import Link from "next/link";
import { useMemo } from "react";
import { listWords } from "@/components/cart/checkout-words";
import { formatDate } from "@/components/ui/format";
import type { CartLine } from "@/lib/cart/cart";
import type { LineDocuments } from "@/components/hooks/use-cart";
import { useDocumentTypes } from "@/components/hooks/use-reference";

// Before checkout: which lines' numbers would be bought without their documents (no approved
// bundle covers them), so the order would not be "done": no call is routed to them until our
// team approves the documents, and unless that happens by the date shown they are released.

export function DocumentsNotice({
  lines,
  documents,
}: {
  lines: readonly CartLine[];
  documents: ReadonlyMap<string, LineDocuments>;
}) {
  const types = useDocumentTypes();
  const names = useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type.name])), [types.data]);
  const waiting = lines.flatMap((line) => {
    const needs = documents.get(line.key);
    return needs ? [{ line, needs }] : [];
  });
  if (waiting.length === 0) return null;
  const due = waiting.map((entry) => entry.needs.due_if_bought_now).sort()[0];
  return (
    <div className="notice notice--warning stack" data-testid="cart-documents">
      <p>
        <strong>Documents needed.</strong> Bought now, these numbers are yours but no call to them is routed
        until our team approves their documents; unless that happens by {formatDate(due)}, they are released.
      </p>
      <ul>
        {waiting.map(({ line, needs }) => (
          <li key={line.key}>
            {line.kind === "number" ? <span className="mono">{line.number_e164}</span> : line.region_name}:{" "}
            {listWords(needs.document_type_ids.map((id) => names.get(id) ?? id))}
          </li>
        ))}
      </ul>
      <p>
        <Link href="/compliance">Hand in the documents on Compliance</Link> (before or after checkout).
      </p>
    </div>
  );
}
