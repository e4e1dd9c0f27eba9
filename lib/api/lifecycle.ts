import { ApiError } from "@/lib/errors";
import type { EndpointDefinition } from "@/lib/api/endpoint-definition";

/** Draft and Coming Soon endpoints are listed but not served (docs/CONTRACT.md §9). */
export function assertServed(definition: EndpointDefinition, label: string): void {
  if (definition.badge === "draft" || definition.badge === "coming_soon") {
    const badge = definition.badge === "draft" ? "Draft" : "Coming Soon";
    throw new ApiError(
      "not_implemented",
      `${label} is not available yet (${badge}).`,
      `badge=${definition.badge}`,
    );
  }
}

/** RFC 9745 Deprecation, RFC 8594 Sunset and the deprecation link, for Deprecated endpoints. */
export function deprecationHeaders(definition: EndpointDefinition): Record<string, string> {
  if (definition.badge !== "deprecated" || !definition.deprecation) return {};
  const { since, sunset, link } = definition.deprecation;
  return {
    Deprecation: `@${Math.floor(new Date(since).getTime() / 1000)}`,
    Sunset: new Date(sunset).toUTCString(),
    Link: `<${link}>; rel="deprecation"`,
  };
}
