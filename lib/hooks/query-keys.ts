import type { InventorySearch } from "@/lib/hooks/inventory-search";
import type { NumberSearch } from "@/lib/hooks/number-search";

// Every react-query key of the portal, built here only, so invalidation can name a whole
// resource (["orders"]) and no component invents a key of its own.
export const queryKeys = {
  countries: () => ["countries"] as const,
  cart: () => ["cart"] as const,
  documentTypes: () => ["document-types"] as const,
  regions: (country: string) => ["regions", country] as const,
  inventory: {
    all: () => ["inventory"] as const,
    search: (search: InventorySearch) => ["inventory", search] as const,
  },
  products: (country: string, numberType: string | null) => ["products", country, numberType] as const,
  orders: {
    all: () => ["orders"] as const,
    list: (page: { limit: number; offset: number }) => ["orders", "list", page] as const,
    detail: (referenceId: string) => ["orders", "detail", referenceId] as const,
  },
  numbers: {
    all: () => ["numbers"] as const,
    search: (search: NumberSearch) => ["numbers", "search", search] as const,
    detail: (numberId: string) => ["numbers", "detail", numberId] as const,
    /** `at` null: "now" as the server sees it, refreshed on an interval rather than by key. */
    activeRule: (numberId: string, at: string | null) => ["numbers", "active-rule", numberId, at] as const,
    editable: (numberId: string) => ["numbers", "editable", numberId] as const,
    history: (numberId: string, offset: number) => ["numbers", "history", numberId, offset] as const,
    destinations: (country: string, numberType: string) =>
      ["numbers", "destinations", country, numberType] as const,
  },
  tokens: () => ["tokens"] as const,
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
};
