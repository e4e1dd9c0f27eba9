"use client";
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { postAccount } from "@/components/auth/account-requests";
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthProblem } from "@/lib/schemas/password";

// The portal's account forms (docs/CONTRACT.md §15): sign-up, forgot and reset password, and the
// verification page. Each puts the server's words beside the field they name.

type Errors = Record<string, string | undefined>;

function useAccountForm(fields: readonly string[]) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field, ""])),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  // Focus goes to the first field in error once React has shown the errors, not before.
  const focusIn = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const element = focusIn.current;
    focusIn.current = null;
    element?.querySelector<HTMLInputElement>("[aria-invalid='true']")?.focus();
  }, [errors]);
  /** Shows the errors and moves focus to the first field in error; answers whether there were any. */
  const showErrors = (found: Errors, element: HTMLFormElement): boolean => {
    focusIn.current = element;
    setErrors(found);
    return Object.keys(found).length > 0;
  };
  const bind = (field: string) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });
  /** Sends; answers the server's message, or null after putting its refusal beside the field it names. */
  async function send(
    path: string,
    body: unknown,
    element: HTMLFormElement,
    fieldOf = (field: string | null) => field ?? "form",
  ): Promise<string | null> {
    setPending(true);
    const result = await postAccount(path, body);
    setPending(false);
    if (result.ok) return (result.body as { message: string }).message;
    showErrors({ [fieldOf(result.refusal.field)]: result.refusal.message }, element);
    return null;
  }
  return { values, errors, showErrors, pending, bind, send };
}

function NewPasswordField({ form, label }: { form: ReturnType<typeof useAccountForm>; label: string }) {
  return (
    <Field label={label} hint={passwordHint} error={form.errors.password}>
      {(props) => <input {...props} {...form.bind("password")} type="password" autoComplete="new-password" />}
    </Field>
  );
}

function FormNotice({ message }: { message: string | undefined }) {
  return message ? (
    <div className="notice notice--error" role="alert">
      {message}
    </div>
  ) : null;
}

function Done({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="notice notice--success" role="status" data-testid="account-done">
      {children}
    </div>
  );
}

const passwordHint = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters; a few unrelated words are easy to remember. Common passwords are refused.`;

export function SignUpForm() {
  const form = useAccountForm(["organization_name", "name", "email", "password"]);
  const [done, setDone] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const found: Errors = {};
    if (!form.values.organization_name.trim()) found.organization_name = "Enter your organization's name.";
    if (!form.values.name.trim()) found.name = "Enter your name.";
    if (!/^\S+@\S+\.\S+$/.test(form.values.email.trim()))
      found.email = "Enter an email address, such as ada@example.com.";
    const length = passwordLengthProblem(form.values.password);
    if (length) found.password = length;
    if (form.showErrors(found, element)) return;
    setDone(await form.send("/signup", form.values, element));
  }
  // The address as the server keeps it (trimmed, lower case), so a typo shows here.
  if (done) return <SignUpSent email={form.values.email.trim().toLowerCase()} body={form.values} />;
  return (
    <form method="post" onSubmit={submit} noValidate>
      <FormNotice message={form.errors.form} />
      <Field label="Organization name" error={form.errors.organization_name}>
        {(props) => <input {...props} {...form.bind("organization_name")} autoComplete="organization" />}
      </Field>
      <Field label="Your name" error={form.errors.name}>
        {(props) => <input {...props} {...form.bind("name")} autoComplete="name" />}
      </Field>
      <Field label="Email" error={form.errors.email}>
        {(props) => <input {...props} {...form.bind("email")} type="email" autoComplete="email" />}
      </Field>
      <NewPasswordField form={form} label="Password" />
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {form.pending ? "Creating your account…" : "Create account"}
      </button>
      <p className="muted">
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}

/**
 * After sign-up: where the email went, a way to have it sent again, and the way to sign in.
 * Sending again is the same sign-up request: for an address still waiting for its link, the
 * server sends a new one (lib/accounts/sign-up.ts), and its answer says no more than the first.
 */
function SignUpSent({ email, body }: { email: string; body: Record<string, string> }) {
  const [again, setAgain] = useState<{ text: string; error: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  async function sendAgain() {
    setPending(true);
    const result = await postAccount("/signup", body);
    setPending(false);
    setAgain(
      result.ok
        ? { text: `We have sent it again to ${email}.`, error: false }
        : { text: result.refusal.message, error: true },
    );
  }
  return (
    <Done>
      <p>
        We have sent an email to <strong data-testid="sent-to">{email}</strong>. Follow its link within 24
        hours to confirm your address. If it does not arrive in a few minutes, check your spam folder.
      </p>
      <p>
        <button type="button" className="btn" onClick={() => void sendAgain()} disabled={pending}>
          {pending ? "Sending…" : "Send the email again"}
        </button>{" "}
        <Link className="btn" href="/sign-in">
          Sign in
        </Link>
      </p>
      {again ? (
        <p role={again.error ? "alert" : "status"} className={again.error ? "field__error" : undefined}>
          {again.text}
        </p>
      ) : null}
    </Done>
  );
}

export function ForgotPasswordForm() {
  const form = useAccountForm(["email"]);
  const [done, setDone] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    if (!/^\S+@\S+\.\S+$/.test(form.values.email.trim())) {
      form.showErrors({ email: "Enter the email address you sign in with." }, element);
      return;
    }
    setDone(await form.send("/password-reset", form.values, element));
  }
  if (done) return <Done>{done}</Done>;
  return (
    <form method="post" onSubmit={submit} noValidate>
      <FormNotice message={form.errors.form} />
      <Field label="Email" error={form.errors.email}>
        {(props) => <input {...props} {...form.bind("email")} type="email" autoComplete="username" />}
      </Field>
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {form.pending ? "Sending…" : "Send me a link"}
      </button>
      <p className="muted">
        Remembered it? <Link href="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const form = useAccountForm(["password"]);
  const [done, setDone] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const length = passwordLengthProblem(form.values.password);
    if (length) {
      form.showErrors({ password: length }, element);
      return;
    }
    // A problem with the link itself is the form's, not the password field's.
    setDone(
      await form.send(
        "/password-reset/confirm",
        { token, password: form.values.password },
        element,
        (field) => (field === "password" ? "password" : "form"),
      ),
    );
  }
  if (done)
    return (
      <Done>
        {done} <Link href="/sign-in">Sign in</Link>
      </Done>
    );
  return (
    <form method="post" onSubmit={submit} noValidate>
      <FormNotice message={form.errors.form} />
      <NewPasswordField form={form} label="New password" />
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {form.pending ? "Setting it…" : "Set the new password"}
      </button>
    </form>
  );
}

/** Uses the verification link as the page opens: following the link is the person's consent. */
export function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<{ kind: "working" } | { kind: "done" | "refused"; message: string }>({
    kind: "working",
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void postAccount("/verification", { token }).then((result) =>
      setState(
        result.ok
          ? { kind: "done", message: `Your email ${(result.body as { email: string }).email} is verified.` }
          : { kind: "refused", message: result.refusal.message },
      ),
    );
  }, [token]);
  if (state.kind === "working") return <p role="status">Checking your link…</p>;
  if (state.kind === "refused")
    return (
      <div className="notice notice--error" role="alert">
        {state.message}
      </div>
    );
  return (
    <Done>
      {state.message} <Link href="/inventory">Go to the portal</Link>
    </Done>
  );
}

/** The portal's banner for a person whose email is not verified yet. */
export function VerifyBanner({ email }: { email: string }) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  async function resend() {
    setPending(true);
    const result = await postAccount("/verification/resend");
    setPending(false);
    setMessage(
      result.ok
        ? { text: `We have sent the link again to ${email}.`, error: false }
        : { text: result.refusal.message, error: true },
    );
  }
  return (
    <div className="notice notice--warning verify-banner" role="region" aria-label="Email verification">
      <p>
        Confirm your email <strong>{email}</strong> with the link we sent you. Until then you can look around,
        but not hold or buy numbers or create API tokens.
      </p>
      <button type="button" className="btn" onClick={() => void resend()} disabled={pending}>
        {pending ? "Sending…" : "Send the link again"}
      </button>
      {message ? (
        <p role={message.error ? "alert" : "status"} className={message.error ? "field__error" : undefined}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
