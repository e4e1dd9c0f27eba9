import { toQueryString } from "@/components/hooks/api-fetch";

// The /audit page's filters: read from its query string, and the CSV link made from them.

/** The /audit page's query string as GET /audit-events takes it; absent filters are left out. */
export type AuditFilters = {
  actor?: string;
  action?: string;
  resource_type?: string;
  resource_id?: string;
  from?: string;
  to?: string;
  organization_id?: string;
  limit: number;
  offset: number;
};

export const auditFilterNames = ["actor", "action", "resource_type", "resource_id", "from", "to"] as const;

/** The filters a page's query string names (empty ones dropped), with its page. */
export function auditFiltersFrom(params: URLSearchParams, limit: number, isSupport: boolean): AuditFilters {
  const filters: AuditFilters = {
    limit,
    offset: Math.max(0, Math.trunc(Number(params.get("offset")) || 0)),
  };
  for (const name of auditFilterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const organizationId = isSupport ? params.get("organization_id") : null;
  if (organizationId) filters.organization_id = organizationId;
  return filters;
}

/** The URL of every match as CSV (the browser downloads it with the session cookie). */
export function auditCsvHref(filters: AuditFilters): string {
  const { limit: _limit, offset: _offset, ...rest } = filters;
  return `/api/v2/audit-events${toQueryString({ ...rest, format: "csv" })}`;
}
