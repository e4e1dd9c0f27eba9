import { beforeAll, describe, expect, it } from "vitest";
import { dispatch, get } from "@/tests/api-client";
import { testTokens, type TestTokenName } from "@/tests/fixtures";
import { readText, statementsOf } from "@/tests/statements";
import { getDatabase, getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { exportNumbersCsv } from "@/lib/numbers/export-csv";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// The numbers' CSV export reads its pages in SQL (lib/numbers/search-sql.ts) while GET /numbers
// reads through Prisma (numberSearchWhere): every filter and sort must pick the same rows in the
// same order. And a page is one statement, whatever its size: the export of 1,000 numbers costs
// what the export of 10 does, and only smaller pages cost more (one statement each).

async function listed(query: string, token: TestTokenName = "acmeAll"): Promise<string[]> {
  const response = await get<{ data: NumberConfiguration[] }>(`/numbers?limit=1000&${query}`, { token });
  expect(response.status).toBe(200);
  return response.body.data.map((row) => row.number);
}

async function exported(query: string, token: TestTokenName = "acmeAll"): Promise<string[]> {
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v2/numbers?format=csv&${query}`, {
      headers: { authorization: `Bearer ${testTokens[token].secret}` },
    }),
  );
  expect(response.status).toBe(200);
  return (await response.text())
    .split("\r\n")
    .slice(1, -1)
    .map((line) => line.split(",")[0]);
}

/** An organization of `count` numbers bought on one order (so each has a fee), every tenth with a rule. */
async function seedFleet(organizationId: string, prefix: string, count: number): Promise<void> {
  const { sql } = await getDatabase();
  await sql.exec(`
    INSERT INTO organization (id, name) VALUES ('${organizationId}', 'Fleet ${count}');
    WITH placed AS (
      INSERT INTO "order" (reference_id, organization_id, contact_name, status)
      VALUES ('ORD-${organizationId.toUpperCase().replace(/_/g, "")}', '${organizationId}', 'Test', 'completed') RETURNING id)
    INSERT INTO order_item (order_id, position, kind, country_id, number_type_id, region_id, product_id, quantity,
                            currency, monthly_fee, setup_fee, estimated_lead_time)
    SELECT placed.id, 1, 'geography', 'GB', 'local', 'GB-ENG-LONDON-20', (SELECT min(id) FROM product), ${count},
           'EUR', 1.25, 0, 'immediate' FROM placed;
    INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id, status,
      sms_enabled, voice_enabled, standard_capacity, geographic_restrictions, mobile_accessible,
      outside_country_display, portable, sold_at, order_item_id)
    SELECT '${prefix}' || lpad(g::text, 6, '0'), '7' || lpad(g::text, 9, '0'), 'GB', 'local', 'GB-ENG-LONDON-20',
           'sold', true, true, '', '', '', '', '', now(),
           (SELECT i.id FROM order_item i JOIN "order" o ON o.id = i.order_id WHERE o.organization_id = '${organizationId}')
      FROM generate_series(1, ${count}) g;
    INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id, tags)
    SELECT 'num_' || n.id, '${organizationId}', 'number', n.number_e164, 'Line ' || n.id, n.id, ARRAY['fleet']
      FROM inventory_number n WHERE n.number_e164 LIKE '${prefix}%';
    INSERT INTO rule (configuration_id, name, priority, action_type, destination)
    SELECT c.id, 'Forward', 1, 'dial', '+442079460000'
      FROM number_configuration c WHERE c.organization_id = '${organizationId}' AND right(c.number, 1) = '0';
  `);
}

describe("GET /numbers?format=csv picks the rows GET /numbers lists", () => {
  // Placeholders for the seed's numbers, which the template draws from its inventory.
  const values = new Map<string, string>();
  const fill = (query: string) => query.replace(/\{(\w+)\}/g, (_, key: string) => values.get(key) ?? "");

  beforeAll(async () => {
    const prisma = await getPrisma();
    const main = (await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: "num_acme_main" } }))
      .number;
    values.set("main", encodeURIComponent(main));
    values.set("mainAndPorted", encodeURIComponent(`${main},+33612345678`));
    values.set("last4", main.slice(-4));
    // The UK's trunk prefix and the start of the national number: matched through the trunk.
    values.set("trunk", `0${main.slice(3, 7)}`);
    // A number ported in (no inventory number: its country and type are its port order's),
    // tags to filter by, and an aging number that only status lists.
    const endUser = await prisma.endUser.create({
      data: { id: newId("endUser"), organizationId: "org_acme", type: "business", name: "Port Ltd" },
    });
    const address = await prisma.complianceAddress.create({
      data: {
        id: newId("address"),
        organizationId: "org_acme",
        street: "1 Test Street",
        city: "Paris",
        postalCode: "75001",
        countryId: "FR",
      },
    });
    const portOrder = await prisma.portOrder.create({
      data: {
        id: newId("portOrder"),
        organizationId: "org_acme",
        country: "FR",
        losingCarrier: "Harbour Telecom",
        numberType: "mobile",
        endUserId: endUser.id,
        addressId: address.id,
        accountNumber: "ACC-1",
        authorizedPerson: "Ada Lovelace",
        requestedFocDate: new Date("2027-02-03"),
        createdBy: "usr_acme_customer",
      },
    });
    await prisma.numberConfiguration.create({
      data: {
        id: "num_acme_ported",
        organizationId: "org_acme",
        kind: "number",
        number: "+33612345678",
        name: "Ported 50%_off",
        status: "active",
        portOrderId: portOrder.id,
        tags: ["ported", "sales"],
      },
    });
    await prisma.numberConfiguration.update({
      where: { id: "num_acme_main" },
      data: { tags: ["sales", "emea"] },
    });
    await prisma.numberConfiguration.update({
      where: { id: "num_acme_berlin" },
      data: { status: "aging", restorableUntil: new Date("2030-01-01T00:00:00Z") },
    });
  });

  it.each([
    "",
    "tag=sales",
    "tag=sales,emea",
    "tag=nobody",
    "status=aging",
    "status=aging,active,porting,pending_documents",
    "country=GB",
    "country=FR",
    "country=DE&status=aging",
    "number_type=mobile",
    "number_type=local&country=GB",
    "region=GB-ENG-MANCHESTER-161",
    "name=office",
    "name=50%25_",
    "name=_",
    "contains={last4}",
    "contains={trunk}",
    "contains=10",
    "contains=6123",
    "number={main}",
    "numbers={mainAndPorted}",
    "number_id=num_acme_ported",
    "order=ORD-OCCHO6HESU",
    "order=ord-occho6hesu",
    "sort=name",
    "sort=purchased_at",
    "sort=-purchased_at&country=GB",
  ])("?%s", async (template) => {
    const query = fill(template);
    const numbers = await listed(query);
    expect(await exported(query)).toEqual(numbers);
  });

  it.each([
    "",
    "organization_id=org_acme",
    "organization_id=org_globex&sort=name",
    "organization_id=org_nobody",
  ])("support, ?%s", async (query) => {
    expect(await exported(query, "support")).toEqual(await listed(query, "support"));
  });

  it("shows a ported number's country, type and fee from its port order", async () => {
    const response = await dispatch(
      new Request("http://localhost:3000/api/v2/numbers?format=csv&number_id=num_acme_ported", {
        headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
      }),
    );
    const [, line] = (await response.text()).split("\r\n");
    const prisma = await getPrisma();
    const [product] = await prisma.$queryRaw<{ monthly_minor: bigint }[]>`
      SELECT monthly_minor FROM port_product('FR', 'mobile')`;
    const fee = product === undefined ? "" : (Number(product.monthly_minor) / 100).toFixed(2);
    expect(line).toMatch(
      new RegExp(`^\\+33612345678,Ported 50%_off,active,FR,mobile,,ported sales,\\S+,${fee},0$`),
    );
  });
});

describe("GET /numbers?format=csv statements", () => {
  const viewer = (organizationId: string) => ({ organizationId, role: "owner" as const });
  const exportOf = async (organizationId: string, pageSize?: number) =>
    readText(await exportNumbersCsv(viewer(organizationId), {}, pageSize));

  beforeAll(async () => {
    await seedFleet("org_fleet_ten", "+447100", 10);
    await seedFleet("org_fleet_thousand", "+447200", 1_000);
  });

  it("reads 10 numbers and 1,000 numbers in one statement each (a page of 5,000)", async () => {
    await exportOf("org_fleet_ten");
    let text = "";
    expect(await statementsOf(async () => (text = await exportOf("org_fleet_ten")))).toBe(1);
    expect(text.split("\r\n")).toHaveLength(12);
    expect(await statementsOf(async () => (text = await exportOf("org_fleet_thousand")))).toBe(1);
    const lines = text.split("\r\n");
    expect(lines).toHaveLength(1_002);
    // Every row has its fee and rule count from the same statement.
    expect(lines[1]).toMatch(/^\+447200000001,Line \d+,active,GB,local,GB-ENG-LONDON-20,fleet,\S+Z,1\.25,0$/);
    expect(lines[10]).toMatch(/,1\.25,1$/);
  });

  it("reads a statement per page of smaller pages: floor(N / size) + 1, the last one short", async () => {
    expect(await statementsOf(() => exportOf("org_fleet_ten", 100))).toBe(1);
    expect(await statementsOf(() => exportOf("org_fleet_thousand", 100))).toBe(11);
    expect(await statementsOf(() => exportOf("org_fleet_thousand", 300))).toBe(4);
    expect(await exportOf("org_fleet_thousand", 300)).toBe(await exportOf("org_fleet_thousand"));
  });
});
