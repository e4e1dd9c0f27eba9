// The route template a request path is served by, for metric labels and span names. The label
// must come from a bounded set: a raw path (`/numbers/num_81f…`, or anything a scanner sends)
// would make a new series per path. The templates are the app's own routes, as Next's build
// lists them (.next/app-path-routes-manifest.json); a path none of them serves is UNMATCHED.

/** The one label of every request no route template serves (404s, scanners, typos). */
export const UNMATCHED = "(unmatched)";
/** Next's build output (scripts, styles, fonts): one label for all of it. */
const NEXT_ASSETS = "/_next/*";

type Segment =
  { kind: "static"; text: string } | { kind: "dynamic" } | { kind: "catchAll"; optional: boolean };
type Template = { label: string; segments: Segment[] };

function parseSegment(text: string): Segment {
  const optionalCatchAll = /^\[\[\.\.\.[^\]]+\]\]$/.test(text);
  if (optionalCatchAll || /^\[\.\.\.[^\]]+\]$/.test(text))
    return { kind: "catchAll", optional: optionalCatchAll };
  if (/^\[[^\]]+\]$/.test(text)) return { kind: "dynamic" };
  return { kind: "static", text };
}

/** `/numbers/[number_id]` is labelled `/numbers/{number_id}`, as the API's own paths are written. */
function labelOf(route: string): string {
  return route.replace(/\[\[?\.\.\.([^\]]+)\]\]?/g, "{$1*}").replace(/\[([^\]]+)\]/g, "{$1}");
}

// Next's precedence, segment by segment: a static segment before a dynamic one before a catch-all.
const RANK = { static: 0, dynamic: 1, catchAll: 2 } as const;
function compareTemplates(a: Template, b: Template): number {
  for (let index = 0; index < Math.max(a.segments.length, b.segments.length); index++) {
    const left = a.segments[index];
    const right = b.segments[index];
    if (!left || !right) return left ? -1 : 1;
    const difference = RANK[left.kind] - RANK[right.kind];
    if (difference !== 0) return difference;
  }
  return 0;
}

function matches(segments: Segment[], parts: string[]): boolean {
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    if (segment.kind === "catchAll") return segment.optional || parts.length > index;
    const part = parts[index];
    if (part === undefined || part === "") return false;
    if (segment.kind === "static" && segment.text !== part) return false;
  }
  return parts.length === segments.length;
}

/**
 * A resolver from a request path (no query) to its route template's label, given the app's
 * routes (`/`, `/numbers/[number_id]`, `/api/v2/[...path]`). Static routes are one map lookup.
 */
export function routeTemplates(routes: Iterable<string>): (pathname: string) => string {
  const exact = new Map<string, string>();
  const dynamic: Template[] = [];
  for (const route of routes) {
    const segments = route.split("/").filter(Boolean).map(parseSegment);
    if (segments.every((segment) => segment.kind === "static")) exact.set(route, route);
    else dynamic.push({ label: labelOf(route), segments });
  }
  dynamic.sort(compareTemplates);
  return (pathname) => {
    const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    const found = exact.get(path);
    if (found) return found;
    if (path.startsWith("/_next/")) return NEXT_ASSETS;
    const parts = path.split("/").slice(1);
    for (const template of dynamic) if (matches(template.segments, parts)) return template.label;
    return UNMATCHED;
  };
}
