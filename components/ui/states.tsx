import type { ReactNode } from "react";
import { ApiClientError } from "@/components/hooks/api-fetch";

// Use: `if (query.isPending) return <LoadingState label="Loading tokens…" />`, then
// `if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} title="…could not be loaded" />`,
// then <EmptyState title="No tokens yet">…</EmptyState> for an empty list.
// The three states every data view has besides "here it is". An error says the server's own
// message (docs/CONTRACT.md §3 `error.message`); its `details` (field paths, a request id) are for
// support, so they are folded away rather than put in front of people.

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** An API error in words; a lost session offers the way back in. */
export function ErrorState({
  error,
  onRetry,
  title = "Something went wrong",
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const apiError = error instanceof ApiClientError ? error : null;
  const signedOut = apiError?.status === 401 && apiError.code === "unauthorized";
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <strong>{signedOut ? "Your session has ended." : title}</strong>
      </p>
      <p>{signedOut ? "Sign in again to continue." : describeError(error)}</p>
      {apiError?.body?.error.details ? (
        <details className="small">
          <summary>Details for support</summary>
          <p className="mono">{apiError.body.error.details}</p>
        </details>
      ) : null}
      <div className="row">
        {signedOut ? (
          <a className="btn btn--small" href={`/sign-in?callbackUrl=${encodeURIComponent(currentPath())}`}>
            Sign in
          </a>
        ) : null}
        {onRetry && !signedOut ? (
          <button type="button" className="btn btn--small" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function describeError(error: unknown): string {
  if (error instanceof ApiClientError) return error.message;
  return error instanceof Error ? error.message : "An unexpected error occurred.";
}

function currentPath(): string {
  return typeof window === "undefined"
    ? "/inventory"
    : `${window.location.pathname}${window.location.search}`;
}
