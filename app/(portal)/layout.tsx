import "server-only";
import type { ReactNode } from "react";
import { Providers } from "@/components/layout/providers";
import { SiteHeader } from "@/components/layout/site-header";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { accountLinks, linksFor, mainLinks } from "@/lib/auth/navigation";
import { VerifyBanner } from "@/components/auth/account-forms";
import { StandingBanner, StandingNotice } from "@/components/billing/standing-banner";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";
import { roleMay } from "@/lib/auth/roles";
import { worstStanding } from "@/lib/billing/organization-standing";

// Every portal page: signed in (the proxy redirects first; this is the check that counts),
// with the header, and react-query for the pages' data.
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await requirePortalUser();
  // Support belongs to no organization; a billing reader's banner asks GET /billing/accounts
  // itself (amounts and all); anyone else is told the standing only.
  const readsBilling = roleMay(user.role, "billing:read");
  const standing =
    readsEveryOrganization(user) || readsBilling ? null : await worstStanding(user.organizationId);
  return (
    <Providers>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader
        user={{
          name: user.name,
          email: user.email,
          role: user.role,
          organizationName: user.organizationName,
        }}
        // Only what the person's role may do (lib/auth/navigation.ts asks the permission table).
        links={linksFor(user.role, mainLinks).map(({ href, label }) => ({ href, label }))}
        account={linksFor(user.role, accountLinks).map(({ href, label }) => ({ href, label }))}
      />
      <main id="main" className="page" tabIndex={-1}>
        {user.emailVerified ? null : <VerifyBanner email={user.email} />}
        {readsEveryOrganization(user) ? null : readsBilling ? (
          <StandingBanner />
        ) : standing ? (
          <StandingNotice standing={standing} />
        ) : null}
        {children}
      </main>
    </Providers>
  );
}
