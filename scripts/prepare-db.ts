// Brings the configured database to a usable state before the app starts: migrations,
// demo data on an empty database, and a demo API token whose secret is kept under ./data.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { connectDirectFromEnv, type Database } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { applyMigrations } from "@/lib/db/migrate";
import { createApiToken, hashTokenSecret } from "@/lib/auth/tokens";
import { scopes } from "@/lib/schemas/scopes";
import { seedDatabase } from "@/prisma/seed/seed";
import { DEFAULT_DEMO_PASSWORD, demoOrganizations, demoUsers } from "@/prisma/seed/fixtures";
import { seedDemoAccounts } from "@/prisma/seed/demo";
import { initech, seedBillingHistory } from "@/prisma/seed/billing";

// Beside the embedded database when there is one, so each data directory has its own token.
export function demoCredentialsFile(env = getEnv()): string {
  const dir =
    env.DATABASE_URL || env.PGLITE_DATA_DIR.startsWith("memory://")
      ? path.join(process.cwd(), "data")
      : path.dirname(path.resolve(env.PGLITE_DATA_DIR));
  return path.join(dir, "demo-credentials.json");
}

const credentialsSchema = z.object({ token: z.string() });

export type DemoCredentials = { token: string; users: { email: string; role: string }[]; password: string };

/** The demo token, reused while its hash is still in this database, else made anew. */
async function ensureDemoToken(db: Database): Promise<string> {
  const credentialsFile = demoCredentialsFile();
  if (existsSync(credentialsFile)) {
    const saved = credentialsSchema.safeParse(JSON.parse(readFileSync(credentialsFile, "utf8")));
    if (saved.success) {
      const row = await db.prisma.apiToken.findUnique({
        where: { tokenHash: hashTokenSecret(saved.data.token) },
      });
      if (row && !row.revokedAt && (!row.expiresAt || row.expiresAt > new Date())) return saved.data.token;
    }
  }
  const customer = demoUsers.acmeCustomer;
  const { secret } = await createApiToken(db.prisma, {
    organizationId: customer.organizationId,
    userId: customer.id,
    name: "Demo token (npm start)",
    scopes,
  });
  mkdirSync(path.dirname(credentialsFile), { recursive: true });
  writeFileSync(credentialsFile, JSON.stringify({ token: secret }, null, 2) + "\n");
  chmodSync(credentialsFile, 0o600);
  return secret;
}

export async function prepareDatabase(log: (line: string) => void = console.log): Promise<DemoCredentials> {
  const db = await connectDirectFromEnv();
  try {
    const applied = await applyMigrations(db.sql);
    if (applied.length > 0) log(`Applied ${applied.length} migration(s).`);
    if ((await db.prisma.country.count()) === 0) {
      log("Empty database: seeding demo data (20,000 numbers)…");
      await seedDatabase(db, { numbers: 20_000, log });
    } else if (await db.prisma.organization.findUnique({ where: { id: demoOrganizations.acme.id } })) {
      // A demo database seeded by an earlier version gains the people added since (one of each
      // role, support moved to the operator) and loses the retired sign-ins.
      await seedDemoAccounts(db.prisma, DEFAULT_DEMO_PASSWORD);
    }
    // Two months of invoices and payments, through the billing functions (once).
    if (await db.prisma.organization.findUnique({ where: { id: demoOrganizations.acme.id } }))
      await seedBillingHistory(db, { now: new Date(), password: DEFAULT_DEMO_PASSWORD, log });
    const token = await ensureDemoToken(db);
    const users = [...Object.values(demoUsers), initech.owner].map((user) => ({
      email: user.email,
      role: user.role,
    }));
    return { token, password: DEFAULT_DEMO_PASSWORD, users };
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  prepareDatabase().catch((error: unknown) => {
    console.error(`Database preparation failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
