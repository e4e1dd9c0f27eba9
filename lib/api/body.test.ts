import { describe, expect, it } from "vitest";
import { readJsonBody } from "@/lib/api/body";
import { ApiError, ClientAbortedError } from "@/lib/errors";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/v2/order", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

/** A body sent in chunks without Content-Length, as a chunked request arrives. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 16_384));
      offset += 16_384;
    },
  });
}

const big = JSON.stringify({ contact_name: "x".repeat(78_000), items: [] });

async function refusal(request: Request): Promise<ApiError> {
  const error = await readJsonBody(request).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("readJsonBody", () => {
  it("reads a JSON body", async () => {
    await expect(readJsonBody(post('{"a":[1,null]}'))).resolves.toEqual({ a: [1, null] });
  });

  it("refuses a declared Content-Length over 64 KiB before reading", async () => {
    const error = await refusal(post(big, { "content-length": String(big.length) }));
    expect([error.code, error.message, error.details]).toEqual([
      "payload_too_large",
      "The body must be at most 65536 bytes.",
      `body.bytes=${big.length}`,
    ]);
  });

  it("refuses a chunked body once it passes 64 KiB", async () => {
    const request = new Request("http://localhost/api/v2/order", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunked(big),
      duplex: "half",
    } as RequestInit);
    const error = await refusal(request);
    expect(error.code).toBe("payload_too_large");
    expect(Number(/^body\.bytes=(\d+)$/.exec(error.details ?? "")?.[1])).toBeGreaterThan(65_536);
  });

  it("reads a body cut off mid-way (the client gone, or stalled and dropped) as a client abort, not a fault", async () => {
    let sent = false;
    const cut = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"contact_name": "'));
      },
    });
    const request = new Request("http://localhost/api/v2/order", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: cut,
      duplex: "half",
    } as RequestInit);
    const error = await readJsonBody(request).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ClientAbortedError);
    expect((error as Error).cause).toMatchObject({ code: "ECONNRESET" });
  });
});
