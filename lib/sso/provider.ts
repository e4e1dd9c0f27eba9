import { custom, errors, generators, Issuer, type BaseClient } from "openid-client";

// The OpenID Connect relying party, with openid-client (the library next-auth itself uses): it
// reads the provider's discovery document and keys, builds the authorization URL (code flow
// with PKCE S256, state and nonce) and redeems the code, checking the ID token's signature
// against the provider's published keys, its issuer, audience, expiry and nonce. Nothing
// here decides who may sign in: lib/sso/sign-in.ts does, from the claims this returns.

// A provider that does not answer must not hold a person's browser (or a server worker) for long.
custom.setHttpOptionsDefaults({ timeout: 5000 });

export type ProviderClient = { issuer: string; clientId: string; clientSecret: string; redirectUri: string };

/** Why the provider's answer was refused, for the audit log and the page the person sees. */
export type TokenRefusal =
  | "provider_unavailable"
  | "provider_error"
  | "wrong_issuer"
  | "wrong_audience"
  | "bad_signature"
  | "token_expired"
  | "nonce_mismatch"
  | "id_token_invalid";

export class ProviderRefused extends Error {
  constructor(
    readonly reason: TokenRefusal,
    detail: string,
  ) {
    super(detail);
    this.name = "ProviderRefused";
  }
}

/** How long a provider's discovery document and keys are used before they are read again. */
export const PROVIDER_METADATA_TTL_MS = 15 * 60_000;

// Per issuer: its discovery document (as openid-client's Issuer, which keeps the keys it read
// from jwks_uri), until when it is used, and the key ids its keys were read for.
type Discovered = { issuer: Issuer<BaseClient>; readUntilMs: number; refreshedKids: Set<string> };
const discovered = new Map<string, Promise<Discovered>>();

/** The provider's metadata, read once per PROVIDER_METADATA_TTL_MS (one read for callers at once). */
async function discover(issuerUrl: string, now: Date): Promise<Discovered> {
  const cached = discovered.get(issuerUrl);
  const entry = await cached?.catch(() => null);
  if (entry && entry.readUntilMs > now.getTime()) return entry;
  // Past its time (or failed): a new read, unless a caller at the same moment started one.
  if (discovered.get(issuerUrl) === cached) {
    const reading = Issuer.discover(issuerUrl).then((issuer) => ({
      issuer,
      readUntilMs: now.getTime() + PROVIDER_METADATA_TTL_MS,
      refreshedKids: new Set<string>(),
    }));
    discovered.set(issuerUrl, reading);
    // A provider that did not answer is asked again by the next sign-in.
    reading.catch(() => discovered.get(issuerUrl) === reading && discovered.delete(issuerUrl));
  }
  try {
    return await (discovered.get(issuerUrl) as Promise<Discovered>);
  } catch (error) {
    throw new ProviderRefused("provider_unavailable", error instanceof Error ? error.message : String(error));
  }
}

/**
 * A key id not seen from this provider since its metadata was read: its keys are read again,
 * once for that id, before the ID token is checked against them. A provider that rotated its
 * keys is followed at once (openid-client alone waits a minute after its last read); a key id
 * still unknown after that one read is refused as a bad signature, and asks for no more reads.
 */
async function refreshKeysFor(entry: Discovered, idToken: string | undefined): Promise<void> {
  const kid = idToken ? kidOf(idToken) : undefined;
  if (kid === undefined || entry.refreshedKids.has(kid)) return;
  entry.refreshedKids.add(kid);
  // Issuer#reloadJwksUri: in openid-client 5's code, not in its type declarations.
  await (entry.issuer.reloadJwksUri as () => Promise<void>).call(entry.issuer);
}

function kidOf(jwt: string): string | undefined {
  try {
    const header: unknown = JSON.parse(Buffer.from(jwt.split(".")[0], "base64url").toString("utf8"));
    const kid = typeof header === "object" && header !== null && "kid" in header ? header.kid : undefined;
    return typeof kid === "string" ? kid : undefined;
  } catch {
    return undefined;
  }
}

async function clientFor(provider: ProviderClient, now: Date): Promise<BaseClient> {
  const entry = await discover(provider.issuer, now);
  const client = new entry.issuer.Client({
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    redirect_uris: [provider.redirectUri],
    response_types: ["code"],
    id_token_signed_response_alg: "RS256",
  });
  // client.callback redeems the code with grant, then checks the ID token against the keys.
  const grant = client.grant.bind(client);
  client.grant = async (...args) => {
    const tokens = await grant(...args);
    await refreshKeysFor(entry, tokens.id_token);
    return tokens;
  };
  return client;
}

/** What one sign-in sends the provider and must check on the way back. */
type Checks = { state: string; nonce: string; codeVerifier: string };

export function newChecks(): Checks {
  return {
    state: generators.state(32),
    nonce: generators.nonce(32),
    codeVerifier: generators.codeVerifier(32),
  };
}

/** The provider's authorization URL for one sign-in; ProviderRefused when it cannot be read. */
export async function authorizationUrl(
  provider: ProviderClient,
  checks: Checks,
  email: string,
  now: Date,
): Promise<string> {
  const client = await clientFor(provider, now);
  return client.authorizationUrl({
    scope: "openid email profile",
    response_type: "code",
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: generators.codeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    // The provider may fill in the email the person already typed here.
    login_hint: email,
  });
}

// openid-client's refusals carry no code; its messages are stable within a major version,
// and the sign-in tests walk each of them against a real provider.
const REFUSALS: ReadonlyArray<[RegExp, TokenRefusal]> = [
  [/^unexpected iss value/, "wrong_issuer"],
  [/^(aud mismatch|aud is missing|azp mismatch|missing required JWT property azp)/, "wrong_audience"],
  [/^(failed to validate JWT signature|no valid key found)/, "bad_signature"],
  [/^JWT expired/, "token_expired"],
  [/^nonce mismatch/, "nonce_mismatch"],
];

function refusalOf(error: unknown): ProviderRefused {
  if (error instanceof ProviderRefused) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof errors.OPError) return new ProviderRefused("provider_error", message);
  if (error instanceof errors.RPError) {
    const reason = REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? "id_token_invalid";
    return new ProviderRefused(reason, message);
  }
  // No answer, or one that is not OAuth (a timeout, a refused connection, a broken body).
  return new ProviderRefused("provider_unavailable", message);
}

/**
 * Redeems the code the provider sent back (`callbackUrl`, the whole URL it redirected to) and
 * answers the ID token's claims once every check passed; ProviderRefused otherwise.
 */
export async function redeemCode(
  provider: ProviderClient,
  callbackUrl: string,
  checks: Checks,
  now: Date,
): Promise<Record<string, unknown>> {
  try {
    const client = await clientFor(provider, now);
    const tokens = await client.callback(provider.redirectUri, client.callbackParams(callbackUrl), {
      state: checks.state,
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      response_type: "code",
    });
    if (!tokens.id_token) throw new ProviderRefused("id_token_invalid", "the provider sent no ID token");
    return tokens.claims();
  } catch (error) {
    throw refusalOf(error);
  }
}
