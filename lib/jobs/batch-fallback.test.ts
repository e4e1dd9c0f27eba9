import { describe, expect, it, vi } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { createJob } from "@/lib/jobs/jobs";
import { runDueJobs } from "@/lib/jobs/run-jobs";
import { scopes } from "@/lib/schemas/scopes";
import type { Principal } from "@/lib/auth/types";

// A batch whose statements fail as a whole (not a number's refusal, which is an item's outcome)
// is rolled back, and its numbers are then done one at a time, as before batches: the job
// still completes, each number changed once, rather than the batch failing again at every claim.

let failBatches = 0;
vi.mock("@/lib/numbers/bulk-changes", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/numbers/bulk-changes")>();
  return {
    ...original,
    replaceConfigurations: async (...args: Parameters<typeof original.replaceConfigurations>) => {
      // The batch's writes are made, then the transaction fails: nothing of them may stay.
      const outcomes = await original.replaceConfigurations(...args);
      if (failBatches > 0) {
        failBatches--;
        throw new Error("the batch's statement failed");
      }
      return outcomes;
    },
  };
});

const owner: Principal = {
  kind: "session",
  id: "usr_acme_customer",
  organizationId: "org_acme",
  role: "owner",
  scopes,
  userId: "usr_acme_customer",
  tokenId: null,
};
const ACME = ["num_acme_main", "num_acme_manchester", "num_acme_on_call"];

describe("a batch that fails as a whole", () => {
  it("is undone, and its numbers are done one at a time, each once", async () => {
    const prisma = await getPrisma();
    const versions = await prisma.numberConfiguration.findMany({
      where: { id: { in: ACME } },
      select: { id: true, version: true },
      orderBy: { id: "asc" },
    });
    const { job } = await createJob(
      owner,
      { type: "set_tags", number_ids: ACME, params: { add: ["fell-back"] } },
      undefined,
    );
    failBatches = 1;
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      expect(await runDueJobs({ now: () => new Date(), leaseMs: 60_000 })).toBe(ACME.length);
    } finally {
      log.mockRestore();
    }
    expect(failBatches).toBe(0);
    const done = await prisma.job.findUniqueOrThrow({ where: { id: job.job_id }, include: { items: true } });
    expect([done.status, done.items.map((item) => item.status)]).toEqual([
      "completed",
      ACME.map(() => "succeeded"),
    ]);
    const after = await prisma.numberConfiguration.findMany({
      where: { id: { in: ACME } },
      select: { id: true, version: true, tags: true },
      orderBy: { id: "asc" },
    });
    expect(after).toEqual(
      versions.map(({ id, version }) => ({ id, version: version + 1, tags: ["fell-back"] })),
    );
    const history = await prisma.configurationChange.groupBy({
      by: ["configurationId"],
      where: { configurationId: { in: ACME } },
      _count: true,
    });
    expect(history.map((row) => row._count)).toEqual(ACME.map(() => 1));
  });
});
