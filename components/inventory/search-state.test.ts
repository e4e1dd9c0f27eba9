import { describe, expect, it } from "vitest";
import { refusedFilter } from "@/components/inventory/search-state";
import { ApiClientError } from "@/components/hooks/api-fetch";

const answer = (status: number, details: string, message = "m") =>
  new ApiClientError(status, { message: "m", error: { code: "invalid_parameter", message, details } });

describe("refusedFilter: the filter a refused search names, so the form can mark it", () => {
  it.each([
    [answer(400, "query.region=nope"), { param: "region", value: "nope" }],
    [answer(400, "path.country=XX"), { param: "country", value: "XX" }],
    [answer(400, "path.number_type=landline"), { param: "number_type", value: "landline" }],
    [answer(400, "query.exclude_documents.1=passport"), { param: "exclude_documents", value: "passport" }],
    [answer(400, "query.contains="), { param: "contains", value: "" }],
    // A refusal the form could not foresee keeps the API's words.
    [
      answer(
        400,
        "query.starts_with=+1212",
        "starts_with +1212 cannot match: numbers of United Kingdom all start with +44",
      ),
      {
        param: "starts_with",
        value: "+1212",
        reason: "starts_with +1212 cannot match: numbers of United Kingdom all start with +44",
      },
    ],
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
