import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { newConfigurationId, newId } from "@/lib/ids";
import { decryptAccountPin, encryptAccountPin } from "@/lib/porting/account-pin";

// The port-in tables' invariants, held by the database itself (docs/CONTRACT.md §20): a number is
// pending in one open port at most, across organizations; a number being ported in has a
// configuration with no inventory number; the account PIN is stored only encrypted.

async function makeOrder(organizationId: string) {
  const prisma = await getPrisma();
  const endUser = await prisma.endUser.create({
    data: { id: newId("endUser"), organizationId, type: "business", name: "Port Test Ltd" },
  });
  const address = await prisma.complianceAddress.create({
    data: {
      id: newId("address"),
      organizationId,
      street: "1 Test Street",
      city: "London",
      postalCode: "EC1A 1AA",
      countryId: "GB",
    },
  });
  const id = newId("portOrder");
  return prisma.portOrder.create({
    data: {
      id,
      organizationId,
      country: "GB",
      losingCarrier: "Harbour Telecom",
      numberType: "local",
      endUserId: endUser.id,
      addressId: address.id,
      accountNumber: "ACC-1",
      pinCiphertext: encryptAccountPin("4321", id),
      authorizedPerson: "Ada Lovelace",
      requestedFocDate: new Date("2027-02-03"),
      createdBy: "usr_acme_customer",
    },
  });
}

async function addNumber(
  order: { id: string; organizationId: string },
  numberE164: string,
  status = "pending" as const,
) {
  const prisma = await getPrisma();
  return prisma.portOrderNumber.create({
    data: {
      id: newId("portOrderNumber"),
      portOrderId: order.id,
      organizationId: order.organizationId,
      numberE164,
      status,
    },
  });
}

describe("the port-in tables", () => {
  it("keep a number pending in one open port at most, whichever organization asks", async () => {
    const prisma = await getPrisma();
    const acme = await makeOrder("org_acme");
    const globex = await makeOrder("org_globex");
    await addNumber(acme, "+442079461001");
    await expect(addNumber(globex, "+442079461001")).rejects.toMatchObject({ code: "P2002" });
    await expect(addNumber(acme, "+442079461001")).rejects.toMatchObject({ code: "P2002" });
    // Once the first port is over for it, another order may hold it pending.
    await prisma.portOrderNumber.updateMany({
      where: { portOrderId: acme.id, numberE164: "+442079461001" },
      data: { status: "failed", failureReason: "test" },
    });
    await addNumber(globex, "+442079461001");
    // Closed rows do not count: a number may have failed or been cancelled in many orders.
    const other = await makeOrder("org_acme");
    await prisma.portOrderNumber.create({
      data: {
        id: newId("portOrderNumber"),
        portOrderId: other.id,
        organizationId: "org_acme",
        numberE164: "+442079461001",
        status: "cancelled",
      },
    });
    const rows = await prisma.portOrderNumber.findMany({
      where: { numberE164: "+442079461001" },
      orderBy: { status: "asc" },
    });
    expect(rows.map((row) => row.status)).toEqual(["pending", "failed", "cancelled"]);
  });

  it("give a number being ported in a configuration of its own, with no inventory number", async () => {
    const prisma = await getPrisma();
    const order = await makeOrder("org_acme");
    const configuration = await prisma.numberConfiguration.create({
      data: {
        id: newConfigurationId(),
        organizationId: "org_acme",
        kind: "number",
        number: "+442079461002",
        name: "Porting in",
        status: "porting",
        portOrderId: order.id,
      },
    });
    const line = await addNumber(order, "+442079461002");
    await prisma.portOrderNumber.update({
      where: { id: line.id },
      data: { numberConfigurationId: configuration.id },
    });
    expect(configuration.inventoryNumberId).toBeNull();
    // The configuration going (a withdrawn port) leaves the order's line, unlinked.
    await prisma.numberConfiguration.delete({ where: { id: configuration.id } });
    expect(
      (await prisma.portOrderNumber.findUniqueOrThrow({ where: { id: line.id } })).numberConfigurationId,
    ).toBeNull();
    // Deleting a draft takes its numbers and timeline with it.
    await prisma.portOrderEvent.create({
      data: {
        id: newId("portOrderEvent"),
        portOrderId: order.id,
        organizationId: "org_acme",
        kind: "comment",
        actorKind: "member",
        actorId: "usr_acme_customer",
        body: "Please port on a Tuesday.",
      },
    });
    await prisma.portOrder.delete({ where: { id: order.id } });
    expect(await prisma.portOrderNumber.count({ where: { portOrderId: order.id } })).toBe(0);
    expect(await prisma.portOrderEvent.count({ where: { portOrderId: order.id } })).toBe(0);
  });

  it("store the account PIN encrypted, readable only with its own order's id", async () => {
    const order = await makeOrder("org_acme");
    expect(order.pinCiphertext).not.toContain("4321");
    expect(decryptAccountPin(order.pinCiphertext ?? "", order.id)).toBe("4321");
    expect(() => decryptAccountPin(order.pinCiphertext ?? "", newId("portOrder"))).toThrow();
  });

  it("have the document types a port keeps: the signed LOA and a recent bill", async () => {
    const prisma = await getPrisma();
    const types = await prisma.documentType.findMany({
      where: { id: { in: ["signed_loa", "bill"] } },
      orderBy: { id: "asc" },
    });
    expect(types.map((type) => [type.id, type.name])).toEqual([
      ["bill", "Recent bill"],
      ["signed_loa", "Signed letter of authorization"],
    ]);
  });
});
