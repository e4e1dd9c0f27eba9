import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import {
  FOC,
  MONDAY,
  makeEndUserAndAddress,
  makePortOrder,
  orderBody,
  type PortOrderAnswer,
} from "@/lib/porting/test-orders";

// POST /portability_checks and POST /port_orders (docs/API.md "Port-in"): what can be ported,
// drafts split by losing carrier and country, and every bad input answered with nothing written.

type Check = {
  number: string;
  portable: boolean;
  not_portable_reason: string | null;
  losing_carrier: string | null;
  country: string | null;
  number_type: string | null;
  earliest_foc_date: string | null;
};

let acme: { endUserId: string; addressId: string };
let globex: { endUserId: string; addressId: string };

beforeAll(async () => {
  setRequestClock(() => MONDAY);
  acme = await makeEndUserAndAddress("org_acme");
  globex = await makeEndUserAndAddress("org_globex");
});
afterAll(() => setRequestClock(undefined));

const create = (
  body: unknown,
  token: "acmeAll" | "globexAll" = "acmeAll",
  headers?: Record<string, string>,
) => api<{ data: PortOrderAnswer[] }>("POST", "/port_orders", { token, body, headers });

async function portOrderCount() {
  const prisma = await getPrisma();
  return prisma.portOrder.count();
}

describe("POST /portability_checks", () => {
  it("answers each number: portable with carrier and earliest FOC, or why not", async () => {
    const prisma = await getPrisma();
    const inventory = await prisma.inventoryNumber.findFirstOrThrow({
      where: { countryId: "GB" },
      select: { numberE164: true },
    });
    const open = await makePortOrder("org_globex", { status: "submitted", numbers: ["+442079461120"] });
    expect(open.status).toBe("submitted");
    const numbers = [
      "+442079461010",
      inventory.numberE164,
      "+442079461120",
      "+442079461098",
      "+8613800138010",
    ];
    const response = await api<{ data: Check[] }>("POST", "/portability_checks", {
      token: "acmeAll",
      body: { numbers },
    });
    expect(response.status).toBe(200);
    const place = { country: "GB", number_type: "local" };
    expect(response.body.data).toEqual([
      {
        number: numbers[0],
        portable: true,
        not_portable_reason: null,
        losing_carrier: "Harbour Telecom",
        ...place,
        earliest_foc_date: "2027-01-21",
      },
      {
        number: numbers[1],
        portable: false,
        not_portable_reason: "already_here",
        losing_carrier: expect.any(String),
        country: "GB",
        number_type: expect.any(String),
        earliest_foc_date: null,
      },
      {
        number: numbers[2],
        portable: false,
        not_portable_reason: "port_in_progress",
        losing_carrier: "Harbour Telecom",
        ...place,
        earliest_foc_date: null,
      },
      {
        number: numbers[3],
        portable: false,
        not_portable_reason: "carrier_refused",
        losing_carrier: "Harbour Telecom",
        ...place,
        earliest_foc_date: null,
      },
      {
        number: numbers[4],
        portable: false,
        not_portable_reason: "not_served",
        losing_carrier: expect.any(String),
        country: "CN",
        number_type: "mobile",
        earliest_foc_date: null,
      },
    ]);
  });

  it("refuses a number that is not E.164 with 400", async () => {
    const response = await api("POST", "/portability_checks", {
      token: "acmeAll",
      body: { numbers: ["0207 946 1010"] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: "invalid_parameter" } });
  });
});

describe("POST /port_orders", () => {
  it("creates drafts split by losing carrier and country; the PIN is never answered", async () => {
    const numbers = ["+442079461011", "+441614960011", "+442079461012"];
    const response = await create(orderBody(acme, numbers));
    expect(response.status).toBe(201);
    const orders = response.body.data;
    expect(
      orders.map((order) => [order.losing_carrier.name, order.numbers.map((number) => number.number)]),
    ).toEqual([
      ["Harbour Telecom", ["+442079461011", "+442079461012"]],
      ["Keystone Networks", ["+441614960011"]],
    ]);
    for (const order of orders) {
      expect(order).toMatchObject({
        status: "draft",
        country: "GB",
        number_type: "local",
        requested_foc_date: FOC,
        loa_signed: false,
        version: 1,
        allowed_actions: ["edit", "submit"],
        losing_carrier: { account_number: "ACC-42", authorized_person: "Ada Lovelace", pin_set: true },
      });
      expect(order.numbers.every((number) => number.status === "draft")).toBe(true);
    }
    expect(JSON.stringify(response.body)).not.toContain("9876");
    const prisma = await getPrisma();
    const stored = await prisma.portOrder.findUniqueOrThrow({ where: { id: orders[0].port_order_id } });
    expect(stored.pinCiphertext).not.toContain("9876");
  });

  it("lets two organizations draft the same number (a draft blocks nobody)", async () => {
    expect((await create(orderBody(acme, ["+442079461013"]))).status).toBe(201);
    expect((await create(orderBody(globex, ["+442079461013"]), "globexAll")).status).toBe(201);
  });

  it("replays a repeat with the same Idempotency-Key; another body is 409", async () => {
    const headers = { "Idempotency-Key": "port-once" };
    const first = await create(orderBody(acme, ["+442079461014"]), "acmeAll", headers);
    const before = await portOrderCount();
    const again = await create(orderBody(acme, ["+442079461014"]), "acmeAll", headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await portOrderCount()).toBe(before);
    const other = await create(orderBody(acme, ["+442079461015"]), "acmeAll", headers);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: { code: "idempotency_conflict" } });
  });

  it.each([
    ["a Saturday", "2027-01-23", "not_a_business_day", "2027-01-23 is a Saturday"],
    ["too soon", "2027-01-20", "too_soon", "the earliest allowed is 2027-01-21"],
    ["too far", "2027-02-19", "too_far", "the latest allowed is 2027-02-17"],
  ])(
    "refuses an FOC date %s: 400 foc_date_not_allowed naming the rule and the field",
    async (_, date, rule, words) => {
      const before = await portOrderCount();
      const response = await create(orderBody(acme, ["+442079461016"], { requested_foc_date: date }));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: {
          code: "foc_date_not_allowed",
          details: `body.requested_foc_date=${date}, rule=${rule}, earliest=2027-01-21, latest=2027-02-17`,
        },
      });
      expect((response.body as unknown as { error: { message: string } }).error.message).toContain(words);
      expect(await portOrderCount()).toBe(before);
    },
  );

  it("refuses a number already here (409 already_here) or in another open port (409 port_in_progress)", async () => {
    const prisma = await getPrisma();
    const inventory = await prisma.inventoryNumber.findFirstOrThrow({ where: { countryId: "GB" } });
    const before = await portOrderCount();
    const here = await create(orderBody(acme, [inventory.numberE164]));
    expect(here.status).toBe(409);
    expect(here.body).toEqual(
      errorBody(
        "Conflict",
        "already_here",
        `This number cannot be ported in: ${inventory.numberE164} (already_here). Nothing was created.`,
        `body.numbers=${inventory.numberE164}: already_here`,
      ),
    );
    await makePortOrder("org_globex", { status: "submitted", numbers: ["+442079461017"] });
    const withOpen = await portOrderCount();
    const open = await create(orderBody(acme, ["+442079461017"]));
    expect(open.status).toBe(409);
    expect(open.body).toMatchObject({
      error: { code: "port_in_progress", details: "body.numbers=+442079461017: port_in_progress" },
    });
    const mixed = await create(orderBody(acme, ["+442079461017", "+442079461099", "+442079461018"]));
    expect(mixed.status).toBe(409);
    expect(mixed.body).toMatchObject({
      error: {
        code: "not_portable",
        details: "body.numbers=+442079461017: port_in_progress; body.numbers=+442079461099: carrier_refused",
      },
    });
    expect(before + 1).toBe(withOpen);
    expect(await portOrderCount()).toBe(withOpen);
  });

  it("answers 404 for an end user or address of another organization", async () => {
    const before = await portOrderCount();
    const endUser = await create(orderBody({ ...acme, endUserId: globex.endUserId }, ["+442079461019"]));
    expect(endUser.status).toBe(404);
    expect(endUser.body).toMatchObject({
      error: { code: "not_found", details: `end_user_id=${globex.endUserId}` },
    });
    const address = await create(orderBody({ ...acme, addressId: globex.addressId }, ["+442079461019"]));
    expect(address.status).toBe(404);
    expect(address.body).toMatchObject({
      error: { code: "not_found", details: `address_id=${globex.addressId}` },
    });
    expect(await portOrderCount()).toBe(before);
  });

  it("checks the initial configuration as PUT /numbers/{id} does (400 invalid_configuration)", async () => {
    const response = await create(orderBody(acme, ["+442079461020"], { configuration: { rules: "none" } }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: "invalid_configuration" } });
  });

  it("is not for a viewer (porting:write): 401 role_forbidden", async () => {
    const response = await api("POST", "/port_orders", {
      token: "acmeViewerAll",
      body: orderBody(acme, ["+442079461021"]),
    });
    expect(response.status).toBe(401);
  });
});
