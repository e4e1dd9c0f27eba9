// GET /api/v2/products/{country}/{number_type}/{region} – products and prices of one region
import "server-only";
import { route } from "@/lib/api/route";
import { listProducts } from "@/lib/products/list-products";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  "/products/{country}/{number_type}/{region}",
  {
    GET: ({ params }) =>
      listProducts({ country: params.country, numberType: params.number_type, region: params.region }),
  },
);
