import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { searchNumberConfigurations } from "@/lib/numbers/configurations";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { numberConfigurationSchema, type NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { demoExtensions, demoOwnedNumbers } from "@/prisma/seed/fixtures";

// Every configuration the seed writes must fit the API's schemas, and between them the demo
// data must show every form docs/CONTRACT.md §8 allows, so the portal and the tests see them all.

let configurations: NumberConfiguration[] = [];

beforeAll(async () => {
  const prisma = await getPrisma();
  const rows = await prisma.numberConfiguration.findMany({
    include: configurationInclude,
    orderBy: { id: "asc" },
  });
  configurations = rows.map(toNumberConfiguration);
});

describe("seeded configurations", () => {
  it("are the demo fixtures' numbers and extensions, each passing the schema", () => {
    expect(configurations.map((c) => c.number_id).sort()).toEqual(
      [...demoOwnedNumbers, ...demoExtensions].map((n) => n.id).sort(),
    );
    for (const configuration of configurations) {
      const result = numberConfigurationSchema.safeParse(configuration);
      expect(result.error?.issues ?? [], configuration.number_id).toEqual([]);
    }
  });

  it("derive country_code and local_format for numbers only", () => {
    for (const configuration of configurations) {
      if (configuration.number.startsWith("+")) {
        expect(
          configuration.number.startsWith(`+${configuration.country_code}`),
          configuration.number_id,
        ).toBe(true);
        expect(
          configuration.local_format?.replace(/\D/g, "").length,
          configuration.number_id,
        ).toBeGreaterThan(5);
      } else {
        expect([configuration.country_code, configuration.local_format], configuration.number_id).toEqual([
          null,
          null,
        ]);
      }
    }
  });

  it("use every action form", () => {
    const actions = configurations.flatMap((c) => c.rules.map((r) => r.action));
    expect(actions.some((a) => a.type === "dial" && a.destination.startsWith("+"))).toBe(true);
    expect(actions.some((a) => a.type === "dial" && a.destination.startsWith("sip:"))).toBe(true);
    expect(actions.some((a) => a.type === "dial" && a.caller_id === "caller_number")).toBe(true);
    expect(actions.some((a) => a.type === "dial" && a.caller_id === "dialed_number")).toBe(true);
    expect(actions.some((a) => a.type === "voicemail")).toBe(true);
    expect(actions.some((a) => a.type === "hangup")).toBe(true);
    expect(actions.some((a) => Object.keys(a.tags).length > 0)).toBe(true);
  });

  it("use every activation form", () => {
    const rules = configurations.flatMap((c) => c.rules);
    const activations = rules.flatMap((r) => r.activations);
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    expect(rules.some((r) => r.activations.length === 0)).toBe(true);
    expect(rules.some((r) => r.activations.length > 1)).toBe(true);
    expect(rules.some((r) => r.disabled)).toBe(true);
    expect(activations.some((a) => a.stop === null)).toBe(true);
    expect(activations.some((a) => a.stop !== null)).toBe(true);
    expect(activations.some((a) => a.days.length === 0)).toBe(true);
    expect(activations.some((a) => a.days.length > 0)).toBe(true);
    expect(activations.some((a) => a.start_time === null && a.stop_time === null)).toBe(true);
    expect(
      activations.some(
        (a) => a.start_time !== null && a.stop_time !== null && minutes(a.stop_time) < minutes(a.start_time),
      ),
    ).toBe(true);
    expect(new Set(activations.map((a) => a.time_zone)).size).toBeGreaterThan(1);
  });
});

describe("searchNumberConfigurations", () => {
  const page = { limit: 100, offset: 0 };
  it("keeps ownership in the query for customers, whatever the filters", async () => {
    const { items: all } = await searchNumberConfigurations(
      { organizationId: "org_globex", role: "owner" },
      page,
    );
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((c) => c.organization_id))).toEqual(new Set(["org_globex"]));
    const acmeMain = configurations.find((c) => c.number_id === "num_acme_main")!;
    expect(
      await searchNumberConfigurations(
        { organizationId: "org_globex", role: "owner" },
        { ...page, number: acmeMain.number, number_id: "num_acme_main" },
      ),
    ).toEqual({ items: [], total: 0 });
  });

  it("answers the same configuration the mapping gives, rules by priority", async () => {
    const {
      items: [main],
    } = await searchNumberConfigurations(
      { organizationId: "org_acme", role: "owner" },
      { ...page, number_id: "num_acme_main" },
    );
    expect(main).toEqual(configurations.find((c) => c.number_id === "num_acme_main"));
    const prisma = await getPrisma();
    const stored = await prisma.rule.findMany({
      where: { configurationId: "num_acme_main" },
      orderBy: [{ priority: "asc" }, { id: "asc" }],
      include: { activations: { orderBy: { position: "asc" } } },
    });
    expect(main.rules.map((r) => [r.name, r.priority, r.disabled])).toEqual(
      stored.map((r) => [r.name, r.priority, r.disabled]),
    );
    expect(main.rules.flatMap((r) => r.activations.map((a) => [a.start, a.stop]))).toEqual(
      stored.flatMap((r) =>
        r.activations.map((a) => [
          a.startsAt.getTime() / 1000,
          a.stopsAt === null ? null : a.stopsAt.getTime() / 1000,
        ]),
      ),
    );
  });
});
