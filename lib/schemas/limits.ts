// Contract limits as plain numbers, apart from the zod schemas that enforce them, so the
// browser can show them (cart quantities, page sizes) without loading zod and every schema.
// orders.ts and inventory.ts re-export them: server code imports them from there as before.

/** Contract §7. */
export const ORDER_LIMITS = {
  maxItems: 100,
  maxNumbers: 500,
  maxQuantity: 100,
  maxContactName: 200,
  maxReference: 100,
} as const;

/** Contract §5: GET /inventory paging. */
export const INVENTORY_PAGE = { defaultLimit: 50, maxLimit: 1000, maxOffset: 100_000 } as const;

/** Contract §8: GET /numbers paging. */
export const NUMBER_PAGE = { defaultLimit: 100, maxLimit: 1000, maxOffset: 100_000 } as const;

/** Contract §5 and §8: digits a `contains` search takes. */
export const CONTAINS_MAX_DIGITS = 15;
