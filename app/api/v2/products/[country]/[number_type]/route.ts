// GET /api/v2/products/{country}/{number_type} – products and prices of a country and number type
import "server-only";
import { route } from "@/lib/api/route";
import { listProducts } from "@/lib/products/list-products";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/products/{country}/{number_type}", {
  GET: ({ params }) => listProducts({ country: params.country, numberType: params.number_type }),
});
