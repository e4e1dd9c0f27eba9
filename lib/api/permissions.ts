import type { EndpointDefinition } from "@/lib/api/endpoint-definition";
import type { Permission } from "@/lib/auth/roles";

/** What the caller's role must allow to call an endpoint: its scope and its extra power, if any. */
export function requiredPermissions(
  definition: Pick<EndpointDefinition, "scope" | "permission">,
): Permission[] {
  const needed: Permission[] = [];
  if (definition.scope !== null) needed.push(definition.scope);
  if (definition.permission) needed.push(definition.permission);
  return needed;
}
