// GET /api/v2/products/{country} – products and prices of a country
import "server-only";
import { route } from "@/lib/api/route";
import { listProducts } from "@/lib/products/list-products";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/products/{country}", {
  GET: ({ params }) => listProducts({ country: params.country }),
});
