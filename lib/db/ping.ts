import { getPrisma } from "@/lib/db/client";

/** How long readiness waits for the database before calling it unreachable. */
const PING_TIMEOUT_MS = 5_000;

/** Resolves when the database answers a trivial query within the timeout; rejects otherwise. */
export async function pingDatabase(timeoutMs = PING_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`no answer from the database in ${timeoutMs} ms`), { code: "ETIMEDOUT" }),
        ),
      timeoutMs,
    );
  });
  try {
    const prisma = await Promise.race([getPrisma(), timeout]);
    await Promise.race([prisma.$queryRaw`SELECT 1`, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
