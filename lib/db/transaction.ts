import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getPrisma } from "@/lib/db/client";

export type Tx = Prisma.TransactionClient;

const MAX_ATTEMPTS = 5;
// Orders queue for a connection when many arrive at once (PGlite has a single one), so the
// wait for a transaction to start is generous; the work inside takes milliseconds.
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

/**
 * Runs `work` in one READ COMMITTED transaction, again from the start when PostgreSQL
 * aborted it for a deadlock or serialization failure (Prisma's P2034). Row locks and
 * conditional updates inside `work` keep it correct at this isolation level.
 */
export async function inRetryingTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const prisma = await getPrisma();
  for (let attempt = 1; ; attempt++) {
    try {
      return await prisma.$transaction(work, TRANSACTION_OPTIONS);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}

function isRetryable(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2034";
}
