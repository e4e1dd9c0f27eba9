// A browser client on another origin, with a token, must be able to do what any other client
// does: its preflight is answered for the headers it sends (If-Match, Idempotency-Key), and it
// may read the headers it needs next (ETag for the next If-Match, Location, Retry-After).
import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";

const ELSEWHERE = "https://client.example";

const listOf = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

describe("CORS for a browser client with a token", () => {
  it.each([
    ["PUT", "/numbers/num_acme_main", ["authorization", "content-type", "if-match"]],
    ["POST", "/order", ["authorization", "content-type", "idempotency-key"]],
    ["POST", "/jobs", ["authorization", "content-type", "idempotency-key", "x-request-id"]],
  ])("the preflight of %s %s allows the headers it needs", async (method, path, needed) => {
    const response = await api("OPTIONS", path, {
      headers: {
        origin: ELSEWHERE,
        "access-control-request-method": method,
        "access-control-request-headers": needed.join(","),
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(listOf(response.headers.get("access-control-allow-methods"))).toContain(method.toLowerCase());
    expect(listOf(response.headers.get("access-control-allow-headers"))).toEqual(
      expect.arrayContaining(needed),
    );
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("reads the ETag of a number and changes it with If-Match, every header it needs exposed", async () => {
    const read = await api<{ data: Record<string, unknown> }>("GET", "/numbers/num_acme_main", {
      token: "acmeAll",
      headers: { origin: ELSEWHERE },
    });
    expect(read.status).toBe(200);
    const etag = read.headers.get("etag") as string;
    expect(etag).toMatch(/^"/);
    expect(listOf(read.headers.get("access-control-expose-headers"))).toContain("etag");

    const changed = await api("PUT", "/numbers/num_acme_main", {
      token: "acmeAll",
      headers: { origin: ELSEWHERE, "if-match": etag },
      body: { ...read.body.data, name: "Changed from another origin" },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(listOf(changed.headers.get("access-control-expose-headers"))).toContain("etag");
  });

  it("exposes Location and Retry-After", async () => {
    const queued = await api("POST", "/jobs", {
      token: "acmeAll",
      headers: { origin: ELSEWHERE, "idempotency-key": "cors-exposes-location" },
      body: { type: "set_tags", number_ids: ["num_acme_main"], params: { add: ["cors"] } },
    });
    expect(queued.status).toBe(202);
    expect(queued.headers.get("location")).toMatch(/^\/api\/v2\/jobs\//);
    const exposed = listOf(queued.headers.get("access-control-expose-headers"));
    expect(exposed).toEqual(expect.arrayContaining(["location", "retry-after", "etag"]));
  });
});
