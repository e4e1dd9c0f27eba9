import { describe, expect, it } from "vitest";
import { fieldErrors } from "@/components/webhooks/form-errors";
import type { ErrorCode } from "@/lib/errors";
import { ApiClientError } from "@/lib/hooks/api-fetch";

const refusal = (status: number, message: string, details: string, code: ErrorCode = "invalid_parameter") =>
  new ApiClientError(status, { message: "Bad Request", error: { message, details, code } });

describe("fieldErrors", () => {
  it("puts a refused address beside the URL field, in the form's words", () => {
    expect(
      fieldErrors(
        refusal(400, "url is not allowed: 10.0.0.1 is a private address.", "body.url=http://10.0.0.1/hook"),
        "x",
      ),
    ).toEqual({ url: "This address is not allowed: 10.0.0.1 is a private address." });
  });

  it("names the events and the description as the form does", () => {
    expect(
      fieldErrors(refusal(400, "events must not repeat a type", "body.events.1=order.created"), "x"),
    ).toEqual({ events: "The events must not repeat a type" });
    expect(
      fieldErrors(refusal(400, "description must be at most 200 characters", "body.description=…"), "x"),
    ).toEqual({ description: "The description must be at most 200 characters" });
  });

  it("keeps a message that does not start with the field's name, capitalised", () => {
    expect(fieldErrors(refusal(400, "only https addresses are accepted", "body.url=http://a"), "x")).toEqual({
      url: "Only https addresses are accepted",
    });
  });

  it("shows anything else above the button", () => {
    // Only a 400 is about the form's fields, even when its details name one.
    expect(fieldErrors(refusal(404, "url not found", "body.url=x", "not_found"), "gone")).toEqual({
      form: "gone",
    });
    expect(fieldErrors(refusal(400, "unknown body parameter: x", "body.x"), "unknown")).toEqual({
      form: "unknown",
    });
    expect(fieldErrors(new ApiClientError(0, null), "offline")).toEqual({ form: "offline" });
    expect(fieldErrors(new Error("boom"), "boom")).toEqual({ form: "boom" });
  });
});
