import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { measureQueues } from "@/lib/worker/queue-metrics";

// What a scrape reports of each queue the worker drains: its depth, and how long its oldest
// due item has waited. Password reset requests are a queue too: the request only writes a row,
// and the worker acts on it, so a stopped worker shows as this age growing.

const NOW = new Date("2026-11-28T12:00:00.000Z");

describe("measureQueues", () => {
  it("names each queue once, and counts the password reset requests and their oldest age", async () => {
    const prisma = await getPrisma();
    const before = await measureQueues(NOW);
    expect(before.map((row) => row.queue)).toEqual([
      "webhook_deliveries",
      "emails",
      "jobs",
      "password_resets",
    ]);
    expect(before.find((row) => row.queue === "password_resets")).toEqual({
      queue: "password_resets",
      depth: 0,
      oldest_age_seconds: 0,
    });

    await prisma.passwordResetRequest.createMany({
      data: [
        { id: "prr_a", email: "a@example.com", ip: null, requestedAt: new Date(NOW.getTime() - 30_000) },
        { id: "prr_b", email: "b@example.com", ip: null, requestedAt: new Date(NOW.getTime() - 5_000) },
      ],
    });
    const after = await measureQueues(NOW);
    expect(after.find((row) => row.queue === "password_resets")).toEqual({
      queue: "password_resets",
      depth: 2,
      oldest_age_seconds: 30,
    });
  });
});
