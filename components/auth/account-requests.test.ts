import { afterEach, describe, expect, it, vi } from "vitest";
import { postAccount } from "@/components/auth/account-requests";

// The account forms call the API through the portal's one fetch client and still read a
// refusal as the field it names and the server's words.

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("postAccount", () => {
  it("posts JSON to /api/v2 with the API's accept header and gives back the answer", async () => {
    const fetch = answer(201, { email: "a@example.com" });
    expect(await postAccount("/signup", { email: "a@example.com" })).toEqual({
      ok: true,
      body: { email: "a@example.com" },
    });
    expect(fetch).toHaveBeenCalledWith("/api/v2/signup", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: '{"email":"a@example.com"}',
      signal: undefined,
      credentials: "same-origin",
    });
  });

  it("reads a refusal as the body field its details name and the server's message", async () => {
    answer(409, {
      message: "Conflict",
      error: { message: "That email is taken.", details: "body.email=a@example.com", code: "email_in_use" },
    });
    expect(await postAccount("/signup", {})).toEqual({
      ok: false,
      refusal: { field: "email", message: "That email is taken." },
    });
  });

  it("says the portal could not be reached when the request never arrives", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(await postAccount("/verification/resend")).toEqual({
      ok: false,
      refusal: {
        field: null,
        message: "The portal could not be reached; check your connection and try again.",
      },
    });
  });
});
