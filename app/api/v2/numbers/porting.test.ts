import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { newConfigurationId, newId } from "@/lib/ids";
import { returnReleasedNumbers } from "@/lib/orders/return-released";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// A number being ported in (docs/CONTRACT.md §20), through the numbers API: it is listed (with
// its port order and FOC) and can be configured and previewed, but routes no call, and a
// release, a restore or a lock change is 409 port_in_progress that changes nothing. The port
// order's own writers are tested with them; the rows are made here as they make them: an order
// with a confirmed FOC, and a configuration with status porting and no inventory number.

type One = { data: NumberConfiguration };
type Many = { data: NumberConfiguration[] };
const NUMBER = "+442079461020";
const FOC_AT = "2027-02-03T10:00:00.000Z";
let numberId = "";
let portOrderId = "";

/** A port order of Acme's, FOC confirmed, as the port order's writers leave it. */
async function makePortOrder(): Promise<string> {
  const prisma = await getPrisma();
  const endUser = await prisma.endUser.create({
    data: { id: newId("endUser"), organizationId: "org_acme", type: "business", name: "Port Test Ltd" },
  });
  const address = await prisma.complianceAddress.create({
    data: {
      id: newId("address"),
      organizationId: "org_acme",
      street: "1 Test Street",
      city: "London",
      postalCode: "EC1A 1AA",
      countryId: "GB",
    },
  });
  const order = await prisma.portOrder.create({
    data: {
      id: newId("portOrder"),
      organizationId: "org_acme",
      status: "foc_confirmed",
      country: "GB",
      losingCarrier: "Harbour Telecom",
      numberType: "mobile",
      endUserId: endUser.id,
      addressId: address.id,
      accountNumber: "ACC-1",
      authorizedPerson: "Ada Lovelace",
      requestedFocDate: new Date("2027-02-03"),
      focAt: new Date(FOC_AT),
      createdBy: "usr_acme_customer",
    },
  });
  return order.id;
}

const read = async () => {
  const response = await get<One>(`/numbers/${numberId}`, { token: "acmeAll" });
  return { configuration: response.body.data, etag: response.headers.get("etag") as string };
};

beforeAll(async () => {
  const prisma = await getPrisma();
  numberId = newConfigurationId();
  portOrderId = await makePortOrder();
  await prisma.numberConfiguration.create({
    data: {
      id: numberId,
      organizationId: "org_acme",
      kind: "number",
      number: NUMBER,
      name: "Porting in",
      status: "porting",
      portOrderId,
    },
  });
});

describe("a number being ported in", () => {
  it("is listed by default, as porting, with its port order and FOC, its type the order's", async () => {
    const listed = await get<Many>("/numbers?limit=1000", { token: "acmeAll" });
    const row = listed.body.data.find((number) => number.number_id === numberId);
    expect(row).toMatchObject({
      number: NUMBER,
      status: "porting",
      restorable_until: null,
      documents_due: null,
      port_order_id: portOrderId,
      porting_foc_at: FOC_AT,
      port_out_pin_set: false,
      country_code: "44",
      number_type: "mobile",
      region: null,
    });
    expect((await read()).configuration).toEqual(row);
  });

  it("answers porting_foc_at null until the carrier confirms a FOC", async () => {
    const prisma = await getPrisma();
    await prisma.portOrder.update({ where: { id: portOrderId }, data: { status: "submitted", focAt: null } });
    expect((await read()).configuration.porting_foc_at).toBe(null);
    await prisma.portOrder.update({
      where: { id: portOrderId },
      data: { status: "foc_confirmed", focAt: new Date(FOC_AT) },
    });
    expect((await read()).configuration.porting_foc_at).toBe(FOC_AT);
  });

  it.each([
    ["status=porting", true],
    ["status=active", false],
    ["number_type=mobile&country=GB", true],
    ["number_type=local", false],
    ["country=DE", false],
  ])("is found by the filters: %s → %s", async (filter, found) => {
    const listed = await get<Many>(`/numbers?limit=1000&${filter}`, { token: "acmeAll" });
    expect(listed.status).toBe(200);
    expect(listed.body.data.some((number) => number.number_id === numberId)).toBe(found);
  });

  it("can be configured, and its preview says no call is routed until the port completes", async () => {
    const { configuration, etag } = await read();
    const changed = await api<One>("PUT", `/numbers/${numberId}`, {
      token: "acmeAll",
      body: { name: "Sales line (porting)", rules: configuration.rules },
      headers: { "if-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: "Sales line (porting)", status: "porting" });
    const active = await get<{ data: { rule: unknown; reason: string } }>(
      `/numbers/${numberId}/active_rule`,
      {
        token: "acmeAll",
      },
    );
    expect(active.status).toBe(200);
    expect(active.body.data.rule).toBe(null);
    expect(active.body.data.reason).toBe(
      "No rule applies: the number is being ported in (porting), so no call to it is routed until its port order completes; its rules take effect from then.",
    );
  });

  it("cannot be released or restored: 409 port_in_progress, and nothing changes", async () => {
    const before = await read();
    const conflict = errorBody(
      "Conflict",
      "port_in_progress",
      `${NUMBER} is being ported in: it cannot be released or restored until its port order completes; cancel the port order instead.`,
      `number_id=${numberId}; status=porting; port_order_id=${portOrderId}`,
    );
    const released = await api("DELETE", `/numbers/${numberId}?force=true`, {
      token: "acmeAll",
      headers: { "if-match": before.etag },
    });
    expect(released.status).toBe(409);
    expect(released.body).toEqual(conflict);
    const restored = await api("POST", `/numbers/${numberId}/restore`, { token: "acmeAll" });
    expect(restored.status).toBe(409);
    expect(restored.body).toEqual(conflict);
    expect(await read()).toEqual(before);
  });

  it("cannot be locked or unlocked: 409 port_in_progress, and nothing changes", async () => {
    const before = await read();
    const locked = await api("PUT", `/numbers/${numberId}`, {
      token: "acmeAll",
      body: { name: before.configuration.name, rules: before.configuration.rules, locked: true },
      headers: { "if-match": before.etag },
    });
    expect(locked.status).toBe(409);
    expect(locked.body).toEqual(
      errorBody(
        "Conflict",
        "port_in_progress",
        `${NUMBER} is being ported in: it cannot be locked or unlocked until its port order completes.`,
        `number_id=${numberId}; status=porting; port_order_id=${portOrderId}`,
      ),
    );
    expect(await read()).toEqual(before);
  });
});

describe("a ported-in number whose release window ends", () => {
  it("goes back to its carrier: the configuration is deleted and nothing goes on sale", async () => {
    const prisma = await getPrisma();
    const id = newConfigurationId();
    const e164 = "+442079461021";
    const until = new Date("2030-01-15T00:00:00.000Z");
    await prisma.numberConfiguration.create({
      data: {
        id,
        organizationId: "org_acme",
        kind: "number",
        number: e164,
        name: "Ported and released",
        status: "aging",
        restorableUntil: until,
        portOrderId,
      },
    });
    const forSale = await prisma.inventoryNumber.count({ where: { status: "available" } });
    expect((await returnReleasedNumbers(new Date(until.getTime() - 1))).returned).toBe(0);
    expect(await returnReleasedNumbers(until)).toEqual({
      returned: 1,
      filled: { assignedNumbers: 0, orders: [] },
    });
    expect(await prisma.numberConfiguration.count({ where: { id } })).toBe(0);
    expect(await prisma.inventoryNumber.count({ where: { numberE164: e164 } })).toBe(0);
    expect(await prisma.inventoryNumber.count({ where: { status: "available" } })).toBe(forSale);
    const audit = await prisma.auditEvent.findMany({ where: { resourceId: id } });
    expect(audit.map((entry) => [entry.action, entry.actorType, entry.changes])).toEqual([
      ["number.returned_to_carrier", "system", [{ field: "status", from: "aging", to: null }]],
    ]);
    const late = await api("POST", `/numbers/${id}/restore`, { token: "acmeAll" });
    expect(late.status).toBe(409);
    expect(late.body).toEqual(
      errorBody(
        "Conflict",
        "restore_window_over",
        `The number could be restored until ${until.toISOString()}; it has gone back to the carrier it was ported in from, and can only be ported in again.`,
        `number_id=${id}; restorable_until=${until.toISOString()}`,
      ),
    );
  });
});
