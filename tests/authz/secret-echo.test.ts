// No error body echoes a secret. Every operation whose body (or path) has a secret field —
// a password, a two-factor or recovery code, a link's token, a PIN, a client secret — is sent
// those fields with another part of the request wrong, and no answer may carry them back:
// not as the field that failed, and not inside an object echoed whole by a rule about
// several fields. Generated from the endpoint registry, so an operation added later with a
// secret field is in the table at once.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints, splitKey, type EndpointKey } from "@/lib/api/registry";
import type { EndpointDefinition } from "@/lib/api/endpoint-definition";
import { api } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";

const SECRET_NAME = /^(code|pin|recovery_code|passcode)$|(^|_)(password|token|secret|pin)$/;
const CANARY = "canary";

/** A value the field's own rules accept where they can, so that another field is what fails. */
function canaryFor(name: string): string {
  // Link tokens are 43 base64url characters.
  if (name === "token") return `${CANARY}Tok${"x".repeat(34)}`;
  if (name.includes("password") || name.endsWith("secret")) return `${CANARY} horse battery 7f3a`;
  return `${CANARY}-${name}-51`;
}

function propertiesOf(schema: z.ZodType | undefined): Record<string, { type?: unknown }> {
  if (!schema) return {};
  type Json = {
    properties?: Record<string, { type?: unknown }>;
    $ref?: string;
    $defs?: Record<string, Json>;
  };
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
  // A schema with an id is written as a reference to its definition.
  const own = json.$ref ? json.$defs?.[json.$ref.split("/").pop() as string] : json;
  return own?.properties ?? {};
}

type Operation = { key: EndpointKey; secrets: string[]; others: string[]; pathSecrets: string[] };

const operations: Operation[] = (Object.entries(endpoints) as Array<[EndpointKey, EndpointDefinition]>)
  .map(([key, definition]) => {
    const body = Object.keys(propertiesOf(definition.body));
    const params = Object.keys(propertiesOf(definition.params));
    return {
      key,
      secrets: body.filter((name) => SECRET_NAME.test(name)),
      others: body.filter((name) => !SECRET_NAME.test(name)),
      pathSecrets: params.filter((name) => SECRET_NAME.test(name)),
    };
  })
  .filter((operation) => operation.secrets.length > 0 || operation.pathSecrets.length > 0);

/** Sends the body with the path's secret parameters filled with canaries too. */
async function send(operation: Operation, body: unknown) {
  const { method, path } = splitKey(operation.key);
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    SECRET_NAME.test(name) ? canaryFor(name) : `${name}-that-is-not-there`,
  );
  // A GET carries no body: its secrets are in the path, and the wrong part is a query parameter.
  if (method === "GET")
    return api(method, `${filled}?not_a_field=1`, { headers: await sessionHeaders("acmeCustomer") });
  return api(method, filled, { headers: await sessionHeaders("acmeCustomer"), body });
}

function expectNoSecret(response: { status: number; body: unknown }): void {
  expect(response.status).toBeLessThan(500);
  expect(JSON.stringify(response.body).toLowerCase()).not.toContain(CANARY.toLowerCase());
}

describe("error bodies never echo a secret", () => {
  it("finds the operations with secret fields", () => {
    const keys = operations.map((operation) => operation.key);
    for (const key of [
      "POST /two-factor/disable",
      "POST /two-factor/enrolment/confirm",
      "POST /password",
      "POST /signup",
      "POST /verification",
      "POST /password-reset/confirm",
    ])
      expect(keys).toContain(key);
  });

  const secretsOf = (operation: Operation) =>
    Object.fromEntries(operation.secrets.map((name) => [name, canaryFor(name)]));

  it.each(operations)("$key: every secret field, and an unknown field", async (operation) => {
    const response = await send(operation, { ...secretsOf(operation), not_a_field: 1 });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expectNoSecret(response);
  });

  it.each(operations.filter((operation) => operation.others.length > 0))(
    "$key: every secret field, and each other field of the wrong type",
    async (operation) => {
      for (const other of operation.others) {
        for (const wrong of [{ nested: [1] }, 12345678, "x".repeat(3000)]) {
          const response = await send(operation, { ...secretsOf(operation), [other]: wrong });
          expectNoSecret(response);
        }
      }
    },
  );

  it.each(operations)("$key: every secret field and nothing else", async (operation) => {
    expectNoSecret(await send(operation, secretsOf(operation)));
  });

  it("POST /two-factor/disable with both code and password names neither value", async () => {
    const response = await send(
      operations.find((operation) => operation.key === "POST /two-factor/disable") as Operation,
      { code: "canary-code-51", password: "canary horse battery 7f3a" },
    );
    expect(response).toMatchObject({
      status: 400,
      body: {
        error: {
          code: "invalid_parameter",
          details: "body.code=(not shown)",
        },
      },
    });
  });
});
