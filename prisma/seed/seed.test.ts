// Seeds a database of its own (not the shared test template) to check what seeding makes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapPglite, type Database } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { openPglite } from "@/lib/db/pglite";
import { isValidForType, parseE164, type NumberTypeId } from "@/lib/reference/phone";
import { verifyPassword } from "@/lib/auth/passwords";
import { resolveDemoNumbers } from "@/prisma/seed/demo";
import { DEFAULT_DEMO_PASSWORD, demoExtensions, demoOwnedNumbers, demoUsers } from "@/prisma/seed/fixtures";
import { seedDatabase, type SeedResult } from "@/prisma/seed/seed";

const NUMBERS = 3_000;
let db: Database;
let first: SeedResult;
let second: SeedResult;

beforeAll(async () => {
  db = wrapPglite(await openPglite("memory://"));
  await applyMigrations(db.sql);
  first = await seedDatabase(db, { numbers: NUMBERS, log: () => {} });
  second = await seedDatabase(db, { numbers: NUMBERS, log: () => {} });
});

afterAll(() => db.close());

describe("seedDatabase", () => {
  it("seeds the reference data and exactly the inventory asked for", () => {
    expect(first.countries).toBeGreaterThanOrEqual(12);
    expect(first.numberTypes).toBe(4);
    expect(first.documentTypes).toBeGreaterThanOrEqual(5);
    expect(first.inventoryNumbers).toBe(NUMBERS);
    expect(first.inventoryAdded).toBe(NUMBERS);
    expect(first.soldNumbers).toBe(demoOwnedNumbers.length);
    expect(first.orders).toBe(demoOwnedNumbers.length);
    expect(first.organizations).toBe(3);
    expect(first.users).toBe(7);
    expect(first.configurations).toBe(demoOwnedNumbers.length + demoExtensions.length);
  });

  it("changes nothing when run again", () => {
    expect(second).toEqual({ ...first, inventoryAdded: 0 });
  });

  it("puts back reference rows that drifted from the data modules", async () => {
    const london = { regionId: "GB-ENG-LONDON-20", name: "Local Basic" };
    await db.prisma.product.updateMany({ where: london, data: { monthlyFee: "9.99" } });
    await db.prisma.region.update({ where: { id: "GB-ENG-LONDON-20" }, data: { name: "Londres" } });
    await db.prisma.productDocument.deleteMany({
      where: { product: { regionId: "DE-BE-BERLIN-30" }, documentTypeId: "local_address" },
    });
    expect(await seedDatabase(db, { numbers: NUMBERS, log: () => {} })).toEqual({
      ...first,
      inventoryAdded: 0,
    });
    expect((await db.prisma.product.findFirstOrThrow({ where: london })).monthlyFee.toFixed(2)).toBe("1.00");
    expect((await db.prisma.region.findUniqueOrThrow({ where: { id: "GB-ENG-LONDON-20" } })).name).toBe(
      "London (020)",
    );
    expect(
      await db.prisma.productDocument.count({
        where: { product: { regionId: "DE-BE-BERLIN-30" }, documentTypeId: "local_address" },
      }),
    ).toBe(3);
  });

  it("adds only the missing numbers for a larger count", async () => {
    const before = await db.sql.query<{ number_e164: string }>(
      `SELECT "number_e164" FROM "inventory_number" ORDER BY "id"`,
    );
    const grown = await seedDatabase(db, { numbers: NUMBERS + 200, log: () => {} });
    expect(grown).toEqual({ ...first, inventoryNumbers: NUMBERS + 200, inventoryAdded: 200 });
    const after = await db.sql.query<{ number_e164: string }>(
      `SELECT "number_e164" FROM "inventory_number" ORDER BY "id"`,
    );
    expect(after.slice(0, NUMBERS)).toEqual(before);
    await db.sql.query(
      `DELETE FROM "inventory_number" WHERE "id" IN (SELECT "id" FROM "inventory_number" ORDER BY "id" DESC LIMIT 200)`,
    );
  });

  it("stocks only valid numbers, each in a known region of its country and type", async () => {
    const rows = await db.sql.query<{
      number_e164: string;
      national_number: string;
      country_id: string;
      number_type_id: NumberTypeId;
      region_country: string | null;
      region_type: string | null;
      prefix: string | null;
    }>(
      `SELECT i."number_e164", i."national_number", i."country_id", i."number_type_id",
              r."country_id" AS "region_country", r."number_type_id" AS "region_type", r."prefix"
         FROM "inventory_number" i LEFT JOIN "region" r ON r."id" = i."region_id"`,
    );
    expect(rows).toHaveLength(NUMBERS);
    const wrong = rows.filter(
      (row) =>
        row.region_country !== row.country_id ||
        row.region_type !== row.number_type_id ||
        !row.national_number.startsWith(row.prefix ?? "-") ||
        !row.number_e164.endsWith(row.national_number) ||
        !isValidForType(row.number_e164, row.country_id, row.number_type_id),
    );
    expect(wrong).toEqual([]);
  });

  it("gives every region a product and the products their documents", async () => {
    const bare = await db.prisma.region.findMany({ where: { products: { none: {} } }, select: { id: true } });
    expect(bare).toEqual([]);
    const deProduct = await db.prisma.product.findFirstOrThrow({
      where: { regionId: "DE-BE-BERLIN-30", name: "Local Basic" },
      include: { requiredDocuments: { orderBy: { documentTypeId: "asc" } } },
    });
    expect(deProduct.monthlyFee.toFixed(2)).toBe("1.00");
    expect(deProduct.overageMobileRatePerMinute.toFixed(4)).toBe("0.0280");
    expect(deProduct.requiredDocuments.map((row) => row.documentTypeId)).toEqual([
      "local_address",
      "proof_of_address",
    ]);
  });

  it("creates the demo users with the demo password", async () => {
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: demoUsers.support.email } });
    expect([user.id, user.organizationId, user.role]).toEqual([
      "usr_numbers_support",
      "org_operator",
      "support",
    ]);
    expect(await verifyPassword(DEFAULT_DEMO_PASSWORD, user.passwordHash)).toBe(true);
    const people = await db.prisma.user.findMany({
      select: { email: true, role: true, organizationId: true },
      orderBy: { email: "asc" },
    });
    expect(people).toEqual([
      { email: "admin@acme.example", role: "admin", organizationId: "org_acme" },
      { email: "billing@acme.example", role: "billing", organizationId: "org_acme" },
      { email: "customer@acme.example", role: "owner", organizationId: "org_acme" },
      { email: "customer@globex.example", role: "owner", organizationId: "org_globex" },
      { email: "developer@acme.example", role: "developer", organizationId: "org_acme" },
      { email: "support@numbers.example", role: "support", organizationId: "org_operator" },
      { email: "viewer@acme.example", role: "viewer", organizationId: "org_acme" },
    ]);
    const operator = await db.prisma.organization.findUniqueOrThrow({ where: { id: "org_operator" } });
    expect([operator.name, operator.isOperator]).toEqual(["Numbers support", true]);
  });

  it("sells each owned number once, through a completed order of its region's cheapest product", async () => {
    const sold = await db.prisma.inventoryNumber.findMany({
      where: { status: "sold" },
      include: { orderItem: { include: { order: true, numbers: true, product: true } }, configuration: true },
    });
    const resolved = resolveDemoNumbers();
    expect(sold.map((row) => row.numberE164).sort()).toEqual(
      [...resolved.values()].map((number) => number.numberE164).sort(),
    );
    expect(sold.map((row) => row.configuration?.id).sort()).toEqual(
      demoOwnedNumbers.map((owned) => owned.id).sort(),
    );
    for (const row of sold) {
      const owned = demoOwnedNumbers.find((candidate) => candidate.id === row.configuration?.id)!;
      expect(row.configuration!.organizationId).toBe(owned.organizationId);
      expect(row.configuration!.number).toBe(row.numberE164);
      expect(row.soldAt?.toISOString()).toBe(new Date(owned.orderedAt).toISOString());
      const item = row.orderItem!;
      expect(item.numbers.map((number) => number.id)).toEqual([row.id]);
      expect([item.kind, item.quantity, item.numberE164, item.regionId]).toEqual([
        "named_number",
        1,
        row.numberE164,
        row.regionId,
      ]);
      expect([item.order.status, item.order.organizationId, item.order.referenceId]).toEqual([
        "completed",
        owned.organizationId,
        owned.orderReferenceId,
      ]);
      expect(item.order.referenceId).toMatch(/^ORD-[A-Z2-7]{10}$/);
      const cheapest = await db.prisma.product.findFirstOrThrow({
        where: { regionId: row.regionId },
        orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
      });
      expect([item.productId, item.monthlyFee.toString(), item.estimatedLeadTime]).toEqual([
        cheapest.id,
        cheapest.monthlyFee.toString(),
        cheapest.estimatedLeadTime,
      ]);
    }
    const toronto = sold.find((row) => row.configuration?.id === "num_globex_toronto")!;
    expect(toronto.configuration!.name).toMatch(/^\(416\) \d{3}-\d{4}$/);
  });
});

describe("demo rules", () => {
  it("number priorities 1, 2, 3… and activation positions 0, 1… per configuration", async () => {
    const configurations = await db.prisma.numberConfiguration.findMany({
      include: {
        rules: { orderBy: { priority: "asc" }, include: { activations: { orderBy: { position: "asc" } } } },
      },
    });
    for (const configuration of configurations) {
      expect(configuration.rules.map((rule) => rule.priority)).toEqual(
        configuration.rules.map((_, index) => index + 1),
      );
      for (const rule of configuration.rules) {
        expect(rule.activations.map((activation) => activation.position)).toEqual(
          rule.activations.map((_, index) => index),
        );
      }
    }
    const extensions = configurations.filter((configuration) => configuration.kind === "extension");
    expect(extensions.map((configuration) => configuration.number).sort()).toEqual(
      demoExtensions.map((extension) => extension.number).sort(),
    );
    expect(extensions.every((configuration) => configuration.inventoryNumberId === null)).toBe(true);
  });

  it("use every activation form of docs/CONTRACT.md §8", async () => {
    const activations = await db.prisma.activation.findMany();
    const now = new Date();
    const has = (predicate: (activation: (typeof activations)[number]) => boolean) =>
      activations.some(predicate);
    expect(await db.prisma.rule.count({ where: { activations: { none: {} } } })).toBeGreaterThan(0);
    expect(has((a) => a.stopsAt === null)).toBe(true);
    expect(has((a) => a.stopsAt !== null && a.stopsAt < now)).toBe(true);
    expect(has((a) => a.days.join() === "mon,tue,wed,thu,fri")).toBe(true);
    expect(has((a) => a.days.join() === "sat,sun")).toBe(true);
    expect(has((a) => a.days.length === 0)).toBe(true);
    expect(has((a) => a.startTime === "09:00" && a.stopTime === "17:00")).toBe(true);
    expect(has((a) => a.startTime === "22:00" && a.stopTime === "06:00")).toBe(true);
    expect(has((a) => a.startTime === null && a.stopTime === null)).toBe(true);
    const zones = new Set(activations.map((a) => a.timeZone));
    for (const zone of ["America/New_York", "Europe/London", "Europe/Berlin", "Australia/Sydney"])
      expect(zones.has(zone)).toBe(true);
    expect(activations.every((a) => a.startsAt.getUTCMilliseconds() === 0)).toBe(true);
  });

  it("use every action form of docs/CONTRACT.md §8", async () => {
    const rules = await db.prisma.rule.findMany();
    const has = (predicate: (rule: (typeof rules)[number]) => boolean) => rules.some(predicate);
    expect(has((r) => r.disabled)).toBe(true);
    expect(
      has(
        (r) =>
          r.actionType === "dial" &&
          parseE164(r.destination ?? "") !== null &&
          r.timeoutSec !== null &&
          r.callerId === "caller_number",
      ),
    ).toBe(true);
    expect(
      has(
        (r) =>
          r.actionType === "dial" &&
          /^sip:[^@]+@[^@]+$/.test(r.destination ?? "") &&
          r.callerId === "dialed_number",
      ),
    ).toBe(true);
    expect(has((r) => r.actionType === "voicemail")).toBe(true);
    expect(has((r) => r.actionType === "hangup")).toBe(true);
    for (const rule of rules) {
      if (rule.actionType === "dial") {
        expect(
          rule.destination!.startsWith("sip:") || parseE164(rule.destination!) === rule.destination,
        ).toBe(true);
        expect(rule.timeoutSec).toBeGreaterThanOrEqual(5);
        expect(rule.timeoutSec).toBeLessThanOrEqual(300);
      } else {
        expect([rule.destination, rule.timeoutSec, rule.callerId]).toEqual([null, null, null]);
      }
      expect(
        Object.values(rule.tags as Record<string, unknown>).every((value) => typeof value === "string"),
      ).toBe(true);
    }
    expect(has((r) => Object.keys(r.tags as object).length > 0)).toBe(true);
  });
});
