import type { InventorySearch } from "@/components/hooks/inventory-search";
import type { NumberSearch } from "@/components/hooks/number-search";
import type { AuditFilters } from "@/components/hooks/audit-filters";
import type { LedgerFilters } from "@/components/hooks/billing-filters";

// Every react-query key of the portal, built here only, so invalidation can name a whole
// resource (["orders"]) and no component invents a key of its own.
export const queryKeys = {
  countries: () => ["countries"] as const,
  cart: () => ["cart"] as const,
  twoFactor: () => ["two-factor"] as const,
  organizationSettings: () => ["organization-settings"] as const,
  singleSignOn: () => ["organization-sso"] as const,
  documentTypes: () => ["document-types"] as const,
  regions: (country: string) => ["regions", country] as const,
  inventory: {
    all: () => ["inventory"] as const,
    search: (search: InventorySearch) => ["inventory", search] as const,
  },
  products: (country: string, numberType: string | null) => ["products", country, numberType] as const,
  orders: {
    all: () => ["orders"] as const,
    list: (page: { limit: number; offset: number; organization_id?: string | null }) =>
      ["orders", "list", page] as const,
    detail: (referenceId: string) => ["orders", "detail", referenceId] as const,
  },
  numbers: {
    all: () => ["numbers"] as const,
    search: (search: NumberSearch) => ["numbers", "search", search] as const,
    detail: (numberId: string) => ["numbers", "detail", numberId] as const,
    ofOrder: (referenceId: string) => ["numbers", "order", referenceId] as const,
    /** `at` null: "now" as the server sees it, refreshed on an interval rather than by key. */
    activeRule: (numberId: string, at: string | null) => ["numbers", "active-rule", numberId, at] as const,
    editable: (numberId: string) => ["numbers", "editable", numberId] as const,
    history: (numberId: string, offset: number) => ["numbers", "history", numberId, offset] as const,
    /** The history read back page by page, as far as a moment asked about needs. */
    historyPages: (numberId: string) => ["numbers", "history", numberId, "pages"] as const,
    destinations: (country: string, numberType: string) =>
      ["numbers", "destinations", country, numberType] as const,
  },
  jobs: {
    all: () => ["jobs"] as const,
    recent: () => ["jobs", "recent"] as const,
    detail: (jobId: string) => ["jobs", "detail", jobId] as const,
  },
  tokens: () => ["tokens"] as const,
  members: () => ["members"] as const,
  webhooks: {
    all: () => ["webhooks"] as const,
    lists: () => ["webhooks", "list"] as const,
    list: (organizationId: string | null, page: { limit: number; offset: number }) =>
      ["webhooks", "list", organizationId, page] as const,
    detail: (webhookId: string) => ["webhooks", "detail", webhookId] as const,
    deliveriesOf: (webhookId: string) => ["webhooks", "deliveries", webhookId] as const,
    deliveries: (webhookId: string, page: { limit: number; offset: number }) =>
      ["webhooks", "deliveries", webhookId, page] as const,
  },
  organizations: () => ["organizations"] as const,
  compliance: {
    all: () => ["compliance"] as const,
    endUsers: (offset: number) => ["compliance", "end-users", offset] as const,
    addresses: (offset: number) => ["compliance", "addresses", offset] as const,
    documents: (offset: number) => ["compliance", "documents", offset] as const,
    endUser: (endUserId: string) => ["compliance", "end-user", endUserId] as const,
    document: (documentId: string) => ["compliance", "document", documentId] as const,
    address: (addressId: string) => ["compliance", "address", addressId] as const,
    documentFile: (documentId: string) => ["compliance", "document-file", documentId] as const,
    bundles: (status: string | null, offset: number) => ["compliance", "bundles", status, offset] as const,
    /** Keyed by the bundle's updated_at too: an edit asks evaluate again. */
    evaluation: (bundleId: string, updatedAt: string) =>
      ["compliance", "evaluation", bundleId, updatedAt] as const,
    requirements: (country: string, numberType: string) =>
      ["compliance", "requirements", country, numberType] as const,
  },
  audit: (filters: AuditFilters) => ["audit", filters] as const,
  porting: {
    all: () => ["porting"] as const,
    list: (filters: { status: string | null; offset: number; organization_id?: string | null }) =>
      ["porting", "list", filters] as const,
    detail: (portOrderId: string) => ["porting", "detail", portOrderId] as const,
    events: (portOrderId: string) => ["porting", "events", portOrderId] as const,
  },
  billing: {
    all: () => ["billing"] as const,
    accounts: (organizationId: string | null) => ["billing", "accounts", organizationId] as const,
    upcomingAll: () => ["billing", "upcoming"] as const,
    upcoming: (organizationId: string | null, currency: string) =>
      ["billing", "upcoming", organizationId, currency] as const,
    invoices: (organizationId: string | null, page: { limit: number; offset: number }) =>
      ["billing", "invoices", organizationId, page] as const,
    ledger: (filters: LedgerFilters) => ["billing", "ledger", filters] as const,
    profile: () => ["billing", "profile"] as const,
    alerts: () => ["billing", "alerts"] as const,
  },
};
