import { describe, expect, it } from "vitest";
import { notFound } from "@/lib/errors";

describe("notFound", () => {
  it.each([
    ["bundle", "bnd_1", "No bundle bnd_1.", "bundle_id=bnd_1"],
    ["end user", "eu_1", "No end user eu_1.", "end_user_id=eu_1"],
    ["document", "doc_1", "No document doc_1.", "document_id=doc_1"],
    ["order", "ORD-1", "There is no order ORD-1.", "reference_id=ORD-1"],
    ["number", "num_1", "There is no number with number_id num_1.", "number_id=num_1"],
    ["webhook endpoint", "wh_1", "There is no webhook endpoint wh_1.", "webhook_id=wh_1"],
  ] as const)(
    "%s %s → 404 not_found with the old words and the id's parameter",
    (kind, id, message, details) => {
      const error = notFound(kind, id);
      expect(error.status).toBe(404);
      expect(error.toBody()).toEqual({
        message: "Not Found",
        error: { message, details, code: "not_found" },
      });
    },
  );
});
