// A JSON Schema of the OpenAPI document as a list of fields: each with its type, whether it is
// required, its limits and its description; nested objects, items and alternatives folded in
// <details> beneath (closed, as a reader opens what they need). Rendered on the server.
import {
  alternatives,
  fieldView,
  hasChildren,
  propertiesOf,
  refName,
  resolve,
  typeLabel,
  type Components,
  type Schema,
} from "@/components/docs/schema-words";
import { InlineMarkdown } from "@/components/docs/inline-markdown";

// Deep enough for every schema the API has (a rule's actions are four levels down); a component
// already being shown above is named, not expanded again (recursive schemas end there).
const MAX_DEPTH = 6;

type Context = { components: Components; trail: readonly string[] };

/** One line of a field: name, type, required; then its limits and description. */
export function FieldLine({
  name,
  schema,
  required,
  context,
  extra,
}: {
  name: string;
  schema: Schema;
  required: boolean;
  context: Context;
  extra?: string;
}) {
  const view = fieldView(schema, context.components);
  return (
    <li className="schema__field">
      <div className="schema__head">
        <code className="schema__name">{name}</code>
        <span className="schema__type">{view.label}</span>
        {extra ? <span className="schema__in">{extra}</span> : null}
        {required ? <span className="schema__required">required</span> : null}
      </div>
      {view.limits.length > 0 ? <p className="schema__limits">{view.limits.join(" · ")}</p> : null}
      {view.description ? (
        <p className="schema__description">
          <InlineMarkdown text={view.description} />
        </p>
      ) : null}
      {view.nested ? <Nested schema={schema} context={context} label={`The fields of ${name}`} /> : null}
    </li>
  );
}

function Nested({ schema, context, label }: { schema: Schema; context: Context; label: string }) {
  return (
    <details className="schema__nested">
      <summary>{label}</summary>
      <SchemaChildren schema={schema} context={context} />
    </details>
  );
}

/** What is beneath a schema's type line: its properties, its items', its alternatives, a map's values. */
function SchemaChildren({ schema, context }: { schema: Schema; context: Context }) {
  const name = refName(schema);
  if (name !== null && context.trail.includes(name))
    return <p className="schema__limits">{name}, as above.</p>;
  if (context.trail.length >= MAX_DEPTH)
    return <p className="schema__limits">Further levels are in the OpenAPI document.</p>;
  const inner: Context = name === null ? context : { ...context, trail: [...context.trail, name] };
  const target = resolve(schema, context.components);
  const choice = alternatives(target);
  // A nullable value: its one alternative's fields, as if it were the value itself.
  if (choice?.options.length === 1) return <SchemaChildren schema={choice.options[0]} context={inner} />;
  if (choice)
    return (
      <div className="schema__choice">
        <p className="schema__limits">One of{choice.nullable ? ", or null" : ""}:</p>
        <ol className="schema">
          {choice.options.map((option, index) => (
            <li key={index} className="schema__field">
              <div className="schema__head">
                <span className="schema__type">{typeLabel(option, context.components)}</span>
              </div>
              {typeof resolve(option, context.components).description === "string" ? (
                <p className="schema__description">
                  <InlineMarkdown text={resolve(option, context.components).description as string} />
                </p>
              ) : null}
              {hasChildren(option, context.components) ? (
                <SchemaChildren schema={option} context={inner} />
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    );
  if (target.type === "array" && target.items)
    return <SchemaChildren schema={target.items as Schema} context={inner} />;
  if (!target.properties && typeof target.additionalProperties === "object")
    return <SchemaChildren schema={target.additionalProperties as Schema} context={inner} />;
  return (
    <ul className="schema">
      {propertiesOf(target).map((property) => (
        <FieldLine
          key={property.name}
          name={property.name}
          schema={property.schema}
          required={property.required}
          context={inner}
        />
      ))}
    </ul>
  );
}

/** A body's schema: its type, then its fields open (the first level is what a reader came for). */
export function SchemaBlock({ schema, components }: { schema: Schema; components: Components }) {
  const context: Context = { components, trail: [] };
  const view = fieldView(schema, components);
  return (
    <div className="schema-block">
      <p className="schema__head">
        <span className="schema__type">{view.label}</span>
        {view.limits.length > 0 ? <span className="schema__limits"> {view.limits.join(" · ")}</span> : null}
      </p>
      {view.nested ? <SchemaChildren schema={schema} context={context} /> : null}
    </div>
  );
}
