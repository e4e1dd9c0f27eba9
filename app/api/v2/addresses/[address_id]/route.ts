// GET /api/v2/addresses/{address_id} – one; PATCH – change it
import "server-only";
import { route } from "@/lib/api/route";
import { getAddressOrThrow, updateAddress } from "@/lib/compliance/addresses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/addresses/{address_id}", {
  GET: async ({ principal, params }) => ({ data: await getAddressOrThrow(principal, params.address_id) }),
  PATCH: async ({ principal, params, body }) => ({
    data: await updateAddress(principal.organizationId, params.address_id, body),
  }),
});
