import "server-only";
import type { ReactNode } from "react";
import Link from "next/link";
import { Providers } from "@/components/layout/providers";
import { SiteHeader } from "@/components/layout/site-header";
import { getPortalUser } from "@/lib/auth/portal-session";
import { accountLinks, linksFor, mainLinks } from "@/lib/auth/navigation";

// /docs is public, as the OpenAPI document it shows is (GET /api/v2/openapi.json needs no
// token): a signed-in person sees the portal's header, anyone else the ways to sign in or up.
// "Try it" sends the session's cookie when there is one, or the token pasted into it.
export default async function DocsLayout({ children }: { children: ReactNode }) {
  const user = await getPortalUser();
  return (
    <Providers>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {user ? (
        <SiteHeader
          user={{
            name: user.name,
            email: user.email,
            role: user.role,
            organizationName: user.organizationName,
          }}
          links={linksFor(user.role, mainLinks).map(({ href, label }) => ({ href, label }))}
          account={linksFor(user.role, accountLinks).map(({ href, label }) => ({ href, label }))}
        />
      ) : (
        <header className="site-header">
          <div className="site-header__inner">
            <Link href="/sign-in" className="brand">
              <span className="brand__mark" aria-hidden="true">
                #
              </span>
              Numbers portal
            </Link>
            <div className="user-menu">
              <Link href="/sign-in?callbackUrl=%2Fdocs" className="btn btn--small">
                Sign in
              </Link>
              <Link href="/sign-up" className="btn btn--small btn--link">
                Create an account
              </Link>
            </div>
          </div>
        </header>
      )}
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </Providers>
  );
}
