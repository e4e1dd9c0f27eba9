"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { describeSignInError, signInSchema } from "@/lib/schemas/sign-in";

type Errors = Partial<Record<"email" | "password" | "form", string>>;

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError: string | null }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>(initialError ? { form: describeSignInError(initialError) } : {});
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const fieldErrors: Errors = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as "email" | "password"] ??= issue.message;
      setErrors(fieldErrors);
      return;
    }
    setPending(true);
    setErrors({});
    // redirect: false keeps the navigation here, on this site's own callbackUrl.
    const result = await signIn("credentials", { ...parsed.data, redirect: false });
    if (!result || result.error) {
      setPending(false);
      setErrors({ form: describeSignInError(result?.error ?? "") });
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  }

  return (
    // method="post": should the script not run, the password still never lands in a URL.
    <form method="post" onSubmit={handleSubmit} noValidate aria-describedby={errors.form ? "sign-in-error" : undefined}>
      {errors.form ? (
        <div id="sign-in-error" className="notice notice--error" role="alert">
          {errors.form}
        </div>
      ) : null}
      <Field label="Email" error={errors.email}>
        {(props) => <input {...props} type="email" name="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} required />}
      </Field>
      <Field label="Password" error={errors.password}>
        {(props) => (
          <input {...props} type="password" name="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
        )}
      </Field>
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
