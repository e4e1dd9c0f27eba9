import { invalidBody, notFound, roleForbidden } from "@/tests/authz/matrix/checks";
import type { Expectation } from "@/tests/authz/matrix/types";

// Compliance (docs/CONTRACT.md §17): credential rows only. Whose end users, addresses, documents
// and bundles a route shows is tested beside it (app/api/v2/…, lib/compliance/*.test.ts).

/** What an Acme owner's request past the credentials answers. */
export const complianceCredentialRoutes: Readonly<Record<string, Expectation>> = {
  // Compliance (docs/CONTRACT.md §17).
  "GET /requirements/{country}/{number_type}": { status: 200 },
  "GET /end_users": { status: 200 },
  "POST /end_users": invalidBody,
  "GET /end_users/{end_user_id}": notFound,
  "PATCH /end_users/{end_user_id}": notFound,
  "GET /addresses": { status: 200 },
  "POST /addresses": invalidBody,
  "GET /addresses/{address_id}": notFound,
  "PATCH /addresses/{address_id}": notFound,
  "GET /documents": { status: 200 },
  "POST /documents": { status: 415, code: "unsupported_media_type" },
  "GET /documents/{document_id}/file": notFound,
  "GET /documents/{document_id}": notFound,
  "DELETE /documents/{document_id}": notFound,
  "GET /bundles": { status: 200 },
  "POST /bundles": invalidBody,
  "GET /bundles/{bundle_id}": notFound,
  "PATCH /bundles/{bundle_id}": notFound,
  "POST /bundles/{bundle_id}/evaluate": notFound,
  "POST /bundles/{bundle_id}/submit": notFound,
  // Support only (docs/CONTRACT.md §17); a refused role is 401 role_forbidden (§15).
  "POST /bundles/{bundle_id}/approve": roleForbidden,
  "POST /bundles/{bundle_id}/reject": invalidBody,
};
