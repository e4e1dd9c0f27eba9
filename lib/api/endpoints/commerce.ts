// Inventory search, products and orders (contract §5–7).
export const commerceEndpoints = {};
