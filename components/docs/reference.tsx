// The API reference of one tag, rendered on the server from that tag's OpenAPI document: the
// list of every tag (each a page of its own, /docs/<tag>), the tag's operations as anchors, a
// note of what every operation shares, then the operations. What a visitor waits for is one
// tag's HTML, however large the whole document grows; only "try it" loads a script.
import Link from "next/link";
import "@/components/docs/docs.css";
import { Operation } from "@/components/docs/operation";
import type { Json, OperationContext } from "@/components/docs/operation-context";
import { OldLinks } from "@/components/docs/old-links";
import { STANDARD_HEADERS } from "@/components/docs/responses";
import type { Components } from "@/components/docs/schema-words";

export type DocsTag = {
  name: string;
  slug: string;
  description?: string;
  operations: Array<{ method: string; path: string; summary: string; anchor: string }>;
};

type TagDocument = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

export function DocsReference({
  tags,
  current,
  document,
  apiBase,
  documentUrl,
}: {
  tags: DocsTag[];
  current: string;
  document: TagDocument;
  apiBase: string;
  documentUrl: string;
}) {
  const tag = tags.find((candidate) => candidate.slug === current)!;
  const context: OperationContext = {
    schemas: (document.components?.schemas ?? {}) as Components,
    headers: (document.components?.headers ?? {}) as Record<string, Json>,
    apiBase,
    documentUrl,
  };
  return (
    <div className="docs">
      <OldLinks />
      <nav className="docs__nav" aria-label="API reference">
        <ul className="docs__tags">
          {tags.map((candidate) => (
            <li key={candidate.slug}>
              <Link
                href={`/docs/${candidate.slug}`}
                prefetch={false}
                aria-current={candidate.slug === current ? "page" : undefined}
              >
                {candidate.name}
              </Link>
              {candidate.slug === current ? (
                <ul className="docs__operations">
                  {candidate.operations.map((operation) => (
                    <li key={operation.anchor}>
                      <a href={`#${operation.anchor}`}>
                        <span className={`method method--${operation.method}`}>
                          {operation.method.toUpperCase()}
                        </span>{" "}
                        {operation.summary}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
      <div className="docs__content">
        <section className="docs__tag" aria-labelledby="docs-tag">
          <h2 id="docs-tag">{tag.name}</h2>
          {tag.description ? <p>{tag.description}</p> : null}
          <p className="muted">
            {tag.operations.length} {tag.operations.length === 1 ? "operation" : "operations"} ·{" "}
            <a href={documentUrl}>this section as an OpenAPI document</a>
          </p>
          <details className="docs__about">
            <summary>
              {document.info.title} {document.info.version}: what every operation shares
            </summary>
            {document.info.description ? <p>{document.info.description}</p> : null}
            <p>
              Base URL <code>{apiBase}</code>. Every answer carries{" "}
              {STANDARD_HEADERS.map((name, index) => (
                <span key={name}>
                  {index > 0 ? ", " : null}
                  <code>{name}</code>
                </span>
              ))}
              ; every error has the same body (<code>message</code>, <code>error.message</code>,{" "}
              <code>error.details</code>, <code>error.code</code>), its code listed under each operation.
            </p>
          </details>
        </section>
        {tag.operations.map(({ method, path, anchor }) => (
          <Operation
            key={anchor}
            method={method}
            path={path}
            anchor={anchor}
            operation={document.paths[path][method] as Json}
            context={context}
          />
        ))}
      </div>
    </div>
  );
}
