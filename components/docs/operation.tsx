// One operation of the API reference: its heading (a named region, linked by its anchor), method
// and path, lifecycle badge, description, "try it", parameters, request body, responses and code
// samples. Rendered on the server from the tag's OpenAPI document: nothing here runs in the
// browser but the try-it button.
import { CodeBlock } from "@/components/docs/code-block";
import { InlineMarkdown } from "@/components/docs/inline-markdown";
import { FieldLine, SchemaBlock } from "@/components/docs/schema-view";
import { Responses } from "@/components/docs/responses";
import { CodeSamples } from "@/components/docs/code-samples-view";
import { TryIt } from "@/components/docs/try-it";
import type { Schema } from "@/components/docs/schema-words";
import { bodyOf, type Json, type OperationContext } from "@/components/docs/operation-context";

const badgeClasses: Record<string, string> = {
  stable: "badge badge--success",
  draft: "badge badge--warning",
  coming_soon: "badge badge--accent",
  deprecated: "badge badge--danger",
};

type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
};

export function Operation({
  method,
  path,
  anchor,
  operation,
  context,
}: {
  method: string;
  path: string;
  anchor: string;
  operation: Json;
  context: OperationContext;
}) {
  const summary = String(operation.summary ?? `${method.toUpperCase()} ${path}`);
  const badge = typeof operation["x-badge"] === "string" ? operation["x-badge"] : "stable";
  const badgeName = ((operation["x-badges"] as Array<{ name: string }> | undefined) ?? [])[0]?.name ?? badge;
  const parameters = (operation.parameters ?? []) as Parameter[];
  const body = bodyOf(operation);
  const titleId = `${anchor}-title`;
  return (
    <section className="operation" id={anchor} aria-labelledby={titleId}>
      <header className="operation__header">
        <h3 id={titleId}>{summary}</h3>
        <div className="operation__line">
          <span className={`method method--${method}`}>{method.toUpperCase()}</span>
          <code className="operation__path">{path}</code>
          <span className={badgeClasses[badge] ?? "badge"}>{badgeName}</span>
          <a className="operation__anchor" href={`#${anchor}`}>
            Link<span className="visually-hidden"> to {summary}</span>
          </a>
        </div>
      </header>
      <div className="operation__body">
        <div className="operation__main">
          {typeof operation.description === "string" ? (
            <p>
              <InlineMarkdown text={operation.description} />
            </p>
          ) : null}
          <TryIt documentUrl={context.documentUrl} method={method} path={path} />
          {parameters.length > 0 ? (
            <>
              <h4>Parameters</h4>
              <ul className="schema">
                {parameters.map((parameter) => (
                  <FieldLine
                    key={`${parameter.in} ${parameter.name}`}
                    name={parameter.name}
                    schema={{
                      ...(parameter.schema ?? {}),
                      ...(parameter.description ? { description: parameter.description } : {}),
                    }}
                    required={parameter.required === true}
                    extra={parameter.in}
                    context={{ components: context.schemas, trail: [] }}
                  />
                ))}
              </ul>
            </>
          ) : null}
          {body ? (
            <>
              <h4>
                Request body <span className="schema__in">{body.type}</span>
              </h4>
              <SchemaBlock schema={body.schema} components={context.schemas} />
            </>
          ) : null}
          <Responses operation={operation} context={context} />
        </div>
        <div className="operation__aside">
          <CodeSamples method={method} path={path} operation={operation} context={context} />
          {body?.example !== undefined ? (
            <figure className="example">
              <figcaption>Example request body</figcaption>
              <CodeBlock code={JSON.stringify(body.example, null, 2)} />
            </figure>
          ) : null}
        </div>
      </div>
    </section>
  );
}
