import "server-only";
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";

/**
 * Resolves when the database answers a trivial query within the timeout (READY_TIMEOUT_MS, short:
 * a probe must not wait out the request bounds); rejects otherwise. A ping given up on keeps its
 * connection until DB_QUERY_TIMEOUT_MS drops it.
 */
export async function pingDatabase(timeoutMs = getEnv().READY_TIMEOUT_MS): Promise<void> {
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
