import { z } from "zod";
import { NOT_BLANK, timestampSchema } from "@/lib/schemas/common";

// Single sign-on (docs/API.md, "Single sign-on"): an organization's OpenID Connect provider,
// the domains whose people sign in through it, and the role a first sign-in gives.

/** The roles a first sign-in may give: every member's role but owner. */
export const ssoDefaultRoles = ["admin", "developer", "billing", "viewer"] as const;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether the server may fetch the provider's documents from this issuer: https anywhere, plain
 * http only on this machine (a provider run for development or tests), never elsewhere.
 */
function issuerProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "issuer must be a URL, such as https://login.example.com";
  }
  if (url.username !== "" || url.password !== "") return "issuer must not carry a user name or password";
  if (url.search !== "" || url.hash !== "") return "issuer must have no query and no fragment";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return "issuer must be an https:// URL (http:// only for a provider on this machine)";
}

const issuerSchema = z
  .string("issuer is required: the provider's issuer URL, such as https://login.example.com")
  .max(2000, "issuer is at most 2000 characters")
  .superRefine((value, context) => {
    const problem = issuerProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .meta({
    format: "uri",
    description:
      "The provider's issuer, exactly as its tokens' iss claim says it; its discovery document is read from <issuer>/.well-known/openid-configuration",
    example: "https://login.example.com",
  });

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const ssoDomainSchema = z
  .string("each domain must be a string")
  .trim()
  .toLowerCase()
  .regex(DOMAIN, "each domain must be a domain name such as example.com")
  .meta({ examples: ["example.com"] });

export const ssoConnectionRequestSchema = z
  .strictObject({
    issuer: issuerSchema,
    client_id: z
      .string("client_id is required: the client id the provider gave this service")
      .trim()
      .min(1, "client_id must not be empty")
      .max(255, "client_id is at most 255 characters")
      .meta(NOT_BLANK),
    client_secret: z
      .string("client_secret must be a string")
      .min(1, "client_secret must not be empty")
      .max(1024, "client_secret is at most 1024 characters")
      .optional()
      .meta({
        format: "password",
        description:
          "Required when connecting, and when issuer or client_id change; left out, the stored secret is kept. Never answered.",
      }),
    domains: z
      .array(ssoDomainSchema, "domains is required: the email domains whose people sign in here")
      .min(1, "domains must list at least one domain")
      .max(50, "domains lists at most 50 domains")
      .refine((list) => new Set(list).size === list.length, "domains must not repeat a domain"),
    default_role: z
      .enum(ssoDefaultRoles, `default_role must be one of ${ssoDefaultRoles.join(", ")}`)
      .default("viewer")
      .describe("The role of a member made by their first sign-in (never owner)"),
    required: z
      .boolean("required must be true or false")
      .default(false)
      .describe("Members sign in only through the provider, except owners"),
  })
  .meta({
    id: "SsoConnectionRequest",
    examples: [
      {
        issuer: "https://login.example.com",
        client_id: "numbers-portal",
        client_secret: "the secret the provider gave",
        domains: ["example.com"],
        default_role: "developer",
        required: false,
      },
    ],
  });

const ssoDomainViewSchema = z
  .object({
    domain: z.string().meta({ example: "example.com" }),
    verified: z.boolean().describe("Only people of verified domains are sent to the provider"),
    verified_at: timestampSchema("ISO 8601; null until verified").nullable(),
  })
  .meta({ id: "SsoDomain" });

export const ssoConnectionSchema = z
  .object({
    organization_id: z.string().meta({ example: "org_acme" }),
    issuer: z.string(),
    client_id: z.string(),
    client_secret_set: z.literal(true).describe("A secret is stored; it is never answered"),
    domains: z.array(ssoDomainViewSchema),
    default_role: z.enum(ssoDefaultRoles),
    required: z.boolean(),
    redirect_uri: z
      .string()
      .describe("Register this as the client's redirect URI at the provider")
      .meta({ example: "https://numbers.example.com/sso/callback" }),
    created_at: timestampSchema(),
    updated_at: timestampSchema(),
  })
  .meta({ id: "SsoConnection" });

export type SsoConnectionView = z.input<typeof ssoConnectionSchema>;

export const ssoDomainParamsSchema = z.object({ domain: ssoDomainSchema });

export const verifySsoDomainRequestSchema = z
  .strictObject({
    organization_id: z
      .string("organization_id is required: the organization whose domain support verified")
      .min(1, "organization_id must not be empty")
      .max(200, "organization_id is at most 200 characters"),
  })
  .meta({ id: "VerifySsoDomainRequest", examples: [{ organization_id: "org_acme" }] });
