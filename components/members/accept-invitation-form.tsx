"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { signInWithCredentials } from "@/components/auth/auth-requests";
import { Field } from "@/components/ui/field";
import { useFocusOn } from "@/components/ui/focus";
import { describeError } from "@/components/ui/states";
import { apiFetch, ApiClientError } from "@/components/hooks/api-fetch";
import type { acceptedInvitationResponseSchema } from "@/lib/schemas/members";

// /invitations/{token}: the invited person chooses their name and password, joins, and is
// signed in with them at once. Errors in the server's words, beside the field they concern.
export function AcceptInvitationForm({
  token,
  email,
  organization,
}: {
  token: string;
  /** The invitation's email: the person signs in with it. */
  email: string;
  organization: string;
}) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{
    field: "name" | "password" | null;
    message: string;
    used?: boolean;
  } | null>(null);
  // Joined, but signing in did not follow (the organization asks for a second factor first).
  const [joined, setJoined] = useState<string | null>(null);
  const errorRef = useFocusOn<HTMLParagraphElement>(error?.field === null ? error : null);
  const joinedRef = useFocusOn<HTMLParagraphElement>(joined);
  const fields = { name: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const { data } = await apiFetch<typeof acceptedInvitationResponseSchema>(
        `/invitations/${encodeURIComponent(token)}/accept`,
        { method: "POST", body: { name, password } },
      );
      const refused = await signInWithCredentials({ email: data.data.email, password }, "/inventory");
      if (refused === null) {
        router.replace("/inventory");
        router.refresh();
        return;
      }
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
      // A field's error: focus goes to that field, whose description now reads the error.
      if (field !== null) fields[field].current?.focus();
    }
    setPending(false);
  }

  if (joined)
    return (
      <p role="status" ref={joinedRef} tabIndex={-1}>
        You have joined {joined}. <Link href="/sign-in">Sign in</Link> with {email} and the password you
        chose.
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={`Join ${organization}`}>
      <Field label="Your name" error={error?.field === "name" ? error.message : undefined}>
        {(props) => (
          <input
            {...props}
            ref={fields.name}
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
            ref={fields.password}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      {error && error.field === null ? (
        <p className="notice notice--error" role="alert" ref={errorRef} tabIndex={-1}>
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
