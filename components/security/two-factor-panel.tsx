"use client";
import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { SecretBox } from "@/components/ui/secret-box";
import { QueryState } from "@/components/ui/query-state";
import { describeError } from "@/components/ui/states";
import { useFocusOn } from "@/components/ui/focus";
import { formatDateTime } from "@/components/ui/format";
import { queryKeys } from "@/components/hooks/query-keys";
import {
  useDisableTwoFactor,
  useRecoveryCodes,
  useStartEnrolment,
  useTwoFactorStatus,
} from "@/components/hooks/use-security";

/** Two-factor sign-in: set up (QR code, confirm a code), recovery codes once, turn off. */
export function TwoFactorPanel() {
  // Each finished step (codes stored, two-factor turned off) moves focus to the panel, which
  // then says the new state: the button pressed is gone, and focus must not fall to the page.
  const [steps, setSteps] = useState(0);
  const panelRef = useFocusOn<HTMLDivElement>(steps === 0 ? null : steps);
  return (
    <div ref={panelRef} tabIndex={-1} className="focus-target" data-testid="two-factor-panel">
      <TwoFactorState onStepDone={() => setSteps((count) => count + 1)} />
    </div>
  );
}

function TwoFactorState({ onStepDone }: { onStepDone: () => void }) {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const shown = (received: string[]) => setCodes(received);

  if (codes)
    return (
      <SecretBox
        title="Your recovery codes"
        secret={codes}
        copyLabel="Copy recovery codes"
        downloadName="numbers-recovery-codes.txt"
        testId="recovery-codes"
        // The new state is read first, so the panel focused next says "on", not the old "off".
        onDone={() =>
          void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor() }).then(() => {
            setCodes(null);
            onStepDone();
          })
        }
      >
        <p className="small">
          Each code signs you in once in place of a code from your app, should you lose your phone. Keep them
          somewhere safe, apart from your password.
        </p>
      </SecretBox>
    );
  return (
    <QueryState query={status}>
      {(data) => {
        if (!data.enabled) return <Enrolment required={data.required_by_organization} onCodes={shown} />;
        return (
          <div className="stack">
            <p>
              Two-factor sign-in is <strong>on</strong>
              {data.enabled_at ? ` since ${formatDateTime(data.enabled_at)}` : ""}. {data.recovery_codes_left}{" "}
              of 10 recovery codes left.
            </p>
            <CodeForm
              label="Make new recovery codes"
              hint="Enter a code from your app. The old recovery codes stop working."
              button="Make new codes"
              path="/two-factor/recovery-codes"
              onCodes={shown}
            />
            {data.required_by_organization ? (
              <p className="small muted">
                Your organization requires two-factor sign-in, so it cannot be turned off.
              </p>
            ) : (
              <TurnOff onDone={onStepDone} />
            )}
          </div>
        );
      }}
    </QueryState>
  );
}

function Enrolment({ required, onCodes }: { required: boolean; onCodes: (codes: string[]) => void }) {
  const start = useStartEnrolment();
  // "Set up" is replaced by the first step: focus goes to it.
  const firstStep = useFocusOn<HTMLParagraphElement>(start.data);
  if (!start.data)
    return (
      <div className="stack">
        {required ? (
          <p className="notice notice--warning" role="status">
            Your organization requires two-factor sign-in. Set it up to continue using the portal.
          </p>
        ) : (
          <p>
            Two-factor sign-in is off. With it on, signing in also needs a code from an app on your phone.
          </p>
        )}
        <div>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => start.mutate()}
            disabled={start.isPending}
          >
            {start.isPending ? "Preparing…" : "Set up two-factor sign-in"}
          </button>
        </div>
        {start.isError ? (
          <p className="notice notice--error" role="alert">
            {describeError(start.error)}
          </p>
        ) : null}
      </div>
    );
  const image = `data:image/svg+xml;base64,${btoa(start.data.qr_code_svg)}`;
  return (
    <div className="stack">
      <p ref={firstStep} tabIndex={-1}>
        1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).
      </p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made by the server */}
      <img src={image} alt="QR code to add this account to an authenticator app" width={200} height={200} />
      <p className="small">
        Cannot scan? Enter this key instead: <code data-testid="totp-secret">{start.data.secret}</code>
      </p>
      <CodeForm
        label="2. Enter the 6-digit code the app shows"
        button="Turn on two-factor sign-in"
        path="/two-factor/enrolment/confirm"
        onCodes={onCodes}
      />
    </div>
  );
}

function CodeForm({
  label,
  hint,
  button,
  path,
  onCodes,
}: {
  label: string;
  hint?: string;
  button: string;
  path: "/two-factor/enrolment/confirm" | "/two-factor/recovery-codes";
  onCodes: (codes: string[]) => void;
}) {
  const send = useRecoveryCodes(path);
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ message: string } | null>(null);
  // A refused code: focus goes back to the field, whose description now reads why.
  const input = useFocusOn<HTMLInputElement>(error);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim()))
      return setError({ message: "Enter the 6 digits your authenticator app shows" });
    setError(null);
    try {
      onCodes(await send.mutateAsync(code.trim()));
    } catch (failure) {
      setError({ message: describeError(failure) });
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={button}>
      <div className="stack">
        <Field label={label} hint={hint} error={error?.message}>
          {(props) => (
            <input
              {...props}
              ref={input}
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </Field>
        <div>
          <button type="submit" className="btn btn--primary" disabled={send.isPending}>
            {send.isPending ? "Checking…" : button}
          </button>
        </div>
      </div>
    </form>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  return (
    <div className="stack">
      <Field label="Your password, to turn two-factor sign-in off">
        {(props) => (
          <input
            {...props}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <div>
        <ConfirmButton
          label="Turn off two-factor sign-in"
          confirmLabel="Yes, turn off two-factor sign-in"
          pendingLabel="Turning off…"
          pending={disable.isPending}
          error={disable.error}
          onConfirm={() => disable.mutate(password, { onSuccess: onDone })}
        />
      </div>
    </div>
  );
}
