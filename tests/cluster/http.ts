// HTTP calls to running instances, each answer checked against the OpenAPI document like
// the in-process client's, and counted by status for the suite's summary.
import { assertMatchesContract } from "@/tests/contract";
import { withDeadline } from "@/scripts/cluster/deadline";

export type HttpAnswer<T = unknown> = { status: number; headers: Headers; body: T; instance: string };

export class NetworkError extends Error {
  constructor(
    readonly instance: string,
    cause: unknown,
  ) {
    super(
      `${instance}: ${cause instanceof Error ? `${cause.message}${cause.cause instanceof Error ? ` (${cause.cause.message})` : ""}` : String(cause)}`,
    );
    this.name = "NetworkError";
  }
}

export const statusCounts = new Map<number, number>();
export const contractFailures: string[] = [];

export type CallOptions = {
  token?: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
};

/** One request to /api/v2 on one instance; NetworkError when no answer came back. */
export async function call<T = unknown>(
  instance: { name: string; url: string },
  method: string,
  pathAndQuery: string,
  options: CallOptions = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  let response: Response;
  let text: string;
  try {
    [response, text] = await withDeadline(options.timeoutMs ?? 120_000, async (signal) => {
      const answer = await fetch(`${instance.url}/api/v2${pathAndQuery}`, { method, headers, body, signal });
      return [answer, await answer.text()] as const;
    });
  } catch (error) {
    throw new NetworkError(instance.name, error);
  }
  statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
  const parsed: unknown = text === "" ? null : JSON.parse(text);
  try {
    assertMatchesContract(method, pathAndQuery.split("?")[0], response.status, parsed);
  } catch (error) {
    contractFailures.push((error as Error).message);
  }
  return { status: response.status, headers: response.headers, body: parsed as T, instance: instance.name };
}

/**
 * What a careful client does: on a network error (the instance died or is restarting), the
 * same request — same Idempotency-Key — again on the next instance, a few times.
 */
export async function callWithRetry<T = unknown>(
  instances: ReadonlyArray<{ name: string; url: string }>,
  first: number,
  method: string,
  pathAndQuery: string,
  options: CallOptions,
  onRetry: (error: NetworkError) => void = () => {},
): Promise<HttpAnswer<T>> {
  const attempts = instances.length * 4;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call<T>(instances[(first + attempt) % instances.length], method, pathAndQuery, options);
    } catch (error) {
      if (!(error instanceof NetworkError) || attempt + 1 >= attempts) throw error;
      onRetry(error);
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}
