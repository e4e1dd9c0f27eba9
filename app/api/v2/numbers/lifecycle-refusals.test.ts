import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { put, read, release, restore, type One } from "@/app/api/v2/numbers/lifecycle-fixtures";

// DELETE /numbers/{number_id}, lock and restore refused before anything changes (docs/CONTRACT.md
// §16): each refusal with its exact body, and the number as it was.

/** The writable part of a configuration, with a patch. */
const bodyOf = (configuration: NumberConfiguration, patch: Record<string, unknown> = {}) => ({
  name: configuration.name,
  rules: configuration.rules,
  ...patch,
});

describe("DELETE /numbers/{number_id}: refusals change nothing", () => {
  it("answers 428 without If-Match and 412 for a stale one", async () => {
    const { etag } = await read("num_acme_berlin");
    expect((await release("num_acme_berlin", undefined)).status).toBe(428);
    const stale = await release("num_acme_berlin", '"num_acme_berlin.v0"');
    expect(stale.status).toBe(412);
    expect(stale.headers.get("etag")).toBe(etag);
    expect((await read("num_acme_berlin")).configuration.status).toBe("active");
  });

  it("answers 404 for another organization's number, and for an extension", async () => {
    const { etag } = await read("num_globex_hq", "globexAll");
    for (const id of ["num_globex_hq", "num_acme_ext_101"]) {
      const response = await release(id, etag);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(
        errorBody("Not Found", "not_found", `There is no number with number_id ${id}.`, `number_id=${id}`),
      );
    }
    expect((await restore("num_globex_hq")).status).toBe(404);
    expect((await read("num_globex_hq", "globexAll")).configuration.status).toBe("active");
  });

  it("answers 409 number_locked for a locked number, until it is unlocked", async () => {
    const before = await read("num_acme_berlin");
    const locked = await put("num_acme_berlin", bodyOf(before.configuration, { locked: true }), before.etag);
    expect(locked.status).toBe(200);
    expect(locked.body.data.locked).toBe(true);
    const etag = locked.headers.get("etag") as string;
    const refused = await release("num_acme_berlin", etag);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(
      errorBody(
        "Conflict",
        "number_locked",
        `${before.configuration.number} is locked: unlock it (PUT with "locked": false) before releasing it.`,
        "number_id=num_acme_berlin; locked=true",
      ),
    );
    expect((await read("num_acme_berlin")).etag).toBe(etag);
    const unlocked = await put("num_acme_berlin", bodyOf(before.configuration, { locked: false }), etag);
    expect(unlocked.body.data.locked).toBe(false);
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findMany({
      where: { resourceId: "num_acme_berlin" },
      orderBy: { at: "asc" },
    });
    expect(audit.map((entry) => [entry.action, entry.changes])).toEqual([
      ["number.locked", [{ field: "locked", from: false, to: true }]],
      ["number.unlocked", [{ field: "locked", from: true, to: false }]],
    ]);
  });

  it("refuses to lock or unlock for a token without numbers:release", async () => {
    const { configuration, etag } = await read("num_acme_berlin");
    const response = await api("PUT", "/numbers/num_acme_berlin", {
      token: "acmeLacksNumbersRelease",
      body: bodyOf(configuration, { locked: true }),
      headers: { "if-match": etag },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "insufficient_scope",
        "Locking or unlocking a number needs the numbers:release scope.",
        "scope=numbers:release",
      ),
    );
    expect((await read("num_acme_berlin")).etag).toBe(etag);
    // Sending the lock as it is stays a plain change.
    const same = await api<One>("PUT", "/numbers/num_acme_berlin", {
      token: "acmeLacksNumbersRelease",
      body: bodyOf(configuration, { locked: false, tags: ["Berlin"] }),
      headers: { "if-match": etag },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.tags).toEqual(["berlin"]);
  });

  it("answers 401 insufficient_scope for release and restore without numbers:release", async () => {
    const { etag } = await read("num_acme_berlin");
    for (const response of [
      await release("num_acme_berlin", etag, "", "acmeLacksNumbersRelease"),
      await restore("num_acme_berlin", "acmeLacksNumbersRelease"),
    ]) {
      expect(response.status).toBe(401);
      expect((response.body as unknown as { error: { code: string } }).error.code).toBe("insufficient_scope");
    }
  });
});
