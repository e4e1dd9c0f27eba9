"use client";
import { useState } from "react";
import { formatDate, formatDateTime, relativeTime } from "@/components/ui/format";
import { EmptyState, ErrorState, LoadingState, describeError } from "@/components/ui/states";
import { useRevokeToken, useTokens } from "@/lib/hooks/use-tokens";
import type { Token } from "@/lib/schemas/tokens";

function status(token: Token): { label: string; tone: string } {
  if (token.revoked_at) return { label: `Revoked ${formatDate(token.revoked_at)}`, tone: "badge--danger" };
  if (token.expires_at && Date.parse(token.expires_at) <= Date.now())
    return { label: `Expired ${formatDate(token.expires_at)}`, tone: "badge--warning" };
  return { label: "Active", tone: "badge--success" };
}

export function TokenList() {
  const tokens = useTokens();
  if (tokens.isPending) return <LoadingState label="Loading tokens…" />;
  if (tokens.isError)
    return (
      <ErrorState
        error={tokens.error}
        onRetry={() => tokens.refetch()}
        title="The tokens could not be loaded"
      />
    );
  if (tokens.data.length === 0) {
    return (
      <EmptyState title="No API tokens yet">
        <p>Create one to call the API from your own systems.</p>
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="cards-on-phone">
        <caption className="visually-hidden">Your organization&apos;s API tokens</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Revoke</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TokenRow({ token }: { token: Token }) {
  const revoke = useRevokeToken();
  const [confirming, setConfirming] = useState(false);
  const { label, tone } = status(token);
  const live = label === "Active";
  return (
    <tr className={live ? undefined : "is-off"} data-testid="token-row">
      <td data-label="Name">
        <div>{token.name}</div>
        <div className="mono small muted">{token.prefix}…</div>
      </td>
      <td data-label="Scopes">
        <div className="badges">
          {token.scopes.map((scope) => (
            <span key={scope} className="badge">
              {scope}
            </span>
          ))}
        </div>
      </td>
      <td data-label="Created" className="small">
        <div className="nowrap">{formatDate(token.created_at)}</div>
        <div className="muted">{token.created_by ? `by ${token.created_by.name}` : "by a script"}</div>
      </td>
      <td data-label="Expires" className="small nowrap">
        {token.expires_at ? formatDate(token.expires_at) : "Never"}
      </td>
      <td data-label="Last used" className="small nowrap">
        {token.last_used_at ? (
          <span title={formatDateTime(token.last_used_at)}>{relativeTime(token.last_used_at)}</span>
        ) : (
          <span className="muted">Never</span>
        )}
      </td>
      <td data-label="Status">
        <span className={`badge ${tone}`}>{label}</span>
      </td>
      <td data-label="" className="cell--action">
        {token.revoked_at ? null : confirming ? (
          <span className="row">
            <button
              type="button"
              className="btn btn--small btn--danger"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(token.id)}
            >
              {revoke.isPending ? "Revoking…" : `Revoke “${token.name}”`}
            </button>
            <button type="button" className="btn btn--small btn--link" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="btn btn--small btn--danger"
            onClick={() => setConfirming(true)}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </button>
        )}
        {revoke.isError ? (
          <p className="field__error" role="alert">
            {describeError(revoke.error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
