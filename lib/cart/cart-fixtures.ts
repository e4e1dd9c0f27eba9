// Shared by lib/cart's tests: two products of a London line, a named London number and a
// Manchester geography, as cart lines hold them.
import type { CartProduct } from "@/lib/cart/cart";

export const basic: CartProduct = {
  id: "7",
  name: "Local Basic",
  currency: "GBP",
  monthly_fee: "1.00",
  setup_fee: "0",
  estimated_lead_time: "1 day",
};
export const plus: CartProduct = {
  id: "8",
  name: "Local Plus",
  currency: "GBP",
  monthly_fee: "2.50",
  setup_fee: "5.00",
  estimated_lead_time: "1 day",
};
export const named = (number: string) => ({
  number_e164: number,
  country: "GB",
  number_type: "local",
  region: "GB-ENG-LONDON-20",
  region_name: "London (020)",
});
export const manchester = {
  country: "GB",
  number_type: "local",
  region: "GB-ENG-MANCHESTER-161",
  region_name: "Manchester (0161)",
};
