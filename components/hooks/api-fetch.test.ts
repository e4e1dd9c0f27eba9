import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClientError, apiFetch } from "@/components/hooks/api-fetch";

// An error box said "The server answered 503." even when the answer said why.

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: string | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(body, { status, headers: body ? { "content-type": "application/json" } : {} }),
    ),
  );
}

async function failure(): Promise<ApiClientError> {
  const error = await apiFetch("/tokens").catch((caught: unknown) => caught);
  if (!(error instanceof ApiClientError)) throw new Error(`expected an ApiClientError, got ${String(error)}`);
  return error;
}

const contract = {
  message: "Service Unavailable",
  error: {
    message: "The service cannot reach its database just now; retry shortly.",
    details: "request_id=r1",
    code: "service_unavailable",
  },
};

describe("apiFetch's error in words", () => {
  it.each([
    ["the API's error body", 503, JSON.stringify(contract), contract.error.message, "service_unavailable"],
    [
      "a body with error.message only",
      503,
      JSON.stringify({ message: "Service Unavailable", error: { message: "Back in two minutes." } }),
      "Back in two minutes.",
      null,
    ],
    [
      "a bare status phrase",
      503,
      JSON.stringify({ message: "Service Unavailable" }),
      "The service is unavailable for a moment. Try again shortly.",
      null,
    ],
    ["no body", 503, null, "The service is unavailable for a moment. Try again shortly.", null],
    ["a gateway's HTML", 502, null, "The service is unavailable for a moment. Try again shortly.", null],
    ["a timeout", 504, null, "The server took too long to answer. Try again.", null],
    ["too many requests", 429, null, "Too many requests at once. Wait a moment and try again.", null],
    [
      "a fault",
      500,
      null,
      "Something went wrong on our side. Try again; if it keeps happening, contact support.",
      null,
    ],
    [
      "an empty message",
      400,
      JSON.stringify({ error: { message: " " } }),
      "The request was refused (400).",
      null,
    ],
  ])("%s → its message", async (_, status, body, message, code) => {
    answer(status, body);
    const error = await failure();
    expect([error.status, error.message, error.code]).toEqual([status, message, code]);
  });

  it("a lost connection says so", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await failure();
    expect([error.status, error.message]).toEqual([
      0,
      "The server could not be reached. Check your connection and try again.",
    ]);
  });
});
