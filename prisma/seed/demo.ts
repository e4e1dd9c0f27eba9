// Demo accounts: two organizations, their people, the numbers they bought (with real orders)
// and their extensions, each with call-handling rules. Everything is created once and left
// alone afterwards, so reseeding neither fails nor rewrites what is already there.
import type { Database } from "@/lib/db/client";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { hashPassword } from "@/lib/auth/passwords";
import { formatNational } from "@/lib/reference/phone";
import { demoRules, type DemoRule } from "@/prisma/seed/data/demo-rules";
import { regions } from "@/prisma/seed/data/regions";
import {
  demoExtensions,
  demoOrganizations,
  demoOwnedNumbers,
  demoUsers,
  retiredDemoUserIds,
  type DemoOwnedNumber,
} from "@/prisma/seed/fixtures";
import { insertInventoryNumbers } from "@/prisma/seed/inventory";
import { DEFAULT_NUMBER_SEED, generateInventory, type GeneratedNumber } from "@/prisma/seed/numbers";

type Log = (line: string) => void;

export async function seedDemoAccounts(prisma: PrismaClient, password: string): Promise<void> {
  for (const organization of Object.values(demoOrganizations)) {
    await prisma.organization.upsert({
      where: { id: organization.id },
      create: organization,
      update: { name: organization.name },
    });
  }
  // Support staff moved out of the customers (docs/CONTRACT.md §15); the old sign-ins go.
  await prisma.user.deleteMany({ where: { id: { in: [...retiredDemoUserIds] } } });
  // bcrypt is slow on purpose (~1 s a hash in bcryptjs here): hash only when a user is new,
  // and once for all of them, since they share the password anyway.
  let passwordHash: string | undefined;
  for (const user of Object.values(demoUsers)) {
    const existing = await prisma.user.findUnique({ where: { id: user.id }, select: { id: true } });
    if (existing) continue;
    passwordHash ??= await hashPassword(password);
    // Demo people have verified their email: they can buy at once.
    await prisma.user.create({ data: { ...user, passwordHash, emailVerifiedAt: new Date() } });
  }
}

const resolved = new Map<number, Map<string, GeneratedNumber>>();

/**
 * The inventory number each owned demo number is: the first the generator makes in its
 * region (the second for a second configuration in the same region, and so on).
 */
export function resolveDemoNumbers(seed = DEFAULT_NUMBER_SEED): Map<string, GeneratedNumber> {
  const cached = resolved.get(seed);
  if (cached) return cached;
  const waiting = new Map<string, DemoOwnedNumber[]>();
  for (const owned of demoOwnedNumbers) {
    // The stream is endless: a region it never visits would keep this loop going for good.
    if (!regions.some((region) => region.id === owned.regionId))
      throw new Error(`${owned.id}: unknown region ${owned.regionId}`);
    waiting.set(owned.regionId, [...(waiting.get(owned.regionId) ?? []), owned]);
  }
  const result = new Map<string, GeneratedNumber>();
  for (const number of generateInventory({ seed })) {
    const queue = waiting.get(number.regionId);
    const owned = queue?.shift();
    if (owned) result.set(owned.id, number);
    if (result.size === demoOwnedNumbers.length) break;
  }
  resolved.set(seed, result);
  return result;
}

function ruleRows(rules: DemoRule[]): Prisma.RuleCreateWithoutConfigurationInput[] {
  return rules.map((rule, index) => ({
    name: rule.name,
    priority: index + 1,
    disabled: rule.disabled ?? false,
    actionType: rule.action.type,
    destination: rule.action.type === "dial" ? rule.action.destination : null,
    timeoutSec: rule.action.type === "dial" ? rule.action.timeoutSec : null,
    callerId: rule.action.type === "dial" ? rule.action.callerId : null,
    tags: rule.action.tags,
    activations: {
      create: rule.activations.map((activation, position) => ({
        position,
        startsAt: new Date(activation.start * 1000),
        stopsAt: activation.stop === null ? null : new Date(activation.stop * 1000),
        days: activation.days,
        startTime: activation.startTime,
        stopTime: activation.stopTime,
        timeZone: activation.timeZone,
      })),
    },
  }));
}

/**
 * Buys one demo number the way an order does: order, item, sold inventory row, configuration.
 * `buyerName`: the order's contact, when the buyer is not one of the demo users.
 */
export async function seedOwnedNumber(
  prisma: PrismaClient,
  owned: DemoOwnedNumber,
  number: { numberE164: string; countryId: string; numberTypeId: string; regionId: string },
  log: Log,
  buyerName?: string,
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const inventory = await tx.inventoryNumber.findUnique({ where: { numberE164: number.numberE164 } });
    if (!inventory || inventory.status !== "available") {
      log(`demo: ${number.numberE164} for ${owned.id} is no longer available; skipped`);
      return false;
    }
    const product = await tx.product.findFirstOrThrow({
      where: { regionId: number.regionId },
      orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
    });
    const contactName =
      buyerName ?? Object.values(demoUsers).find((user) => user.id === owned.placedByUserId)!.name;
    const orderedAt = new Date(owned.orderedAt);
    const order = await tx.order.create({
      data: {
        referenceId: owned.orderReferenceId,
        organizationId: owned.organizationId,
        placedByUserId: owned.placedByUserId,
        contactName,
        referenceNumber: owned.referenceNumber,
        status: "completed",
        createdAt: orderedAt,
        updatedAt: orderedAt,
        items: {
          create: {
            position: 0,
            kind: "named_number",
            numberE164: number.numberE164,
            countryId: number.countryId,
            numberTypeId: number.numberTypeId,
            regionId: number.regionId,
            productId: product.id,
            quantity: 1,
            currency: product.currency,
            monthlyFee: product.monthlyFee,
            setupFee: product.setupFee,
            estimatedLeadTime: product.estimatedLeadTime,
            createdAt: orderedAt,
          },
        },
      },
      include: { items: true },
    });
    const sold = await tx.inventoryNumber.updateMany({
      where: { id: inventory.id, status: "available" },
      data: { status: "sold", soldAt: orderedAt, orderItemId: order.items[0].id },
    });
    if (sold.count !== 1) throw new Error(`demo: ${number.numberE164} was sold while seeding`);
    await tx.numberConfiguration.create({
      data: {
        id: owned.id,
        organizationId: owned.organizationId,
        kind: "number",
        number: number.numberE164,
        name: owned.name ?? formatNational(number.numberE164),
        inventoryNumberId: inventory.id,
        createdAt: orderedAt,
        rules: { create: ruleRows(demoRules[owned.id] ?? []) },
      },
    });
    return true;
  });
}

export async function seedDemoNumbers(db: Database, options: { seed?: number; log: Log }): Promise<void> {
  const existing = new Set(
    (
      await db.prisma.numberConfiguration.findMany({
        where: { id: { in: demoOwnedNumbers.map((owned) => owned.id) } },
        select: { id: true },
      })
    ).map((row) => row.id),
  );
  const pending = demoOwnedNumbers.filter((owned) => !existing.has(owned.id));
  if (pending.length === 0) return;
  const numbers = resolveDemoNumbers(options.seed);
  // The demo numbers lie early in the stream, but a tiny --numbers may stop short of them.
  await insertInventoryNumbers(
    db.sql,
    pending.map((owned) => numbers.get(owned.id)!),
  );
  for (const owned of pending) await seedOwnedNumber(db.prisma, owned, numbers.get(owned.id)!, options.log);
}

export async function seedDemoExtensions(prisma: PrismaClient): Promise<void> {
  for (const extension of demoExtensions) {
    const existing = await prisma.numberConfiguration.findUnique({
      where: { id: extension.id },
      select: { id: true },
    });
    if (existing) continue;
    await prisma.numberConfiguration.create({
      data: {
        id: extension.id,
        organizationId: extension.organizationId,
        kind: "extension",
        number: extension.number,
        name: extension.name,
        rules: { create: ruleRows(demoRules[extension.id] ?? []) },
      },
    });
  }
}
