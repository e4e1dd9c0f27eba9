import { describe, expect, expectTypeOf, it } from "vitest";
import type { handleEndpoint } from "@/lib/api/route";
import { requireScope, resolvePrincipal } from "@/lib/auth/principal";
import { resolveSessionPrincipal } from "@/lib/auth/session";
import { systemWriter, type Principal, type SystemWriter } from "@/lib/auth/types";
import { getPrisma } from "@/lib/db/client";
import { releaseStored } from "@/lib/numbers/lifecycle";
import { configurationInclude } from "@/lib/numbers/to-api";
import type { Writer } from "@/lib/numbers/change-configuration";

// The system writer of background work: what no request can be (checked by the type checker,
// which runs over the tests), and what a sweep's release writes with it.

/** The principal every API handler is given (lib/api/route.ts), whatever its endpoint. */
type HandlerPrincipal = Parameters<Parameters<typeof handleEndpoint>[2]>[0]["principal"];

describe("the system writer cannot come from a request", () => {
  it("is no kind of principal the wrapper resolves or hands a handler", () => {
    expectTypeOf<Principal["kind"]>().toEqualTypeOf<"token" | "session">();
    expectTypeOf<SystemWriter>().not.toExtend<Principal>();
    expectTypeOf(resolvePrincipal).returns.resolves.toEqualTypeOf<Principal | null>();
    expectTypeOf(resolveSessionPrincipal).returns.resolves.toEqualTypeOf<Principal | null>();
    expectTypeOf(requireScope).returns.toEqualTypeOf<Principal>();
    expectTypeOf<HandlerPrincipal>().toExtend<Principal | null>();
    expectTypeOf<Extract<HandlerPrincipal, { kind: "system" }>>().toBeNever();
    // Nor is it a writer an endpoint passes on: it has no role to check.
    expectTypeOf<SystemWriter>().not.toExtend<Writer>();
    expect(systemWriter("org_acme")).toEqual({
      kind: "system",
      organizationId: "org_acme",
      userId: null,
      tokenId: null,
    });
  });
});

describe("a release written by the system", () => {
  // Locked, and waiting for documents: the state the documents deadline releases from.
  const lockedNumber = async (id: string) => {
    const prisma = await getPrisma();
    await prisma.numberConfiguration.update({
      where: { id },
      data: { locked: true, status: "pending_documents", documentsDue: new Date("2031-05-01T00:00:00.000Z") },
    });
    return prisma.numberConfiguration.findUniqueOrThrow({ where: { id }, include: configurationInclude });
  };

  it("releases a locked number, named as the system in the history and the audit log", async () => {
    const prisma = await getPrisma();
    const row = await lockedNumber("num_acme_berlin");
    const now = new Date("2031-05-01T12:00:00.000Z");
    const written = await releaseStored(systemWriter("org_acme"), row, { force: true, now });
    expect(written.configuration).toMatchObject({
      number_id: "num_acme_berlin",
      status: "aging",
      locked: true,
    });
    const stored = await prisma.configurationChange.findFirstOrThrow({
      where: { configurationId: "num_acme_berlin" },
      orderBy: { id: "desc" },
    });
    expect([
      stored.kind,
      stored.actorUserId,
      stored.actorTokenId,
      stored.actorName,
      stored.actorRole,
    ]).toEqual(["released", null, null, "system", "system"]);
    const audits = await prisma.auditEvent.findMany({
      where: { resourceId: "num_acme_berlin", action: "number.released" },
    });
    expect(
      audits.map((entry) => [entry.actorType, entry.actorId, entry.actorName, entry.ip, entry.at]),
    ).toEqual([["system", null, "system", null, now]]);
  });

  it("while a person's release of a locked number is refused", async () => {
    const row = await lockedNumber("num_acme_manchester");
    const owner: Writer = {
      kind: "session",
      organizationId: "org_acme",
      role: "owner",
      userId: "usr_acme_customer",
      tokenId: null,
    };
    await expect(releaseStored(owner, row, { force: true })).rejects.toMatchObject({ code: "number_locked" });
  });
});
