import { invalidBody, notFound, roleForbidden } from "@/tests/authz/matrix/checks";
import type { Expectation } from "@/tests/authz/matrix/types";

// Port-in, the port desk and the LOA: credential rows only.

/** What an Acme owner's request past the credentials answers. */
export const portingCredentialRoutes: Readonly<Record<string, Expectation>> = {
  // Port-in (docs/API.md "Port-in"): porting:read checks and reads, porting:write (owner, admin,
  // billing) changes. No port order by this id; another organization's order is 404 as one that
  // does not exist (lib/porting/*.test.ts).
  "POST /portability_checks": invalidBody,
  "GET /port_orders": { status: 200 },
  "POST /port_orders": invalidBody,
  "GET /port_orders/{port_order_id}": notFound,
  "PATCH /port_orders/{port_order_id}": notFound,
  "DELETE /port_orders/{port_order_id}": notFound,
  "POST /port_orders/{port_order_id}/actions/submit": notFound,
  "POST /port_orders/{port_order_id}/actions/resubmit": notFound,
  "POST /port_orders/{port_order_id}/actions/cancel": notFound,
  "POST /port_orders/{port_order_id}/foc_change_requests": invalidBody,
  "GET /port_orders/{port_order_id}/comments": notFound,
  "POST /port_orders/{port_order_id}/comments": invalidBody,
  "GET /port_orders/{port_order_id}/events": notFound,
  // Support's port desk (docs/API.md "The port desk"): a customer is refused before the order is
  // looked up; the desk's own answers are tested in lib/porting/port-desk.test.ts.
  "POST /port_orders/{port_order_id}/carrier_actions": roleForbidden,
  // The LOA of a port order (docs/API.md "LOA"): no order by this id, no link by this token;
  // whose order a letter shows is tested in app/api/v2/loa_signatures/loa-signatures.test.ts.
  "GET /port_orders/{port_order_id}/loa": notFound,
  "POST /port_orders/{port_order_id}/loa/signature_requests": invalidBody,
  "GET /loa_signatures/{token}": notFound,
  "GET /loa_signatures/{token}/pdf": notFound,
  "POST /loa_signatures/{token}": invalidBody,
};
