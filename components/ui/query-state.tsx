import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";

type Props<T> = {
  query: Pick<UseQueryResult<T>, "isPending" | "isError" | "error" | "data" | "refetch">;
  /** Loading all the same: the data on hand is a previous search's, which must not pass for this one's. */
  pending?: boolean;
  /** What is being loaded, for the spinner's status line ("Loading orders…"). */
  loading?: string;
  /** The error's heading ("The orders could not be loaded"); the server's own words follow. */
  errorTitle?: string;
  /** Shown instead of the error state when it gives something (a 404's own words, say). */
  failed?: (error: Error) => ReactNode | undefined;
  /** Shown instead of children when isEmpty says so: a title, or a whole <EmptyState>. */
  empty?: ReactNode;
  /** When the data counts as empty; by default an empty array, or a page with no items. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/**
 * The four states of a query's view, in one place: loading (role="status"), failed
 * (role="alert", with Try again), empty, and the data itself.
 */
export function QueryState<T>({
  query,
  pending = false,
  loading,
  errorTitle,
  failed,
  empty,
  isEmpty = looksEmpty,
  children,
}: Props<T>) {
  if (query.isPending || pending) return <LoadingState label={loading} />;
  if (query.isError)
    return (
      (query.error && failed?.(query.error)) ?? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} title={errorTitle} />
      )
    );
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data))
    return typeof empty === "string" ? <EmptyState title={empty} /> : empty;
  return children(data);
}

function looksEmpty(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data === "object" && data !== null && "items" in data && Array.isArray(data.items))
    return data.items.length === 0;
  return false;
}
