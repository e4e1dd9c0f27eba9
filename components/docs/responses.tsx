// An operation's responses on /docs: each success with its headers (those beyond the four every
// answer carries, which the tag's note names once), its body's schema and example; the
// errors as one table of statuses and error codes, since every error has the same body.
import { CodeBlock } from "@/components/docs/code-block";
import { FieldLine, SchemaBlock } from "@/components/docs/schema-view";
import type { Schema } from "@/components/docs/schema-words";
import type { Json, OperationContext } from "@/components/docs/operation-context";

export const STANDARD_HEADERS = [
  "X-Request-Id",
  "Access-Control-Allow-Origin",
  "RateLimit",
  "RateLimit-Policy",
];

function headerOf(header: Json, context: OperationContext): Json {
  const ref = typeof header.$ref === "string" ? /^#\/components\/headers\/(.+)$/.exec(header.$ref) : null;
  return ref ? (context.headers[ref[1]] ?? {}) : header;
}

/** "error.code: unauthorized, insufficient_scope" → ["unauthorized", "insufficient_scope"]. */
function errorCodes(description: string): string[] {
  const match = /^error\.code: (.+)$/.exec(description);
  return match ? match[1].split(/,\s*/) : [];
}

export function Responses({ operation, context }: { operation: Json; context: OperationContext }) {
  const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>);
  const successes = responses.filter(([status]) => Number(status) < 400);
  const errors = responses.filter(([status]) => Number(status) >= 400);
  return (
    <>
      <h4>Responses</h4>
      {successes.map(([status, response]) => {
        const headers = Object.entries((response.headers ?? {}) as Record<string, Json>).filter(
          ([name]) => !STANDARD_HEADERS.includes(name),
        );
        const content = Object.entries((response.content ?? {}) as Record<string, Json>);
        return (
          <div className="response" key={status}>
            <p className="response__status">
              <span className="status status--ok">{status}</span> {String(response.description ?? "")}
              {content.length > 0 ? (
                <span className="schema__in"> {content.map(([type]) => type).join(", ")}</span>
              ) : null}
            </p>
            {headers.length > 0 ? (
              <ul className="schema" aria-label={`Headers of the ${status} response`}>
                {headers.map(([name, raw]) => {
                  const header = headerOf(raw, context);
                  return (
                    <FieldLine
                      key={name}
                      name={name}
                      schema={{
                        ...((header.schema ?? {}) as Schema),
                        ...(typeof header.description === "string"
                          ? { description: header.description }
                          : {}),
                      }}
                      required={header.required === true}
                      extra="header"
                      context={{ components: context.schemas, trail: [] }}
                    />
                  );
                })}
              </ul>
            ) : null}
            {content.slice(0, 1).map(([type, media]) => (
              <div key={type}>
                <SchemaBlock schema={(media.schema ?? {}) as Schema} components={context.schemas} />
                {media.example !== undefined ? (
                  <details className="example">
                    <summary>Example response</summary>
                    <CodeBlock
                      code={
                        typeof media.example === "string"
                          ? media.example
                          : JSON.stringify(media.example, null, 2)
                      }
                    />
                  </details>
                ) : null}
              </div>
            ))}
          </div>
        );
      })}
      {errors.length > 0 ? (
        <table className="errors">
          <caption className="visually-hidden">Errors</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">error.code</th>
            </tr>
          </thead>
          <tbody>
            {errors.map(([status, response]) => (
              <tr key={status}>
                <td>
                  <span className="status status--error">{status}</span>
                </td>
                <td>
                  {errorCodes(String(response.description ?? "")).map((code, index) => (
                    <span key={code}>
                      {index > 0 ? ", " : null}
                      <code>{code}</code>
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
