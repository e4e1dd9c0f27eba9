import { ApiClientError, apiFetch } from "@/components/hooks/api-fetch";

// The account endpoints as the portal's forms call them, through the portal's one fetch client
// (same origin: the session cookie and Origin go along). A refusal comes back as the field it
// names (from error.details) and the server's words, so the form can put it beside the field.

export type Refusal = { field: string | null; message: string };

/**
 * Posts; answers the server's body, or throws its refusal as an ApiClientError whose message is
 * the words the account pages show (the forms put it beside its field through components/ui/form).
 */
export async function sendAccount(path: string, body?: unknown): Promise<unknown> {
  try {
    return (await apiFetch(path, { method: "POST", body })).data;
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    throw new ApiClientError(error.status, error.body, messageOf(error));
  }
}

export async function postAccount(
  path: string,
  body?: unknown,
): Promise<{ ok: true; body: unknown } | { ok: false; refusal: Refusal }> {
  try {
    return { ok: true, body: await sendAccount(path, body) };
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    const details = error.body?.error.details ?? "";
    return {
      ok: false,
      refusal: { field: /^body\.([a-z_]+)/.exec(details)?.[1] ?? null, message: error.message },
    };
  }
}

function messageOf(error: ApiClientError): string {
  if (error.status === 0) return "The portal could not be reached; check your connection and try again.";
  return error.body?.error.message ?? `The request failed (HTTP ${error.status}).`;
}
