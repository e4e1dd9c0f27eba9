"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { signInWithCredentials } from "@/components/auth/auth-requests";
import { Field } from "@/components/ui/field";

// The rules the credentials provider reads too, and the words for its errors; loaded when the
// form is first used, so zod is not part of the page's first load.
const loadSignIn = () => import("@/lib/schemas/sign-in");

type Errors = Partial<Record<"email" | "password" | "code" | "form", string>>;

/**
 * `initialError`: the sentence for the error next-auth (or single sign-on) sent back in the URL,
 * if any; `initialEmail`: the email single sign-on sent back with it.
 */
export function SignInForm({
  callbackUrl,
  initialError,
  initialEmail = "",
}: {
  callbackUrl: string;
  initialError: string | null;
  initialEmail?: string;
}) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  // The second step, for people with two-factor sign-in: shown once the password was right.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>(initialError ? { form: initialError } : {});
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { describeSignInError, signInErrors, signInSchema, singleSignOnEmail } = await loadSignIn();
    // No password: the organization's provider signs the person in, if their email's domain is
    // connected (/sso/start sends them there, or back here saying to use the password).
    const ssoEmail = needsCode || password !== "" ? null : singleSignOnEmail(email);
    if (ssoEmail !== null) {
      setPending(true);
      // /sso/start is a route handler that redirects to another site: a whole page load, not the router's.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/sso/start?${new URLSearchParams({ email: ssoEmail, callbackUrl })}`);
      return;
    }
    const parsed = signInSchema.safeParse({ email, password, code: needsCode ? code : undefined });
    if (!parsed.success) {
      const fieldErrors: Errors = {};
      for (const issue of parsed.error.issues)
        fieldErrors[issue.path[0] as "email" | "password" | "code"] ??= issue.message;
      setErrors(fieldErrors);
      return;
    }
    if (needsCode && parsed.data.code === undefined) {
      setErrors({ code: describeSignInError(signInErrors.codeRequired) });
      return;
    }
    setPending(true);
    setErrors({});
    // Navigate here, to this site's own callbackUrl, rather than where next-auth would.
    const { code: typedCode, ...credentials } = parsed.data;
    const error = await signInWithCredentials(
      typedCode === undefined ? credentials : { ...credentials, code: typedCode },
      callbackUrl,
    );
    if (error !== null) {
      setPending(false);
      if (error === signInErrors.codeRequired) {
        setNeedsCode(true);
        setErrors({});
      } else if (error === signInErrors.invalidCode) {
        setCode("");
        setErrors({ code: describeSignInError(error) });
      } else setErrors({ form: describeSignInError(error) });
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  }

  return (
    // method="post": should the script not run, the password still never lands in a URL.
    <form
      method="post"
      onSubmit={handleSubmit}
      onFocus={() => void loadSignIn()}
      noValidate
      aria-describedby={errors.form ? "sign-in-error" : undefined}
    >
      {errors.form ? (
        <div id="sign-in-error" className="notice notice--error" role="alert">
          {errors.form}
        </div>
      ) : null}
      <Field label="Email" error={errors.email}>
        {(props) => (
          <input
            {...props}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
        )}
      </Field>
      <Field
        label="Password"
        hint="Does your organization sign in with its identity provider? Leave the password empty."
        error={errors.password}
      >
        {(props) => (
          <input
            {...props}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        )}
      </Field>
      {needsCode ? (
        <Field
          label="Two-factor code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          error={errors.code}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              name="code"
              inputMode="text"
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              required
            />
          )}
        </Field>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Signing in…" : needsCode ? "Verify and sign in" : "Sign in"}
      </button>
    </form>
  );
}
