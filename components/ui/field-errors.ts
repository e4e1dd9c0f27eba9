import { ApiClientError } from "@/components/hooks/api-fetch";

// Use: `serverFieldErrors(error, { name: "The name", scopes: "The scopes" })` after a refused
// request puts the API's message beside the field it names, in the form's words; `inWords`
// does the same for a message from the shared zod schema checked in the browser.
//
// The error body of docs/CONTRACT.md §3 names the bad field by its path in `error.details`:
// "body.name=", "body.events.1=order.x", "body.rules[2].action.destination=…"; several bad
// fields may be listed, separated by "; ". Its message starts with the API's field name
// ("name must be 1 to 100 characters"), which is not a word for the person filling the form.

/** The form's words for each field it shows, keyed by the request body's field path. */
export type FieldWords<F extends string> = Readonly<Record<F, string>>;

export type ServerFieldErrors<F extends string> = {
  fields: Partial<Record<F, string>>;
  /** The error in words when it names no field of this form, else null. */
  form: string | null;
};

const PATH = /(?:^|[\s;,])(?:body|query|params)\.([A-Za-z0-9_.[\]]+?)(?==|;|,|\s|$)/g;

/** Field paths named in `details`, without their location: "body.rules[2].to=x" → ["rules.2.to"]. */
export function detailPaths(details: string): string[] {
  return [...details.matchAll(PATH)].map((match) => match[1].replace(/\[(\d+)\]/g, ".$1"));
}

/** The form field a path belongs to: itself, or the nearest listed field it lies under. */
export function fieldForPath<F extends string>(path: string, fields: readonly F[]): F | null {
  let best: F | null = null;
  for (const field of fields) {
    const under = path === field || path.startsWith(`${field}.`);
    if (under && (best === null || field.length > best.length)) best = field;
  }
  return best;
}

/**
 * `message` said with `words` in place of the API's name for the field: "name must be …" →
 * "The name must be …"; "url: Invalid URL" → "Invalid URL"; anything else capitalised.
 */
export function inWords(message: string, field: string, words: string): string {
  const name = field.split(".")[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const named = new RegExp(`^${name}(?:\\.\\d+|\\[\\d+\\])*(:?)\\s+`).exec(message);
  if (!named) return capitalise(message);
  const rest = message.slice(named[0].length);
  return named[1] === ":" ? capitalise(rest) : `${words} ${rest}`;
}

/** A 400/409/… refusal split into messages beside the form's fields and one for the whole form. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  words: FieldWords<F>,
  fallback: string,
): ServerFieldErrors<F> {
  if (!(error instanceof ApiClientError) || !error.body) return { fields: {}, form: fallback };
  const names = Object.keys(words) as F[];
  const fields: Partial<Record<F, string>> = {};
  for (const path of detailPaths(error.body.error.details)) {
    const field = fieldForPath(path, names);
    if (field) fields[field] ??= inWords(error.body.error.message, path, words[field]);
  }
  return Object.keys(fields).length > 0 ? { fields, form: null } : { fields, form: fallback };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
