// /tokens – create, list and revoke the organization's API tokens
import "server-only";
import type { Metadata } from "next";
import { TokenCreateForm } from "@/components/tokens/token-create-form";
import { TokenList } from "@/components/tokens/token-list";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { scopesOfRole } from "@/lib/auth/roles";
import { scopeDescriptions, scopes } from "@/lib/schemas/scopes";
import { RoleGate } from "@/components/auth/role-gate";
import { refusalFor } from "@/lib/auth/navigation";

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  // A token holds at most its creator's powers (docs/CONTRACT.md §15): only those are offered.
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens let your systems call the API as your organization. Give each one only the scopes it needs."
      />
      <RoleGate refusal={refusalFor(user.role, "/tokens")}>
        <div className="stack">
          <section className="card card--narrow" aria-labelledby="token-create-heading">
            <h2 id="token-create-heading">New token</h2>
            <TokenCreateForm
              scopeChoices={scopesOfRole(user.role, scopes).map((scope) => ({
                scope,
                description: scopeDescriptions[scope],
              }))}
            />
          </section>
          <section className="card" aria-labelledby="token-list-heading">
            <h2 id="token-list-heading">Your organization&apos;s tokens</h2>
            <p className="small muted">
              Everyone in your organization sees its tokens, and may revoke any of them.
            </p>
            <TokenList />
          </section>
        </div>
      </RoleGate>
    </>
  );
}
