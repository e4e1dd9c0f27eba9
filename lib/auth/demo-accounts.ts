import "server-only";
import { getPrisma } from "@/lib/db/client";
import { demoUsers } from "@/lib/auth/demo-users";

// The sign-in page hints at the demo accounts only where the demo data is what is served:
// a production database has none of them, and its users should not read about `npm start`.

/** The demo accounts present in the database (email and role), customers first; empty when none. */
export async function listServedDemoAccounts(): Promise<{ email: string; role: string }[]> {
  const prisma = await getPrisma();
  const emails = Object.values(demoUsers).map((user) => user.email);
  const found = await prisma.user.findMany({
    where: { email: { in: emails } },
    select: { email: true, role: true },
    orderBy: [{ role: "asc" }, { email: "asc" }],
  });
  return found;
}
