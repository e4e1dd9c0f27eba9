// The API reference, rendered on the server from the OpenAPI document: no client script,
// nothing fetched from elsewhere, and the same document API clients download.
import type { OpenApiDocument, Operation, SchemaObject } from "@/components/docs/openapi-types";
import { typeLabel } from "@/components/docs/openapi-types";

const badgeLabels = { stable: "Stable", draft: "Draft", coming_soon: "Coming Soon", deprecated: "Deprecated" } as const;

function Badge({ badge }: { badge: Operation["x-badge"] }) {
  return <span className={`api-badge api-badge--${badge}`}>{badgeLabels[badge]}</span>;
}

function SchemaLink({ schema }: { schema: SchemaObject | undefined }) {
  const label = typeLabel(schema);
  const name = label.replace(/\[\]$/, "");
  return /^[A-Z]/.test(name) ? <a href={`#schema-${name}`}><code>{label}</code></a> : <code>{label}</code>;
}

function Fields({ schema }: { schema: SchemaObject }) {
  const required = new Set(schema.required ?? []);
  return (
    <table className="api-table">
      <thead>
        <tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Notes</th></tr>
      </thead>
      <tbody>
        {Object.entries(schema.properties ?? {}).map(([name, property]) => (
          <tr key={name}>
            <td><code>{name}</code>{required.has(name) ? <span className="api-required"> required</span> : null}</td>
            <td><SchemaLink schema={property} /></td>
            <td>{property.readOnly ? "Read-only. " : ""}{property.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OperationView({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const success = operation.responses["200"]?.content?.["application/json"]?.schema;
  return (
    <article className="api-operation card" id={operation.operationId} aria-labelledby={`${operation.operationId}-title`}>
      <h3 id={`${operation.operationId}-title`} className="api-operation__title">
        <span className={`api-method api-method--${method}`}>{method.toUpperCase()}</span> <code>/api/v2{path}</code> <Badge badge={operation["x-badge"]} />
      </h3>
      <p>{operation.summary}. {operation.description}</p>
      {operation.parameters.length > 0 ? (
        <table className="api-table">
          <caption>Parameters</caption>
          <thead>
            <tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}-${parameter.name}`}>
                <td><code>{parameter.name}</code>{parameter.required ? <span className="api-required"> required</span> : null}</td>
                <td>{parameter.in}</td>
                <td><SchemaLink schema={parameter.schema} /></td>
                <td>{parameter.description ?? parameter.schema.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {operation.requestBody ? <p>Body: <SchemaLink schema={operation.requestBody.content["application/json"].schema} /> (application/json)</p> : null}
      <p>200: <SchemaLink schema={success} /></p>
      <ul className="api-responses">
        {Object.entries(operation.responses).filter(([status]) => status !== "200").map(([status, response]) => (
          <li key={status}><strong>{status}</strong> {response.description}</li>
        ))}
      </ul>
    </article>
  );
}

export function ApiReference({ document }: { document: OpenApiDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })));
  const tags = [...new Set(operations.map((entry) => entry.operation.tags[0]))];
  return (
    <div className="api-reference">
      <nav aria-label="API sections" className="card api-toc">
        <h2>Endpoints</h2>
        <ul>
          {operations.map(({ path, method, operation }) => (
            <li key={operation.operationId}>
              <a href={`#${operation.operationId}`}>{method.toUpperCase()} {path}</a> {operation["x-badge"] !== "stable" ? <Badge badge={operation["x-badge"]} /> : null}
            </li>
          ))}
        </ul>
      </nav>
      <div className="stack">
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`tag-${tag}`} className="stack">
            <h2 id={`tag-${tag}`}>{tag}</h2>
            {operations.filter((entry) => entry.operation.tags[0] === tag).map((entry) => <OperationView key={entry.operation.operationId} {...entry} />)}
          </section>
        ))}
        <section aria-labelledby="schemas" className="stack">
          <h2 id="schemas">Schemas</h2>
          {Object.entries(document.components.schemas).map(([name, schema]) => (
            <article key={name} id={`schema-${name}`} className="card">
              <h3>{name}</h3>
              {schema.description ? <p>{schema.description}</p> : null}
              {schema.properties ? <Fields schema={schema} /> : <p><SchemaLink schema={schema} /></p>}
            </article>
          ))}
        </section>
      </div>
    </div>
  );
}
