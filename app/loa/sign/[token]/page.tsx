// /loa/sign/{token} – the emailed link: read the letter of authorization, then sign it by typing your name
import "server-only";
import type { Metadata } from "next";
import { LoaSignForm } from "@/components/porting/loa-sign-form";
import { formatDate } from "@/components/ui/format";
import { requestTime } from "@/lib/api/request-clock";
import { ApiError } from "@/lib/errors";
import { viewLoaSignature } from "@/lib/porting/loa-signatures";
import type { LoaSigningView } from "@/lib/schemas/loa";

export const metadata: Metadata = { title: "Sign the letter of authorization" };

type Props = { params: Promise<{ token: string }> };

// Read on the server, so the first paint shows the letter, or says in words that the link was
// used or expired, before anything is typed. No sign-in: the link is the credential.
async function readSigning(token: string): Promise<LoaSigningView | ApiError> {
  try {
    return await viewLoaSignature(token, requestTime());
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

const refusalTitles: Partial<Record<ApiError["code"], string>> = {
  loa_link_used: "This letter has already been signed",
  loa_link_expired: "This signing link has expired",
};

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="auth-page" id="main">
      <div className="card auth-card auth-card--wide">
        <div className="brand">
          <span className="brand__mark" aria-hidden="true">
            #
          </span>
          Numbers portal
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export default async function LoaSignPage({ params }: Props) {
  const { token } = await params;
  const view = await readSigning(token);
  if (view instanceof ApiError)
    return (
      <Frame title={refusalTitles[view.code] ?? "This signing link does not work"}>
        <p className="notice notice--warning" role="alert" data-testid="loa-state">
          {view.message} If you still need to sign, ask the organization that sent you the link for a new one.
        </p>
      </Frame>
    );
  const customer = view.customer.business_name ?? view.customer.name;
  return (
    <Frame title="Sign the letter of authorization">
      <p className="muted">
        {view.organization_name} asks you, {view.signer.name}, to authorize moving{" "}
        {view.numbers.length === 1 ? "a telephone number" : `${view.numbers.length} telephone numbers`} of{" "}
        {customer} from {view.losing_carrier.name} to them. Read the letter, then sign it below. The link
        works once, until {formatDate(view.expires_at)}.
      </p>
      <section aria-labelledby="loa-details" className="stack">
        <h2 id="loa-details">The port</h2>
        <dl className="dl" data-testid="loa-summary">
          <dt>Port order</dt>
          <dd>{view.port_order_id}</dd>
          <dt>Customer</dt>
          <dd>{customer}</dd>
          <dt>Service address</dt>
          <dd>{view.service_address}</dd>
          <dt>Current provider</dt>
          <dd>{view.losing_carrier.name}</dd>
          <dt>Account number</dt>
          <dd>{view.losing_carrier.account_number}</dd>
          <dt>Authorized person</dt>
          <dd>{view.losing_carrier.authorized_person}</dd>
          <dt>Requested port date</dt>
          <dd>{formatDate(`${view.requested_foc_date}T10:00:00Z`)}</dd>
          <dt>New provider</dt>
          <dd>{view.organization_name}</dd>
        </dl>
        <h3 id="loa-numbers">Telephone numbers ({view.numbers.length})</h3>
        <ul className="loa-numbers" aria-labelledby="loa-numbers">
          {view.numbers.map((number) => (
            <li key={number}>{number}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="loa-text" className="stack">
        <h2 id="loa-text">The authorization</h2>
        <div className="loa-text" data-testid="loa-text">
          {view.authorization.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <p>
          <a href={`/api/v2/loa_signatures/${encodeURIComponent(token)}/pdf`} download>
            Download the letter as a PDF
          </a>{" "}
          <span className="muted small">(the same letter, to keep or print)</span>
        </p>
      </section>
      <section aria-labelledby="loa-sign" className="stack">
        <h2 id="loa-sign">Sign</h2>
        <LoaSignForm token={token} signerName={view.signer.name} />
      </section>
    </Frame>
  );
}
