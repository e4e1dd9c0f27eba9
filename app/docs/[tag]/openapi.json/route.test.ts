import { describe, expect, it } from "vitest";
import { GET } from "@/app/docs/[tag]/openapi.json/route";

// GET /docs/<tag>/openapi.json: what /docs's request client loads for one tag.
const get = (tag: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost/docs/${tag}/openapi.json`, { headers }), {
    params: Promise.resolve({ tag }),
  });

describe("a tag's OpenAPI document", () => {
  it("answers the tag's operations as JSON, with an ETag, revalidated on each use", async () => {
    const response = await get("reference-data");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const document = (await response.json()) as {
      tags: Array<{ name: string }>;
      paths: Record<string, unknown>;
    };
    expect(document.tags.map((tag) => tag.name)).toEqual(["Reference data"]);
    expect(Object.keys(document.paths)).toContain("/countries");
    expect(Object.keys(document.paths)).not.toContain("/order");
  });

  it("answers 304 without a body when the client has this version", async () => {
    const etag = (await get("orders")).headers.get("etag")!;
    const again = await get("orders", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await get("orders", { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("answers 404 for a tag the API does not have", async () => {
    const response = await get("no-such-tag");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No such tag in the API reference." });
  });
});
