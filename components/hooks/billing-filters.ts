import { toQueryString } from "@/components/hooks/api-fetch";

// The /billing page's ledger filters: read from its query string (a link shares the same view),
// and the CSV link made from them.

export type LedgerFilters = {
  currency?: string;
  kind?: string;
  from?: string;
  to?: string;
  organization_id?: string;
  limit: number;
  offset: number;
};

export const ledgerFilterNames = ["currency", "kind", "from", "to"] as const;

/** The filters a page's query string names (empty ones dropped), with its page. */
export function ledgerFiltersFrom(
  params: URLSearchParams,
  limit: number,
  organizationId: string | null,
): LedgerFilters {
  const filters: LedgerFilters = {
    limit,
    offset: Math.max(0, Math.trunc(Number(params.get("ledger_offset")) || 0)),
  };
  for (const name of ledgerFilterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  if (organizationId) filters.organization_id = organizationId;
  return filters;
}

/** The URL of every matching entry as CSV (the browser downloads it with the session cookie). */
export function ledgerCsvHref(filters: LedgerFilters): string {
  const { limit: _limit, offset: _offset, ...rest } = filters;
  return `/api/v2/billing/ledger${toQueryString({ ...rest, format: "csv" })}`;
}

/** An invoice's PDF (support names the organization, as on every billing read). */
export function invoicePdfHref(invoiceId: string, organizationId: string | null): string {
  return `/api/v2/invoices/${encodeURIComponent(invoiceId)}/pdf${toQueryString({ organization_id: organizationId })}`;
}
