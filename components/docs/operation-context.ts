// What an operation's parts on /docs read besides the operation: the tag document's components,
// the API's URL, the tag's document for "try it"; and the operation's request body.
import type { Components, Schema } from "@/components/docs/schema-words";

export type Json = Record<string, unknown>;

export type OperationContext = {
  /** components.schemas of the tag's document. */
  schemas: Components;
  /** components.headers of the tag's document. */
  headers: Record<string, Json>;
  /** The API's URL as a client reaches it: origin + the document's server URL (/api/v2). */
  apiBase: string;
  /** The tag's own OpenAPI document, which the request client loads. */
  documentUrl: string;
};

/** The request body's JSON or form content, whichever the operation takes. */
export function bodyOf(operation: Json): { type: string; schema: Schema; example?: unknown } | null {
  const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  const [type, media] = Object.entries(content)[0] ?? [];
  if (!type || !media) return null;
  return { type, schema: (media.schema ?? {}) as Schema, example: media.example };
}
