"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { signInWithCredentials } from "@/components/auth/auth-requests";
import { Field } from "@/components/ui/field";

// The rules the credentials provider reads too, and the words for its errors; loaded when the
// form is first used, so zod is not part of the page's first load.
const loadSignIn = () => import("@/lib/schemas/sign-in");

type Errors = Partial<Record<"email" | "password" | "form", string>>;

/** `initialError`: the sentence for the error next-auth sent back in the URL, if any. */
export function SignInForm({
  callbackUrl,
  initialError,
}: {
  callbackUrl: string;
  initialError: string | null;
}) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>(initialError ? { form: initialError } : {});
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { describeSignInError, signInSchema } = await loadSignIn();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const fieldErrors: Errors = {};
      for (const issue of parsed.error.issues)
        fieldErrors[issue.path[0] as "email" | "password"] ??= issue.message;
      setErrors(fieldErrors);
      return;
    }
    setPending(true);
    setErrors({});
    // Navigate here, to this site's own callbackUrl, rather than where next-auth would.
    const error = await signInWithCredentials(parsed.data, callbackUrl);
    if (error !== null) {
      setPending(false);
      setErrors({ form: describeSignInError(error) });
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
      <Field label="Password" error={errors.password}>
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
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
