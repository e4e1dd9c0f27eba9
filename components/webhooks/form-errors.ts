import { ApiClientError } from "@/lib/hooks/api-fetch";

// A refusal from POST /webhooks, put beside the field it is about and said with the form's
// words: the API names the field first ("url must use https"), the form says "This address".

export type FormErrors = Partial<Record<"url" | "events" | "description" | "form", string>>;

const fieldWords = { url: "This address", events: "The events", description: "The description" } as const;

/** `fallback`: the whole error in words, for an answer that names no field of the form. */
export function fieldErrors(error: unknown, fallback: string): FormErrors {
  if (!(error instanceof ApiClientError) || error.status !== 400 || !error.body) return { form: fallback };
  const field = /^body\.(url|events|description)\b/.exec(error.body.error.details)?.[1];
  if (field !== "url" && field !== "events" && field !== "description") return { form: fallback };
  const message = error.body.error.message.replace(/^(url|events|description)(\.\d+)?\b/, fieldWords[field]);
  return { [field]: message.charAt(0).toUpperCase() + message.slice(1) };
}
