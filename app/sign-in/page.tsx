// /sign-in – email and password; back to callbackUrl afterwards (contract §10)
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
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
        <p className="muted">Find, compare and buy telephone numbers, and see how each one answers its calls.</p>
        <SignInForm callbackUrl={callbackUrl} initialError={error} />
        <p className="demo-hint">
          Running the demo? <code>npm start</code> prints the demo accounts and their password.
        </p>
      </div>
    </main>
  );
}
