import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import createClient from "openapi-fetch";
import type { paths } from "@/lib/api/client/generated/schema";
import { renderApiTypes } from "@/lib/api/client/render-types";
import { dispatch } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";

// A client generated from the OpenAPI document, used unchanged against the real handlers:
// if the document described the API wrongly, these calls would not type-check or would fail.
// JSON answers only: GET /numbers and GET /audit-events also answer text/csv when asked.
const client = createClient<paths, "application/json">({
  baseUrl: "http://localhost/api/v2",
  headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
  fetch: (request) => dispatch(request),
});

describe("the generated client types", () => {
  it("are up to date with the document (npm run api:types)", async () => {
    const committed = readFileSync(
      path.join(process.cwd(), "lib", "api", "client", "generated", "schema.d.ts"),
      "utf8",
    );
    expect(committed).toBe(await renderApiTypes());
  });
});

describe("a typed client generated from the document", () => {
  it("reads reference data", async () => {
    const { data, error, response } = await client.GET("/countries");
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.some((country) => country.id === "GB" && country.english_name === "United Kingdom")).toBe(
      true,
    );
  });

  it("searches, buys and reads back an order", async () => {
    const search = await client.GET("/inventory/{country}/{number_type}", {
      params: { path: { country: "GB", number_type: "local" }, query: { limit: 2, sms_enabled: "true" } },
    });
    expect(search.response.status).toBe(200);
    expect(search.response.headers.get("x-total-count")).toMatch(/^\d+$/);
    const numbers = search.data ?? [];
    expect(numbers).toHaveLength(2);
    for (const number of numbers) expect(number.capabilities.sms).toBe(true);

    const placed = await client.POST("/order", {
      body: { contact_name: "Typed Client", items: [{ number_e164: numbers[0].number_e164 }] },
      params: { header: { "Idempotency-Key": "typed-client-1" } },
    });
    expect(placed.response.status).toBe(200);
    const referenceId = placed.data?.data.reference_id ?? "";
    expect(referenceId).toMatch(/^ORD-[A-Z2-7]{10}$/);

    const order = await client.GET("/orders/{reference_id}", {
      params: { path: { reference_id: referenceId } },
    });
    expect(order.data?.data.status).toBe("completed");
    expect(order.data?.data.items[0].assigned_numbers).toEqual([numbers[0].number_e164]);

    const again = await client.POST("/order", {
      body: { contact_name: "Typed Client", items: [{ number_e164: numbers[0].number_e164 }] },
    });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe("number_unavailable");
  });

  it("finds the bought number's configuration by number", async () => {
    const list = await client.GET("/numbers", { params: { query: { name: "Main line" } } });
    expect(list.response.status).toBe(200);
    const main = list.data?.data[0];
    expect(main?.name).toBe("Main line");
    const byNumber = await client.GET("/numbers", { params: { query: { number: main?.number } } });
    expect(byNumber.data?.data.map((configuration) => configuration.number_id)).toEqual([main?.number_id]);
  });

  it("gets typed errors", async () => {
    const { error, response } = await client.GET("/regions/{country}", {
      params: { path: { country: "ZZ" } },
    });
    expect(response.status).toBe(400);
    expect(error?.error.code).toBe("unknown_country");
  });
});
