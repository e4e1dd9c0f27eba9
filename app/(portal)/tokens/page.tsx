// /tokens – create, list and revoke the organization's API tokens
import type { Metadata } from "next";
import { TokenCreateForm } from "@/components/tokens/token-create-form";
import { TokenList } from "@/components/tokens/token-list";
import { PageHeader } from "@/components/ui/page-header";
import { scopeDescriptions, scopes } from "@/lib/schemas/scopes";

export const metadata: Metadata = { title: "API tokens" };

export default function TokensPage() {
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens let your systems call the API as your organization. Give each one only the scopes it needs."
      />
      <div className="stack">
        <section className="card card--narrow" aria-labelledby="token-create-heading">
          <h2 id="token-create-heading">New token</h2>
          <TokenCreateForm
            scopeChoices={scopes.map((scope) => ({ scope, description: scopeDescriptions[scope] }))}
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
    </>
  );
}
