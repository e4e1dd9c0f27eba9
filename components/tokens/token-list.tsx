"use client";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { formatDate, formatDateTime, relativeTime } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { useRevokeToken, useTokens } from "@/components/hooks/use-tokens";
import type { Token } from "@/lib/schemas/tokens";

function status(token: Token): { label: string; tone: string } {
  if (token.revoked_at) return { label: `Revoked ${formatDate(token.revoked_at)}`, tone: "badge--danger" };
  if (token.expires_at && Date.parse(token.expires_at) <= Date.now())
    return { label: `Expired ${formatDate(token.expires_at)}`, tone: "badge--warning" };
  return { label: "Active", tone: "badge--success" };
}

export function TokenList() {
  const tokens = useTokens();
  return (
    <QueryState
      query={tokens}
      loading="Loading tokens…"
      errorTitle="The tokens could not be loaded"
      empty={
        <EmptyState title="No API tokens yet">
          <p>Create one to call the API from your own systems.</p>
        </EmptyState>
      }
    >
      {(data) => (
        <DataTable
          caption="Your organization's API tokens"
          columns={columns}
          rows={data}
          rowId={(token) => token.id}
          rowProps={(token) => ({
            testId: "token-row",
            className: status(token).label === "Active" ? undefined : "is-off",
          })}
        />
      )}
    </QueryState>
  );
}

const columns: DataColumn<Token>[] = [
  {
    id: "name",
    header: "Name",
    sortValue: (token) => token.name,
    cell: (token) => (
      <>
        <div>{token.name}</div>
        <div className="mono small muted">{token.prefix}…</div>
      </>
    ),
  },
  {
    id: "scopes",
    header: "Scopes",
    cell: (token) => (
      <div className="badges">
        {token.scopes.map((scope) => (
          <span key={scope} className="badge">
            {scope}
          </span>
        ))}
      </div>
    ),
  },
  {
    id: "created",
    header: "Created",
    className: "small",
    sortValue: (token) => token.created_at,
    cell: (token) => (
      <>
        <div className="nowrap">{formatDate(token.created_at)}</div>
        <div className="muted">{token.created_by ? `by ${token.created_by.name}` : "by a script"}</div>
      </>
    ),
  },
  {
    id: "expires",
    header: "Expires",
    className: "small nowrap",
    cell: (token) => (token.expires_at ? formatDate(token.expires_at) : "Never"),
  },
  {
    id: "used",
    header: "Last used",
    className: "small nowrap",
    cell: (token) =>
      token.last_used_at ? (
        <span title={formatDateTime(token.last_used_at)}>{relativeTime(token.last_used_at)}</span>
      ) : (
        <span className="muted">Never</span>
      ),
  },
  {
    id: "status",
    header: "Status",
    cell: (token) => {
      const { label, tone } = status(token);
      return <span className={`badge ${tone}`}>{label}</span>;
    },
  },
  {
    id: "revoke",
    header: "Revoke",
    hideHeader: true,
    action: true,
    cell: (token) => <RevokeToken token={token} />,
  },
];

function RevokeToken({ token }: { token: Token }) {
  const revoke = useRevokeToken();
  if (token.revoked_at) return null;
  return (
    <ConfirmButton
      label="Revoke"
      labelFor={`Revoke ${token.name}`}
      confirmLabel={`Revoke “${token.name}”`}
      pendingLabel="Revoking…"
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={() => revoke.mutate(token.id)}
    />
  );
}
