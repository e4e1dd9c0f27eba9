// Every route authenticates before it validates, so a caller without the
// right credentials learns nothing from validation details. Walks the whole registry: each
// endpoint that needs a token or a session, called anonymously (and, for session-only ones,
// with an API token) with a bad path, a bad query and a bad body, answers 401, never 400.
import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { endpoints, splitKey, type EndpointDefinition } from "@/lib/api/registry";

const BAD_BODY = { unexpected: "field", numbers: "not a list", name: "", lines: 7, rules: "x" };

const guarded = Object.entries(endpoints as Record<string, EndpointDefinition>)
  .filter(([, definition]) => definition.scope !== null || definition.auth === "session")
  .filter(([, definition]) => definition.badge !== "draft" && definition.badge !== "coming_soon")
  .map(([key, definition]) => {
    const { method, path } = splitKey(key);
    // Every path parameter gets a value no schema accepts (a three-letter country, a bad id…).
    const badPath = path.replace(/\{[^}]+\}/g, "%20%20");
    return {
      key,
      method,
      badPath,
      hasBody: definition.body !== undefined,
      session: definition.auth === "session",
    };
  });

describe("authentication comes before validation, on every route", () => {
  it("covers the registry's guarded endpoints", () => {
    expect(guarded.length).toBeGreaterThan(20);
    expect(guarded.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(["POST /tokens", "PUT /cart", "PUT /numbers/{number_id}", "POST /order"]),
    );
  });

  it.each(guarded)(
    "$key, anonymous, bad path, query and body → 401 unauthorized",
    async ({ method, badPath, hasBody }) => {
      const response = await api(method, `${badPath}?limit=-1&unknown=1`, {
        body: hasBody || method !== "GET" ? BAD_BODY : undefined,
      });
      expect(response.status).toBe(401);
      expect((response.body as { error: { code: string } }).error.code).toBe("unauthorized");
    },
  );

  it.each(guarded.filter((entry) => entry.session))(
    "$key, with an API token and a bad body → 401 naming the session it needs",
    async ({ method, badPath, hasBody }) => {
      const response = await api(method, `${badPath}?limit=-1`, {
        token: "acmeAll",
        body: hasBody ? BAD_BODY : undefined,
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        message: "Unauthorized",
        error: {
          message: "Only a person signed in to the portal can call this endpoint; an API token cannot.",
          details: "principal=token",
          code: "unauthorized",
        },
      });
    },
  );
});
