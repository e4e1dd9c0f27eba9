// /sign-in – email and password, or the email alone for single sign-on; back to callbackUrl afterwards
import "server-only";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { listServedDemoAccounts } from "@/lib/auth/demo-accounts";
import { getPortalUser, safeCallbackUrl } from "@/lib/auth/portal-session";
import { describeSignInError } from "@/lib/schemas/sign-in";

export const metadata: Metadata = { title: "Sign in" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getPortalUser()) redirect(callbackUrl);
  // Worded here, on the server: the form loads the sign-in rules only when it is used.
  const error = typeof params.error === "string" ? describeSignInError(params.error) : null;
  const demoAccounts = await listServedDemoAccounts();
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <div className="brand">
          <span className="brand__mark" aria-hidden="true">
            #
          </span>
          Numbers portal
        </div>
        <h1>Sign in</h1>
        <p className="muted">
          Find, compare and buy telephone numbers, and see how each one answers its calls.
        </p>
        <SignInForm
          callbackUrl={callbackUrl}
          initialError={error}
          initialEmail={typeof params.email === "string" ? params.email.slice(0, 320) : ""}
        />
        <p className="muted">
          <Link href="/forgot-password">Forgot your password?</Link> · New here?{" "}
          <Link href="/sign-up">Create an account</Link>
        </p>
        {demoAccounts.length > 0 ? (
          <div className="demo-hint" data-testid="demo-hint">
            <p>
              This is the demo. Sign in as one of its accounts; the password is the one <code>npm start</code>{" "}
              printed:
            </p>
            <ul className="plain-list">
              {demoAccounts.slice(0, 3).map((account) => (
                <li key={account.email}>
                  <code>{account.email}</code> <span className="muted">({account.role})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </main>
  );
}
