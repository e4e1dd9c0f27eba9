// An operation's code samples on /docs: curl open, JavaScript and Python a click away.
import { CodeBlock } from "@/components/docs/code-block";
import { codeSamples, type SampleOperation } from "@/components/docs/code-samples";
import { bodyOf, type Json, type OperationContext } from "@/components/docs/operation-context";
import { resolve, type Schema } from "@/components/docs/schema-words";

type Parameter = { name: string; in: string; required?: boolean; example?: unknown; schema?: Schema };

/** What the samples need of an operation, read from the document. */
function sampleOperation(
  method: string,
  path: string,
  operation: Json,
  context: OperationContext,
): SampleOperation {
  const parameters = (operation.parameters ?? []) as Parameter[];
  const exampleOf = (parameter: Parameter) =>
    parameter.example ?? (parameter.schema?.examples as unknown[] | undefined)?.[0];
  const security = (operation.security ?? []) as Array<Record<string, unknown>>;
  const body = bodyOf(operation);
  const sample: SampleOperation = {
    method,
    path,
    pathExamples: Object.fromEntries(
      parameters
        .filter((parameter) => parameter.in === "path" && exampleOf(parameter) !== undefined)
        .map((parameter) => [parameter.name, exampleOf(parameter)]),
    ),
    queryExamples: parameters
      .filter(
        (parameter) => parameter.in === "query" && parameter.required && exampleOf(parameter) !== undefined,
      )
      .map((parameter) => [parameter.name, exampleOf(parameter)]),
    bearer:
      security.length === 0 ||
      security.some((requirement) => "bearerAuth" in requirement || Object.keys(requirement).length === 0),
  };
  if (body?.type === "application/json") sample.jsonBody = body.example ?? {};
  if (body?.type === "multipart/form-data") {
    const form = resolve(body.schema, context.schemas);
    const required = new Set((form.required ?? []) as string[]);
    sample.formFields = Object.entries((form.properties ?? {}) as Record<string, Schema>)
      .filter(([name]) => required.has(name))
      .map(([name, field]) => {
        const resolved = resolve(field, context.schemas);
        return {
          name,
          file: resolved.format === "binary" || resolved.contentMediaType !== undefined,
          example: (resolved.examples as unknown[] | undefined)?.[0],
        };
      });
  }
  return sample;
}

export function CodeSamples({
  method,
  path,
  operation,
  context,
}: {
  method: string;
  path: string;
  operation: Json;
  context: OperationContext;
}) {
  const samples = codeSamples(context.apiBase, sampleOperation(method, path, operation, context));
  return (
    <div className="samples">
      <h4>Code samples</h4>
      {samples.map((sample, index) => (
        <details key={sample.language} className="sample" open={index === 0}>
          <summary>{sample.language}</summary>
          <CodeBlock code={sample.code} />
        </details>
      ))}
    </div>
  );
}
