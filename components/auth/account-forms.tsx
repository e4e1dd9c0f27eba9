"use client";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useForm, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import {
  FormError,
  FormField,
  requestResolver,
  submitRequest,
  type RequestFields,
} from "@/components/ui/form";
import { postAccount, sendAccount } from "@/components/auth/account-requests";
import type { SignUpRequest } from "@/lib/schemas/accounts";
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthProblem } from "@/lib/schemas/password";

// The portal's account forms (docs/CONTRACT.md §15): sign-up, forgot and reset password, and the
// verification page. Each puts the server's words beside the field they name.

type SignUpValues = { organization_name: string; name: string; email: string; password: string };

const signUpFields = {
  organization_name: { field: "organization_name", words: "The organization name" },
  name: { field: "name", words: "Your name" },
  email: { field: "email", words: "The email" },
  password: { field: "password", words: "The password" },
} as const;
const emailFields = { email: { field: "email", words: "The email" } } as const;
const passwordFields = { password: { field: "password", words: "The password" } } as const;

function loadSchemas() {
  return import("@/lib/schemas/accounts");
}

// The browser's own words for what it can tell at once; the route's schema checks the rest.
const looksLikeEmail = (email: string) => /^\S+@\S+\.\S+$/.test(email.trim());

const signUpResolver = requestResolver({
  schema: () => loadSchemas().then((module) => module.signUpRequestSchema),
  toRequest: (values: SignUpValues) => values,
  fields: signUpFields,
  precheck: (values) => ({
    organization_name: values.organization_name.trim() ? undefined : "Enter your organization's name.",
    name: values.name.trim() ? undefined : "Enter your name.",
    email: looksLikeEmail(values.email) ? undefined : "Enter an email address, such as ada@example.com.",
    password: passwordLengthProblem(values.password) ?? undefined,
  }),
});

const forgotResolver = requestResolver({
  schema: () => loadSchemas().then((module) => module.passwordResetRequestSchema),
  toRequest: (values: { email: string }) => values,
  fields: emailFields,
  precheck: ({ email }) => ({
    email: looksLikeEmail(email) ? undefined : "Enter the email address you sign in with.",
  }),
});

/**
 * One account form: checked and sent through components/ui/form, so the server's refusals stand
 * beside the field they name (the rest above the fields) and focus goes to the first in error.
 * `done`: the server's answer and the request it took, once it has.
 */
function useAccountSubmit<V extends FieldValues, R>(
  form: UseFormReturn<V, unknown, R>,
  fields: RequestFields<V>,
  path: string,
  body: (request: R) => unknown = (request) => request,
) {
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<{ message: string; request: R } | null>(null);
  const submit = submitRequest(form, fields, async (request) => {
    setPending(true);
    try {
      const answer = (await sendAccount(path, body(request))) as { message: string };
      setDone({ message: answer.message, request });
    } finally {
      setPending(false);
    }
  });
  return { pending, done, submit };
}

function NewPasswordField<V extends { password: string }, R>({
  form,
  label,
}: {
  form: UseFormReturn<V, unknown, R>;
  label: string;
}) {
  return (
    <FormField form={form} name={"password" as Path<V>} label={label} hint={passwordHint}>
      {(props) => <input {...props} type="password" autoComplete="new-password" />}
    </FormField>
  );
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
  const form = useForm<SignUpValues, unknown, SignUpRequest>({
    resolver: signUpResolver,
    shouldFocusError: false,
    defaultValues: { organization_name: "", name: "", email: "", password: "" },
  });
  const { pending, done, submit } = useAccountSubmit(form, signUpFields, "/signup");
  // The address as the server keeps it (trimmed, lower case), so a typo shows here.
  if (done) return <SignUpSent email={done.request.email} body={done.request} />;
  return (
    <form method="post" onSubmit={submit} onFocus={() => void loadSchemas()} noValidate>
      <FormError form={form} />
      <FormField form={form} name="organization_name" label="Organization name">
        {(props) => <input {...props} autoComplete="organization" />}
      </FormField>
      <FormField form={form} name="name" label="Your name">
        {(props) => <input {...props} autoComplete="name" />}
      </FormField>
      <FormField form={form} name="email" label="Email">
        {(props) => <input {...props} type="email" autoComplete="email" />}
      </FormField>
      <NewPasswordField form={form} label="Password" />
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Creating your account…" : "Create account"}
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
function SignUpSent({ email, body }: { email: string; body: SignUpRequest }) {
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
  const form = useForm({
    resolver: forgotResolver,
    shouldFocusError: false,
    defaultValues: { email: "" },
  });
  const { pending, done, submit } = useAccountSubmit(form, emailFields, "/password-reset");
  if (done) return <Done>{done.message}</Done>;
  return (
    <form method="post" onSubmit={submit} onFocus={() => void loadSchemas()} noValidate>
      <FormError form={form} />
      <FormField form={form} name="email" label="Email">
        {(props) => <input {...props} type="email" autoComplete="username" />}
      </FormField>
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Sending…" : "Send me a link"}
      </button>
      <p className="muted">
        Remembered it? <Link href="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  // A problem with the link itself (its token) is the form's, not the password field's.
  const resolver = useMemo(
    () =>
      requestResolver({
        schema: () => loadSchemas().then((module) => module.passwordResetConfirmSchema),
        toRequest: ({ password }: { password: string }) => ({ token, password }),
        fields: passwordFields,
        precheck: ({ password }) => ({ password: passwordLengthProblem(password) ?? undefined }),
      }),
    [token],
  );
  const form = useForm({
    resolver,
    shouldFocusError: false,
    defaultValues: { password: "" },
  });
  const { pending, done, submit } = useAccountSubmit(form, passwordFields, "/password-reset/confirm");
  if (done)
    return (
      <Done>
        {done.message} <Link href="/sign-in">Sign in</Link>
      </Done>
    );
  return (
    <form method="post" onSubmit={submit} onFocus={() => void loadSchemas()} noValidate>
      <FormError form={form} />
      <NewPasswordField form={form} label="New password" />
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Setting it…" : "Set the new password"}
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
