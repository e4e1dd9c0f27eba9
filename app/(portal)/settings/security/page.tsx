// /settings/security – password, two-factor sign-in, sign out everywhere; owners: require 2FA, single sign-on
import "server-only";
import type { Metadata } from "next";
import { PasswordForm } from "@/components/security/password-form";
import { RequireTwoFactor } from "@/components/security/require-two-factor";
import { SingleSignOn } from "@/components/security/single-sign-on";
import { SignOutEverywhere } from "@/components/security/sign-out-everywhere";
import { TwoFactorPanel } from "@/components/security/two-factor-panel";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { roleMay } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityPage() {
  const user = await requirePortalUser();
  return (
    <>
      <PageHeader
        title="Security"
        description="Your password, two-factor sign-in and where you are signed in."
      />
      <div className="stack">
        <section className="card card--narrow" aria-labelledby="two-factor-heading">
          <h2 id="two-factor-heading">Two-factor sign-in</h2>
          <TwoFactorPanel />
        </section>
        {user.twoFactorSetupRequired ? null : (
          <>
            <section className="card card--narrow" aria-labelledby="password-heading">
              <h2 id="password-heading">Password</h2>
              <PasswordForm />
            </section>
            {/* Offered to whoever the permission table lets change the organization's settings. */}
            {roleMay(user.role, "organization:settings") ? (
              <section className="card card--narrow" aria-labelledby="organization-heading">
                <h2 id="organization-heading">Your organization</h2>
                <RequireTwoFactor />
              </section>
            ) : null}
            {roleMay(user.role, "organization:sso") ? (
              <section className="card card--narrow" aria-labelledby="sso-heading">
                <h2 id="sso-heading">Single sign-on</h2>
                <SingleSignOn />
              </section>
            ) : null}
          </>
        )}
        <section className="card card--narrow" aria-labelledby="sessions-heading">
          <h2 id="sessions-heading">Sign out everywhere</h2>
          <p>
            Ends every session of yours on every device and browser, this one too. Use it if you signed in on
            a computer that is not yours, or think someone else has.
          </p>
          <SignOutEverywhere />
        </section>
      </div>
    </>
  );
}
