// Contract limits as plain numbers, apart from the zod schemas that enforce them, so the
// browser can show them (cart quantities, page sizes) without loading zod and every schema.
// orders.ts and inventory.ts re-export them: server code imports them from there as before.

/** docs/CONTRACT.md §7. */
export const ORDER_LIMITS = {
  maxItems: 100,
  maxNumbers: 500,
  maxQuantity: 100,
  maxContactName: 200,
  maxReference: 100,
} as const;

/** docs/CONTRACT.md §5: GET /inventory paging. */
export const INVENTORY_PAGE = { defaultLimit: 50, maxLimit: 1000, maxOffset: 100_000 } as const;

/** docs/CONTRACT.md §8: GET /numbers paging. */
export const NUMBER_PAGE = { defaultLimit: 100, maxLimit: 1000, maxOffset: 100_000 } as const;

/** docs/CONTRACT.md §5 and §8: digits a `contains` search takes. */
export const CONTAINS_MAX_DIGITS = 15;

/** docs/CONTRACT.md §16: a number's own tags (not a rule's action tags), compared case-insensitively. */
export const NUMBER_TAG = /^[a-z0-9_:-]{1,40}$/i;
export const MAX_NUMBER_TAGS = 20;
/** docs/CONTRACT.md §16 and §20: a number's states (porting: being ported in, routes no call yet). */
export const numberStatuses = ["active", "pending_documents", "aging", "porting"] as const;
export type NumberStatus = (typeof numberStatuses)[number];
/** docs/CONTRACT.md §16: the most numbers one bulk job takes. */
export const MAX_JOB_NUMBERS = 1000;
