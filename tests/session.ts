import { encode } from "next-auth/jwt";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { demoUsers } from "@/prisma/seed/fixtures";
import type { Role } from "@/lib/schemas/roles";

const ORIGIN = "http://localhost:3000";

/** Headers of a same-site request from a demo person's portal session. */
export async function sessionHeaders(
  user:
    keyof typeof demoUsers | { id: string; email: string; name: string; role: Role; organizationId: string },
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const { id, email, name, role, organizationId } = typeof user === "string" ? demoUsers[user] : user;
  const value = await encode({
    token: { sub: id, email, name, role, organizationId },
    secret: getSessionSecret(),
  });
  return { cookie: `${sessionCookieName(false)}=${value}`, origin: ORIGIN, ...extra };
}
