"use client";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { QueryState } from "@/components/ui/query-state";
import { describeError } from "@/components/ui/states";
import {
  useDisconnectSingleSignOn,
  useSaveSingleSignOn,
  useSingleSignOn,
} from "@/components/hooks/use-single-sign-on";
import { ssoDefaultRoles, type SsoConnectionView } from "@/lib/schemas/sso";

// The owner's single sign-on connection: its state (each domain verified or waiting for
// support), and the form that connects, changes or disconnects it. The server checks every
// field; its message is shown as it is.

type DefaultRole = (typeof ssoDefaultRoles)[number];

export function SingleSignOn() {
  const connection = useSingleSignOn();
  return (
    <QueryState query={connection}>
      {(data) => (
        <div className="stack">
          {data ? (
            <ConnectionState connection={data} />
          ) : (
            <p data-testid="sso-state">
              Not connected. Members sign in with their passwords. Connect your OpenID Connect provider (Okta,
              Entra ID, Google Workspace, Keycloak, …) so they sign in there instead.
            </p>
          )}
          {/* A new form for each saved state, so its fields start from what is stored. */}
          <ConnectionForm key={data?.updated_at ?? "new"} connection={data} />
        </div>
      )}
    </QueryState>
  );
}

function ConnectionState({ connection }: { connection: SsoConnectionView }) {
  const waiting = connection.domains.filter((domain) => !domain.verified).length;
  return (
    <div className="stack" data-testid="sso-state">
      <p>
        Connected to <code>{connection.issuer}</code>
        {connection.required ? ", required for every member but owners." : ", alongside passwords."}{" "}
        {waiting > 0
          ? `${waiting} domain${waiting === 1 ? " waits" : "s wait"} for support to verify it; until then its people sign in with passwords.`
          : null}
      </p>
      <ul className="plain-list">
        {connection.domains.map((domain) => (
          <li key={domain.domain}>
            <code>{domain.domain}</code>{" "}
            <span className={domain.verified ? "badge badge--success" : "badge"}>
              {domain.verified ? "verified" : "waiting for verification"}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted small">
        Register <code>{connection.redirect_uri}</code> as the redirect URI of the client at your provider.
      </p>
    </div>
  );
}

function ConnectionForm({ connection }: { connection: SsoConnectionView | null }) {
  const save = useSaveSingleSignOn();
  const disconnect = useDisconnectSingleSignOn();
  const [issuer, setIssuer] = useState(connection?.issuer ?? "");
  const [clientId, setClientId] = useState(connection?.client_id ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [domains, setDomains] = useState(connection?.domains.map((domain) => domain.domain).join(", ") ?? "");
  const [defaultRole, setDefaultRole] = useState<DefaultRole>(connection?.default_role ?? "viewer");
  const [required, setRequired] = useState(connection?.required ?? false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({
      issuer: issuer.trim(),
      client_id: clientId,
      ...(clientSecret === "" ? {} : { client_secret: clientSecret }),
      domains: domains.split(/[\s,]+/).filter(Boolean),
      default_role: defaultRole,
      required,
    });
  }

  const error = save.error ?? disconnect.error;
  return (
    <form onSubmit={handleSubmit} noValidate className="stack" aria-label="Single sign-on connection">
      {error ? (
        <p className="notice notice--error" role="alert">
          {describeError(error)}
        </p>
      ) : null}
      <Field label="Issuer" hint="The provider's issuer URL, as its tokens name it.">
        {(props) => (
          <input {...props} type="url" value={issuer} onChange={(e) => setIssuer(e.target.value)} />
        )}
      </Field>
      <Field label="Client ID">
        {(props) => (
          <input {...props} type="text" value={clientId} onChange={(e) => setClientId(e.target.value)} />
        )}
      </Field>
      <Field
        label="Client secret"
        hint={connection ? "Stored and never shown again; type a new one only to replace it." : undefined}
      >
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="off"
            value={clientSecret}
            onChange={(e) => setClientSecret(e.target.value)}
          />
        )}
      </Field>
      <Field label="Email domains" hint="Separated by commas, such as example.com, example.org.">
        {(props) => (
          <input {...props} type="text" value={domains} onChange={(e) => setDomains(e.target.value)} />
        )}
      </Field>
      <Field
        label="Role of a new member"
        hint="What a person's first sign-in through the provider makes them."
      >
        {(props) => (
          <select
            {...props}
            value={defaultRole}
            onChange={(e) => setDefaultRole(e.target.value as DefaultRole)}
          >
            {ssoDefaultRoles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="check">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
        <span>Members sign in only through the provider (owners keep their password as a way back in)</span>
      </label>
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {connection ? "Save the connection" : "Connect"}
        </button>
        {connection ? (
          <button
            type="button"
            className="btn btn--danger"
            disabled={disconnect.isPending}
            onClick={() => disconnect.mutate()}
          >
            Disconnect
          </button>
        ) : null}
      </div>
    </form>
  );
}
