"use client";
import { useState } from "react";
import { useRequestLoaSignature } from "@/components/hooks/use-porting";
import type { PortOrder } from "@/components/hooks/porting-types";
import { StepFooter } from "@/components/porting/new-port/check-step";
import { Field } from "@/components/ui/field";
import { describeError } from "@/components/ui/states";

// Step 3: the letter of authorization. The authorized person gets a single-use link by email,
// reads the LOA and signs it by typing their name; the page follows the order until it says
// signed (the wizard polls it while this step is open).

/** The LOA's state and the form that emails the signing link; it updates when the order does. */
export function LoaRequestForm({
  order,
  requestedTo,
  onRequested,
}: {
  order: PortOrder;
  /** Where this visit already sent a signing link (kept when going back and forth). */
  requestedTo: string | null;
  onRequested: (email: string) => void;
}) {
  const request = useRequestLoaSignature();
  const [name, setName] = useState(order.losing_carrier.authorized_person);
  const [email, setEmail] = useState(requestedTo ?? "");
  const [problem, setProblem] = useState<{ name?: string; email?: string; form?: string }>({});
  const signed = order.loa_signed;

  async function send() {
    const found = {
      name: name.trim() ? undefined : "Type the name of the person who signs.",
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
        ? undefined
        : "Type the email address the link goes to.",
    };
    setProblem(found);
    if (found.name || found.email) return;
    try {
      await request.mutateAsync({ portOrderId: order.port_order_id, name: name.trim(), email: email.trim() });
      onRequested(email.trim());
    } catch (error) {
      setProblem({ form: describeError(error) });
    }
  }

  return (
    <div className="stack">
      <p>
        The losing carrier releases the numbers only on a letter of authorization signed by the authorized
        person.{" "}
        <a href={`/api/v2/port_orders/${encodeURIComponent(order.port_order_id)}/loa`}>Read the LOA (PDF)</a>
      </p>
      <div role="status" data-testid="loa-status">
        {signed ? (
          <p className="notice notice--success">Signed. The signed LOA is kept with your documents.</p>
        ) : requestedTo ? (
          <p className="notice notice--warning">
            Waiting for signature: a link went to {requestedTo}. This page updates when it is signed.
          </p>
        ) : null}
      </div>
      {signed ? null : (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <div className="form-grid">
            <Field label="Signer's name" error={problem.name}>
              {(props) => (
                <input
                  {...props}
                  name="signer_name"
                  autoComplete="off"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              )}
            </Field>
            <Field label="Signer's email" error={problem.email}>
              {(props) => (
                <input
                  {...props}
                  name="signer_email"
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
          </div>
          {problem.form ? (
            <div className="notice notice--error" role="alert">
              {problem.form}
            </div>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="btn" disabled={request.isPending}>
              {request.isPending
                ? "Sending…"
                : requestedTo
                  ? "Send the link again"
                  : "Request signature by email"}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

export function LoaStep({
  order,
  requestedTo,
  onRequested,
  onBack,
  onNext,
}: {
  order: PortOrder;
  requestedTo: string | null;
  onRequested: (email: string) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  return (
    <section className="card stack" aria-labelledby="loa-heading">
      <h2 id="loa-heading" className="card__title">
        LOA signature
      </h2>
      <LoaRequestForm order={order} requestedTo={requestedTo} onRequested={onRequested} />
      <StepFooter
        missing={order.loa_signed ? [] : ["the signed letter of authorization"]}
        next="Continue to review"
        onBack={onBack}
        onNext={onNext}
      />
    </section>
  );
}
