import "server-only";
import { SpanKind } from "@opentelemetry/api";
import type {
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from "@prisma/driver-adapter-utils";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { activeTracer, inSpan } from "@/lib/observability/tracing";

// A span per SQL statement, on PostgreSQL and PGlite alike: both reach the database through a
// Prisma driver adapter and through the SqlExecutor (raw SQL: the order's place_order call,
// bulk loads), so both are wrapped here, once, when the database is opened. With tracing off
// nothing is wrapped, and a statement costs what it did.

function statementSpan<T>(database: string, text: string, run: () => Promise<T>): Promise<T> {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "SQL";
  return inSpan(
    operation,
    {
      "db.system.name": "postgresql",
      "db.namespace": database,
      "db.operation.name": operation,
      "db.query.text": text,
    },
    run,
    SpanKind.CLIENT,
  );
}

function tracedQueryable<Q extends SqlDriverAdapter | Transaction>(queryable: Q, database: string): Q {
  return new Proxy(queryable, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "queryRaw" || property === "executeRaw")
        return (query: SqlQuery) => statementSpan(database, query.sql, () => value.call(target, query));
      if (property === "startTransaction")
        return async (...args: unknown[]) =>
          tracedQueryable((await value.apply(target, args)) as Transaction, database);
      return value.bind(target);
    },
  });
}

/** The adapter as it is when tracing is off; with tracing on, every statement gets a span. */
export function tracedAdapter<F extends SqlDriverAdapterFactory>(factory: F, database: string): F {
  if (!activeTracer()) return factory;
  return new Proxy(factory, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === "connect" && typeof value === "function")
        return async () => tracedQueryable((await value.call(target)) as SqlDriverAdapter, database);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The raw-SQL executor, with a span per statement when tracing is on. */
export function tracedExecutor(executor: SqlExecutor, database: string): SqlExecutor {
  if (!activeTracer()) return executor;
  return {
    query: (text, params) => statementSpan(database, text, () => executor.query(text, params)),
    exec: (text) => statementSpan(database, text, () => executor.exec(text)),
    transaction: (fn) => executor.transaction((tx) => fn(tracedExecutor(tx, database))),
    ...(executor.copyFrom ? { copyFrom: executor.copyFrom.bind(executor) } : {}),
  };
}
