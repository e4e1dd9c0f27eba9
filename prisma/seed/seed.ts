// Seeds a migrated database: reference data, inventory, demo accounts. Idempotent: a second
// run adds nothing and fails on nothing; a larger `numbers` adds only the missing numbers.
// API tokens are not created here (tests and the token pages make their own).
import type { Database } from "@/lib/db/client";
import { DEFAULT_DEMO_PASSWORD } from "@/prisma/seed/fixtures";
import { seedDemoAccounts, seedDemoExtensions, seedDemoNumbers } from "@/prisma/seed/demo";
import { seedInventory } from "@/prisma/seed/inventory";
import { seedReferenceData } from "@/prisma/seed/reference";

export type SeedOptions = {
  /** How many inventory numbers the database should hold at least. */
  numbers: number;
  log?: (line: string) => void;
  /** Password of the demo users when they are created; default DEFAULT_DEMO_PASSWORD. */
  demoPassword?: string;
  /** Seed of the number generator; the default gives the numbers the fixtures resolve to. */
  seed?: number;
};

export type SeedResult = {
  countries: number;
  numberTypes: number;
  documentTypes: number;
  regions: number;
  products: number;
  destinations: number;
  inventoryNumbers: number;
  inventoryAdded: number;
  soldNumbers: number;
  organizations: number;
  users: number;
  orders: number;
  configurations: number;
  rules: number;
};

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  if (!Number.isInteger(options.numbers) || options.numbers < 0) {
    throw new Error(`numbers must be a whole number of at least 0, got ${options.numbers}`);
  }
  const log = options.log ?? ((line: string) => console.log(line));
  let lapStart = performance.now();
  const lap = () => {
    const seconds = ((performance.now() - lapStart) / 1000).toFixed(1);
    lapStart = performance.now();
    return `${seconds} s`;
  };
  await seedReferenceData(db.prisma);
  log(`reference data: countries, number types, document types, regions, products, destinations (${lap()})`);
  const inventory = await seedInventory(db.sql, options.numbers, { seed: options.seed, log });
  log(`inventory: ${inventory.added.toLocaleString("en")} numbers added (${lap()})`);
  await seedDemoAccounts(db.prisma, options.demoPassword ?? DEFAULT_DEMO_PASSWORD);
  await seedDemoNumbers(db, { seed: options.seed, log });
  await seedDemoExtensions(db.prisma);
  log(`demo accounts: organizations, users, orders, numbers, extensions, rules (${lap()})`);

  const prisma = db.prisma;
  const [countries, numberTypes, documentTypes, regions, products, destinations] = await Promise.all([
    prisma.country.count(),
    prisma.numberType.count(),
    prisma.documentType.count(),
    prisma.region.count(),
    prisma.product.count(),
    prisma.forwardingDestination.count(),
  ]);
  const [inventoryNumbers, soldNumbers, organizations, users, orders, configurations, rules] =
    await Promise.all([
      prisma.inventoryNumber.count(),
      prisma.inventoryNumber.count({ where: { status: "sold" } }),
      prisma.organization.count(),
      prisma.user.count(),
      prisma.order.count(),
      prisma.numberConfiguration.count(),
      prisma.rule.count(),
    ]);
  return {
    countries,
    numberTypes,
    documentTypes,
    regions,
    products,
    destinations,
    inventoryNumbers,
    inventoryAdded: inventory.added,
    soldNumbers,
    organizations,
    users,
    orders,
    configurations,
    rules,
  };
}
