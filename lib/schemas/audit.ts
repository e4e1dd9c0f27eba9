import { z } from "zod";
import {
  boundedInt,
  documentedAs,
  momentQuery,
  organizationIdFilterSchema,
  timestampSchema,
} from "@/lib/schemas/common";

// The audit log (docs/CONTRACT.md §15): who changed what, when, from where. Never a secret.

const AUDIT_PAGE = { defaultLimit: 50, maxLimit: 200, maxOffset: 100_000 } as const;
/** Entries older than this many days are deleted by the worker. */
export const AUDIT_RETENTION_DAYS = 365;

const auditActorTypes = ["user", "token", "support", "system"] as const;

const ACTION = /^[a-z][a-z_]{0,39}\.[a-z][a-z_]{0,39}$/;
const RESOURCE_TYPE = /^[a-z][a-z_]{0,39}$/;
const IDENTIFIER = /^[A-Za-z0-9_.:@+-]{1,200}$/;

export const auditListQuerySchema = z.strictObject({
  limit: boundedInt("limit", 1, AUDIT_PAGE.maxLimit, AUDIT_PAGE.defaultLimit).meta({
    description: "Page size (ignored with format=csv, which has every match).",
  }),
  offset: boundedInt("offset", 0, AUDIT_PAGE.maxOffset, 0).meta({ description: "Entries to skip." }),
  actor: z
    .string()
    .regex(IDENTIFIER, "actor must be a user or token id (usr_… or tok_…)")
    .optional()
    .meta({ description: "Only entries by this actor (a user's or token's id)." }),
  action: z
    .string()
    .regex(ACTION, "action must be resource.verb such as number.released")
    .optional()
    .meta({ description: "Only this action, such as order.placed or sign_in.failed." }),
  resource_type: z
    .string()
    .regex(RESOURCE_TYPE, "resource_type must be lower-case letters and underscores, such as number")
    .optional()
    .meta({ description: "Only entries about this kind of resource: order, number, extension, token, …" }),
  resource_id: z
    .string()
    .regex(IDENTIFIER, "resource_id must be at most 200 letters, digits and _.:@+-")
    .optional()
    .meta({ description: "Only entries about this resource." }),
  from: momentQuery("from", "Only entries at or after this time."),
  to: momentQuery("to", "Only entries before this time; after from."),
  format: documentedAs(z.enum(["json", "csv"], "format must be json or csv").default("json"), {
    type: "string",
    enum: ["json", "csv"],
    default: "json",
    description:
      "csv: every match as text/csv (header row, newest first), not one page: the answer of GET /audit-events/export, kept here for clients that ask this way.",
  }),
  organization_id: organizationIdFilterSchema.meta({
    description:
      "Support users: the organization whose log to read (required for them). A customer sending it gets 400.",
  }),
});

export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** GET /audit-events/export: the list's filters; the export has every match, unpaged. */
export const auditExportQuerySchema = auditListQuerySchema.omit({ limit: true, offset: true, format: true });

/** What a changed field held: any JSON value (a name, a flag, a list of tags, a rule). */
const auditValueSchema = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.unknown()),
    z.record(z.string(), z.unknown()),
  ])
  .meta({ id: "AuditValue", description: "A JSON value: a string, number, boolean, null, list or object." });

const auditChangeSchema = z
  .object({
    field: z.string().meta({ examples: ["name"] }),
    from: auditValueSchema.meta({
      description: "The value before; null when there was none. A secret reads [redacted].",
    }),
    to: auditValueSchema.meta({
      description: "The value after; null when there is none. A secret reads [redacted].",
    }),
  })
  .meta({ id: "AuditChange" });

const auditEventSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    at: timestampSchema(),
    actor: z.object({
      type: z.enum(auditActorTypes),
      id: z.string().nullable(),
      name: z.string(),
    }),
    ip: z.string().nullable().meta({ description: "The client's address when it was known." }),
    action: z.string().meta({ examples: ["number.released"] }),
    resource: z.object({
      type: z.string(),
      id: z.string().nullable(),
      name: z.string().nullable().meta({
        description:
          "What people call the resource now: a number's E.164 number and name, an extension, a token's, member's or end user's name; null for other kinds and for one that no longer exists.",
      }),
    }),
    changes: z.array(auditChangeSchema),
  })
  .meta({ id: "AuditEvent" });

export type AuditEventView = z.output<typeof auditEventSchema>;

export const auditListResponseSchema = z
  .object({ data: z.array(auditEventSchema) })
  .meta({ id: "AuditEventListResponse" });
