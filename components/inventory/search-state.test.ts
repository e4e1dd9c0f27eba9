import { describe, expect, it } from "vitest";
import { refusedFilter } from "@/components/inventory/search-state";
import { ApiClientError } from "@/lib/hooks/api-fetch";

const answer = (status: number, details: string) =>
  new ApiClientError(status, { message: "m", error: { code: "invalid_parameter", message: "m", details } });

describe("refusedFilter: the filter a refused search names, so the form can mark it", () => {
  it.each([
    [answer(400, "query.region=nope"), { param: "region", value: "nope" }],
    [answer(400, "path.country=XX"), { param: "country", value: "XX" }],
    [answer(400, "path.number_type=landline"), { param: "number_type", value: "landline" }],
    [answer(400, "query.exclude_documents.1=passport"), { param: "exclude_documents", value: "passport" }],
    [answer(400, "query.contains="), { param: "contains", value: "" }],
    // Not a filter's fault: asking again may help, so no field is marked.
    [answer(503, "query.region=nope"), null],
    [answer(400, "body.contact_name="), null],
    [answer(400, ""), null],
    [new ApiClientError(0, null), null],
    [new Error("x"), null],
    [null, null],
  ])("%#", (error, refused) => {
    expect(refusedFilter(error)).toEqual(refused);
  });
});
