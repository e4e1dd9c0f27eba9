"use client";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { describeError } from "@/components/ui/states";
import { apiFetch, ApiClientError } from "@/lib/hooks/api-fetch";
import type { acceptedInvitationResponseSchema } from "@/lib/schemas/members";

// /invitations/{token}: the invited person chooses their name and password and joins. Errors in
// the server's words, beside the field they concern.
export function AcceptInvitationForm({ token }: { token: string }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{
    field: "name" | "password" | null;
    message: string;
    used?: boolean;
  } | null>(null);
  const [joined, setJoined] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const { data } = await apiFetch<typeof acceptedInvitationResponseSchema>(
        `/invitations/${encodeURIComponent(token)}/accept`,
        { method: "POST", body: { name, password } },
      );
      setJoined(data.data.organization_name);
    } catch (failure) {
      const message = describeError(failure);
      // The field the server names in error.details ("body.password: …"), else the whole form.
      const named =
        failure instanceof ApiClientError
          ? /^body\.([a-z_]+)/.exec(failure.body?.error.details ?? "")?.[1]
          : null;
      const field = named === "name" || named === "password" ? named : null;
      const used = failure instanceof ApiClientError && failure.code === "invitation_used";
      setError({ field, message, used });
    } finally {
      setPending(false);
    }
  }

  if (joined)
    return (
      <p role="status">
        You have joined {joined}. <Link href="/sign-in">Sign in</Link> with your email and the password you
        chose.
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="stack">
      <Field label="Your name" error={error?.field === "name" ? error.message : undefined}>
        {(props) => (
          <input
            {...props}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Password"
        hint="12 to 128 characters; not one that is common"
        error={error?.field === "password" ? error.message : undefined}
      >
        {(props) => (
          <input
            {...props}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      {error && error.field === null ? (
        <p className="notice notice--error" role="alert">
          {error.message}
          {error.used ? (
            <>
              {" "}
              <Link href="/sign-in">Sign in</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Joining…" : "Join"}
      </button>
    </form>
  );
}
