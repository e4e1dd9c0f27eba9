import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { getPrisma } from "@/lib/db/client";

const conflict = () =>
  new Prisma.PrismaClientKnownRequestError("write conflict or deadlock", {
    code: "P2034",
    clientVersion: "test",
  });

describe("inRetryingTransaction", () => {
  it("runs the work again after a write conflict (P2034), and keeps only the last run's writes", async () => {
    let attempts = 0;
    const result = await inRetryingTransaction(async (tx) => {
      attempts++;
      await tx.organization.create({ data: { id: `org_retry_${attempts}`, name: "Retry" } });
      if (attempts < 3) throw conflict();
      return "done";
    });
    expect([result, attempts]).toEqual(["done", 3]);
    const prisma = await getPrisma();
    expect((await prisma.organization.findMany({ where: { name: "Retry" } })).map((org) => org.id)).toEqual([
      "org_retry_3",
    ]);
  });

  it("gives up after five attempts", async () => {
    let attempts = 0;
    await expect(
      inRetryingTransaction(async () => {
        attempts++;
        throw conflict();
      }),
    ).rejects.toMatchObject({ code: "P2034" });
    expect(attempts).toBe(5);
  });

  it("does not retry other errors", async () => {
    let attempts = 0;
    const unique = new Prisma.PrismaClientKnownRequestError("unique", {
      code: "P2002",
      clientVersion: "test",
    });
    await expect(
      inRetryingTransaction(async () => {
        attempts++;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(attempts).toBe(1);
  });
});
