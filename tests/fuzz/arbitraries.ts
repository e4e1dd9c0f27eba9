// fast-check arbitraries for requests to /api/v2: for each route of the registry, well-formed
// requests that reach the domain code and fuzzed ones built from tests/fuzz/values.ts, now
// and then with another method; and stray paths made of known and random segments.
import fc from "fast-check";
import type { z } from "zod";
import { endpoints, methods, splitKey, type EndpointKey } from "@/lib/api/registry";
import {
  anyText,
  authArbitrary,
  contentTypes,
  encodeSafely,
  extraHeaders,
  nasty,
  paramSamples,
  queryString,
  queryValues,
  segment,
  type Auth,
  type FuzzRequest,
  type FuzzSamples,
} from "@/tests/fuzz/values";
import { bodyArbitrary } from "@/tests/fuzz/bodies";

export type { FuzzRequest, FuzzSamples } from "@/tests/fuzz/values";

// ---------------------------------------------------------------- well-formed requests

// Requests a careful client would send, so that fuzzing reaches the domain code too: real
// parameters, known query parameters, valid credentials, orders that may succeed, collide on
// a sold number (409) or replay an Idempotency-Key.
const validParams: Record<string, string[]> = {
  country: ["GB", "US", "DE", "gb", "FR"],
  number_type: ["local", "mobile", "toll_free", "national"],
  region: ["GB-ENG-LONDON-20", "US-NY-NEW_YORK-212", "GB-MOBILE-7", "US-TOLL_FREE-800"],
  extension: ["101", "102", "300", "4400"],
};

function wellFormedQuery(schema: z.ZodType | undefined, samples: FuzzSamples): fc.Arbitrary<string> {
  const known = Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
  if (known.length === 0) return fc.constant("");
  const pair = fc.constantFrom(...known).chain((name) => {
    const values = queryValues(name, samples).slice(0, 3);
    return values.length === 0
      ? fc.constant("")
      : fc.constantFrom(...values).map((value) => `${name}=${encodeURIComponent(value)}`);
  });
  return fc
    .uniqueArray(pair, { maxLength: 2, selector: (entry) => entry.split("=")[0] })
    .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.filter(Boolean).join("&")}`));
}

function wellFormedOrder(samples: FuzzSamples): fc.Arbitrary<unknown> {
  const named = fc
    .constantFrom(...samples.availableNumbers, ...samples.soldNumbers.slice(0, 3))
    .map((number) => ({ number_e164: number }));
  const geography = fc.oneof(
    fc.integer({ min: 1, max: 4 }).map((quantity) => ({ country: "GB", number_type: "mobile", quantity })),
    fc
      .integer({ min: 1, max: 4 })
      .map((quantity) => ({ country: "GB", number_type: "local", region: "GB-ENG-LONDON-20", quantity })),
    fc.integer({ min: 1, max: 3 }).map((quantity) => ({ country: "US", number_type: "toll_free", quantity })),
  );
  return fc.record({
    contact_name: fc.constantFrom("Fuzz Buyer", "Ünïcödé Büyer 😀"),
    reference_number: fc.option(fc.constantFrom("PO-1", "€-42"), { nil: undefined }),
    items: fc.array(fc.oneof(named, geography), { minLength: 1, maxLength: 3 }),
  });
}

function wellFormedRequests(key: EndpointKey, samples: FuzzSamples): fc.Arbitrary<FuzzRequest> {
  const { method, path } = splitKey(key);
  const definition = endpoints[key];
  const pieces = path.split(/(\{[^}]+\})/).filter((piece) => piece !== "");
  const segmentFor = (name: string) =>
    fc.constantFrom(...(validParams[name] ?? paramSamples(name, samples))).map(encodeSafely);
  const pathArbitrary = fc
    .tuple(
      ...pieces.map((piece) => (piece.startsWith("{") ? segmentFor(piece.slice(1, -1)) : fc.constant(piece))),
    )
    .map((parts) => parts.join(""));
  const auth = authArbitrary(samples).filter(
    (candidate) => candidate.principal !== "none" || candidate.header === undefined,
  );
  const body =
    key === "POST /order"
      ? wellFormedOrder(samples)
      : key === "POST /tokens"
        ? fc.constant({ name: "fuzz", scopes: ["reference:read"] })
        : key === "POST /webhooks"
          ? fc.constant({ url: "https://93.184.216.34/fuzz", events: ["order.created"] })
          : fc.constant(undefined);
  const idempotency = fc.option(fc.constantFrom("fuzz-1", "fuzz-2", "fuzz-3"));
  return fc
    .record({
      path: pathArbitrary,
      query: wellFormedQuery("query" in definition ? definition.query : undefined, samples),
      auth,
      body,
      idempotency,
    })
    .map(({ path: built, query, auth: chosen, body: value, idempotency: key }) => {
      const extra: Array<[string, string]> = [["origin", "http://localhost:3000"]];
      if (key !== null) extra.push(["idempotency-key", key]);
      const text = value === undefined ? null : JSON.stringify(value);
      return toRequest(
        method,
        `${built}${query}`,
        chosen,
        text === null ? null : "application/json",
        extra,
        text,
      );
    });
}

// ---------------------------------------------------------------- requests

const otherMethods = [...methods, "OPTIONS"];

/** Requests aimed at one route of the registry (now and then with another method). */
export function routeRequests(key: EndpointKey, samples: FuzzSamples): fc.Arbitrary<FuzzRequest> {
  const { method, path } = splitKey(key);
  const definition = endpoints[key];
  const pieces = path.split(/(\{[^}]+\})/).filter((piece) => piece !== "");
  const pathArbitrary = fc
    .tuple(
      ...pieces.map((piece) =>
        piece.startsWith("{") ? segment(piece.slice(1, -1), samples) : fc.constant(piece),
      ),
    )
    .map((parts) => parts.join(""));
  const query = queryString("query" in definition ? definition.query : undefined, samples);
  const methodArbitrary = fc.oneof(
    { weight: 9, arbitrary: fc.constant<string>(method) },
    { weight: 1, arbitrary: fc.constantFrom(...otherMethods) },
  );
  const fuzzed = fc
    .record({
      method: methodArbitrary,
      path: pathArbitrary,
      query,
      auth: authArbitrary(samples),
      contentType: fc.option(contentTypes, { freq: 8 }),
      extra: extraHeaders(),
      body: fc.option(bodyArbitrary(key, samples), { freq: 6 }),
    })
    .map(({ method: chosen, path: built, query: search, auth, contentType, extra, body }) =>
      toRequest(chosen, `${built}${search}`, auth, contentType, extra, body),
    );
  return fc.oneof(
    { weight: 2, arbitrary: wellFormedRequests(key, samples) },
    { weight: 3, arbitrary: fuzzed },
  );
}

/** Requests to paths that may or may not exist, built from known and random segments. */
export function strayRequests(samples: FuzzSamples): fc.Arbitrary<FuzzRequest> {
  const words = [
    ...new Set(
      Object.keys(endpoints)
        .flatMap((key) => splitKey(key).path.split("/"))
        .filter((part) => part !== "" && !part.startsWith("{")),
    ),
  ];
  const part = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...words) },
    { weight: 1, arbitrary: anyText.map(encodeSafely) },
    { weight: 1, arbitrary: fc.constantFrom(...nasty) },
  );
  return fc
    .record({
      method: fc.constantFrom(...otherMethods),
      parts: fc.array(part, { maxLength: 6 }),
      trailingSlash: fc.boolean(),
      query: queryString(undefined, samples),
      auth: authArbitrary(samples),
      contentType: fc.option(contentTypes),
      extra: extraHeaders(),
      body: fc.option(bodyArbitrary("", samples)),
    })
    .map(({ method, parts, trailingSlash, query, auth, contentType, extra, body }) =>
      toRequest(
        method,
        `/${parts.join("/")}${trailingSlash ? "/" : ""}${query}`,
        auth,
        contentType,
        extra,
        body,
      ),
    );
}

function toRequest(
  method: string,
  path: string,
  auth: Auth,
  contentType: string | null,
  extra: Array<[string, string]>,
  body: string | Uint8Array<ArrayBuffer> | null,
): FuzzRequest {
  const headers: Array<[string, string]> = [];
  if (auth.header !== undefined) headers.push(["authorization", auth.header]);
  if (auth.cookie !== undefined) headers.push(["cookie", auth.cookie]);
  if (contentType !== null) headers.push(["content-type", contentType]);
  headers.push(...extra);
  // GET and HEAD cannot carry a body (fetch refuses to build such a request).
  const sendsBody = body !== null && method !== "GET" && method !== "HEAD";
  return { method, path, headers, body: sendsBody ? body : undefined, principal: auth.principal };
}
