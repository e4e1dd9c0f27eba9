// The account endpoints as the portal's forms call them (same origin: the session cookie and
// Origin go along). A refusal comes back as the field it names (from error.details) and the
// server's words, so the form can put it beside the field.

export type Refusal = { field: string | null; message: string };

export async function postAccount(
  path: string,
  body?: unknown,
): Promise<{ ok: true; body: unknown } | { ok: false; refusal: Refusal }> {
  let response: Response;
  try {
    response = await fetch(`/api/v2${path}`, {
      method: "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      refusal: {
        field: null,
        message: "The portal could not be reached; check your connection and try again.",
      },
    };
  }
  const parsed = (await response.json().catch(() => null)) as {
    error?: { message?: string; details?: string };
  } | null;
  if (response.ok) return { ok: true, body: parsed };
  const details = parsed?.error?.details ?? "";
  const field = /^body\.([a-z_]+)/.exec(details)?.[1] ?? null;
  return {
    ok: false,
    refusal: { field, message: parsed?.error?.message ?? `The request failed (HTTP ${response.status}).` },
  };
}
