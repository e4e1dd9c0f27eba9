import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { demoToken } from "./helpers";

// CORS in a real browser: a page served from another origin (a static server on loopback,
// started here) calls the API with a bearer token, as a customer's own web app would. Chromium
// sends the preflights and enforces the answers, so this fails if the API stops allowing
// If-Match or Idempotency-Key, or stops exposing ETag or Location to the page's script.

let site: Server;
let siteOrigin = "";

test.beforeAll(async () => {
  site = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><html lang=en><title>Another site</title><p>A customer's own web app</p>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve, reject) => site.close((error) => (error ? reject(error) : resolve())));
});

test("a page on another origin reads a configuration, changes it with If-Match and queues a job, by bearer token", async ({
  page,
  request,
  baseURL,
}) => {
  const token = demoToken();
  // A configuration of this test's own, so no other spec's number changes name.
  const extension = String(Date.now()).slice(-7);
  const created = await request.post("/api/v2/extensions", {
    headers: { authorization: `Bearer ${token}` },
    data: { extension, name: `CORS ${extension}`, rules: [] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data: configuration } = (await created.json()) as { data: { number_id: string } };

  await page.goto(`${siteOrigin}/`);
  const api = new URL("/api/v2", baseURL).href;
  expect(new URL(api).origin).not.toBe(new URL(page.url()).origin);

  const numberId = configuration.number_id;
  const changed = await page.evaluate(
    async ({ api, token, numberId, extension }) => {
      const auth = { Authorization: `Bearer ${token}` };
      const read = await fetch(`${api}/numbers/${numberId}`, { headers: auth });
      const etag = read.headers.get("ETag") ?? "";
      const { data } = (await read.json()) as { data: { rules: unknown[] } };
      const put = await fetch(`${api}/numbers/${numberId}`, {
        method: "PUT",
        headers: {
          ...auth,
          "Content-Type": "application/json",
          "If-Match": etag,
          "Idempotency-Key": `cors-put-${extension}`,
        },
        body: JSON.stringify({ name: `CORS ${extension} renamed`, rules: data.rules }),
      });
      const { data: written } = (await put.json()) as { data: { name: string } };
      return {
        read: { status: read.status, etag },
        put: { status: put.status, etag: put.headers.get("ETag"), name: written.name },
      };
    },
    { api, token, numberId, extension },
  );
  const etag = /^(W\/)?"[^"]+"$/;
  expect(changed.read).toEqual({ status: 200, etag: expect.stringMatching(etag) });
  expect(changed.put).toEqual({
    status: 200,
    etag: expect.stringMatching(etag),
    name: `CORS ${extension} renamed`,
  });
  expect(changed.put.etag).not.toBe(changed.read.etag);
  // What the page changed is what the API stored, under the ETag the page read back.
  const stored = await request.get(`/api/v2/numbers/${numberId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(stored.headers().etag).toBe(changed.put.etag);
  expect(((await stored.json()) as { data: { name: string } }).data.name).toBe(`CORS ${extension} renamed`);

  // A queued job answers 202 with Location: the page reads it, and where it points is the job.
  // Jobs take numbers, not extensions: a demo number loses a tag it never had (nothing changes).
  const queued = await page.evaluate(
    async ({ api, token, extension }) => {
      const job = await fetch(`${api}/jobs`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          "Idempotency-Key": `cors-job-${extension}`,
        },
        body: JSON.stringify({
          type: "set_tags",
          number_ids: ["num_acme_main"],
          params: { remove: [`cors-never-set-${extension}`] },
        }),
      });
      const { data } = (await job.json()) as { data: { job_id: string } };
      return { status: job.status, location: job.headers.get("Location"), id: data.job_id };
    },
    { api, token, extension },
  );
  expect(queued.status).toBe(202);
  expect(queued.location).toMatch(new RegExp(`/api/v2/jobs/${queued.id}$`));
});
