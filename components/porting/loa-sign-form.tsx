"use client";
import { useId, useRef, useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { useFocusOn } from "@/components/ui/focus";
import { formatDateTime } from "@/components/ui/format";
import { describeError } from "@/components/ui/states";
import { apiFetch, ApiClientError } from "@/components/hooks/api-fetch";
import { loaSignSchema, type loaSignedResponseSchema } from "@/lib/schemas/loa";

// /loa/sign/{token}: the authorized person types their name and ticks the consent to sign the
// letter shown above. The same schema as the API checks the form first, so the words beside a
// field are the API's; the server's own refusals (a name that is not the requested one, a link
// used or expired meanwhile) land beside the field they name, or above the button.

type FieldName = "typed_name" | "accept";
type Problem = { field: FieldName | null; message: string };

export function LoaSignForm({ token, signerName }: { token: string; signerName: string }) {
  const [typedName, setTypedName] = useState("");
  const [accept, setAccept] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [signedAt, setSignedAt] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const acceptRef = useRef<HTMLInputElement>(null);
  const formErrorRef = useFocusOn<HTMLParagraphElement>(problem?.field === null ? problem : null);
  const doneRef = useFocusOn<HTMLParagraphElement>(signedAt);
  const acceptId = useId();

  function show(next: Problem) {
    setProblem(next);
    if (next.field === "typed_name") nameRef.current?.focus();
    if (next.field === "accept") acceptRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loaSignSchema.safeParse({ typed_name: typedName, accept });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      show({ field: issue.path[0] === "accept" ? "accept" : "typed_name", message: issue.message });
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const { data } = await apiFetch<typeof loaSignedResponseSchema>(
        `/loa_signatures/${encodeURIComponent(token)}`,
        { method: "POST", body: parsed.data },
      );
      setSignedAt(data.data.signed_at);
    } catch (failure) {
      const named =
        failure instanceof ApiClientError
          ? /^body\.([a-z_]+)/.exec(failure.body?.error.details ?? "")?.[1]
          : null;
      show({
        field: named === "typed_name" || named === "accept" ? named : null,
        message: describeError(failure),
      });
    }
    setPending(false);
  }

  if (signedAt)
    return (
      <p
        className="notice notice--success"
        role="status"
        ref={doneRef}
        tabIndex={-1}
        data-testid="loa-signed"
      >
        Signed. You signed the letter of authorization on {formatDateTime(signedAt)}; the organization that
        asked has been given the signed letter. You can close this page.
      </p>
    );
  const acceptError = problem?.field === "accept" ? problem.message : null;
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label="Sign the letter of authorization">
      <Field
        label="Type your full name to sign"
        hint={`As the letter was sent to you: ${signerName}`}
        error={problem?.field === "typed_name" ? problem.message : undefined}
      >
        {(props) => (
          <input
            {...props}
            ref={nameRef}
            name="typed_name"
            autoComplete="name"
            value={typedName}
            onChange={(event) => setTypedName(event.target.value)}
          />
        )}
      </Field>
      <div className="field">
        <label className="check">
          <input
            ref={acceptRef}
            type="checkbox"
            name="accept"
            checked={accept}
            aria-invalid={acceptError ? true : undefined}
            aria-describedby={acceptError ? `${acceptId}-error` : undefined}
            onChange={(event) => setAccept(event.target.checked)}
          />
          <span>I have read this letter and I authorize the port of the numbers it lists.</span>
        </label>
        {acceptError ? (
          <span className="field__error" id={`${acceptId}-error`}>
            {acceptError}
          </span>
        ) : null}
      </div>
      {problem && problem.field === null ? (
        <p className="notice notice--error" role="alert" ref={formErrorRef} tabIndex={-1}>
          {problem.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? "Signing…" : "Sign the letter"}
      </button>
    </form>
  );
}
