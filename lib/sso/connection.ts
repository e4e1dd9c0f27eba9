import "server-only";
import { newId } from "@/lib/ids";
import type { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/errors";
import { requireRole } from "@/lib/auth/roles";
import { auditSource, recordAudit, type AuditChange } from "@/lib/audit/record";
import { encryptAtRest } from "@/lib/crypto/data-key";
import type { Principal } from "@/lib/auth/types";
import type { ssoConnectionRequestSchema, SsoConnectionView } from "@/lib/schemas/sso";

// An organization's single sign-on connection: its OpenID Connect provider, the client this
// service is there, and the domains whose people sign in through it. The owner connects,
// changes and disconnects it; support verifies that a listed domain is the organization's
// (no DNS can be asked here), and only verified domains lead to the provider.

type Member = Pick<Principal, "kind" | "id" | "role" | "userId" | "tokenId" | "organizationId">;
type ConnectionRequest = z.output<typeof ssoConnectionRequestSchema>;

const connectionInclude = { domains: { orderBy: { domain: "asc" } } } as const;
type ConnectionRow = Prisma.SsoConnectionGetPayload<{ include: typeof connectionInclude }>;

/** The client secret's context for encryptAtRest: a secret copied to another organization does not decrypt. */
export function clientSecretContext(organizationId: string): string {
  return `sso_connection:${organizationId}`;
}

function toView(row: ConnectionRow, redirectUri: string): SsoConnectionView {
  return {
    organization_id: row.organizationId,
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret_set: true,
    domains: row.domains.map((domain) => ({
      domain: domain.domain,
      verified: domain.verifiedAt !== null,
      verified_at: domain.verifiedAt?.toISOString() ?? null,
    })),
    default_role: row.defaultRole as SsoConnectionView["default_role"],
    required: row.required,
    redirect_uri: redirectUri,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function notConnected(organizationId: string): ApiError {
  return new ApiError(
    "not_found",
    "The organization has no single sign-on connection.",
    `organization_id=${organizationId}`,
  );
}

export async function getSsoConnection(member: Member, redirectUri: string): Promise<SsoConnectionView> {
  requireRole(member.role, "organization:sso");
  const prisma = await getPrisma();
  const row = await prisma.ssoConnection.findUnique({
    where: { organizationId: member.organizationId },
    include: connectionInclude,
  });
  if (!row) throw notConnected(member.organizationId);
  return toView(row, redirectUri);
}

/** Refuses a domain another organization has verified: its people sign in there. */
async function assertDomainsFree(
  tx: Tx,
  organizationId: string,
  domains: readonly string[],
  field: (index: number) => string,
): Promise<void> {
  const taken = await tx.ssoDomain.findMany({
    where: { verifiedDomain: { in: [...domains] }, connection: { organizationId: { not: organizationId } } },
    select: { domain: true },
  });
  if (taken.length === 0) return;
  throw domainTaken(taken[0].domain, field(domains.indexOf(taken[0].domain)));
}

function domainTaken(domain: string, field: string): ApiError {
  return new ApiError(
    "invalid_parameter",
    `${domain} is verified for another organization`,
    `${field}=${domain}`,
  );
}

function changesOf(
  before: ConnectionRow | null,
  after: ConnectionRequest,
  secretSent: boolean,
): AuditChange[] {
  const changes: AuditChange[] = [];
  const compare = (field: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from, to });
  };
  compare("issuer", before?.issuer ?? null, after.issuer);
  compare("client_id", before?.clientId ?? null, after.client_id);
  // The audit log redacts the value (its field name says secret): only that it changed.
  if (secretSent) changes.push({ field: "client_secret", from: before ? "set" : null, to: "set" });
  compare("domains", before?.domains.map((domain) => domain.domain) ?? [], [...after.domains].sort());
  compare("default_role", before?.defaultRole ?? null, after.default_role);
  compare("required", before?.required ?? null, after.required);
  return changes;
}

/** Connects the organization, or changes its connection; domains kept stay verified. */
export async function putSsoConnection(
  member: Member,
  request: ConnectionRequest,
  redirectUri: string,
  now: Date,
): Promise<SsoConnectionView> {
  requireRole(member.role, "organization:sso");
  const organizationId = member.organizationId;
  return inRetryingTransaction(async (tx) => {
    const before = await tx.ssoConnection.findUnique({
      where: { organizationId },
      include: connectionInclude,
    });
    const clientChanged =
      before !== null && (before.issuer !== request.issuer || before.clientId !== request.client_id);
    if (request.client_secret === undefined && (before === null || clientChanged))
      throw new ApiError(
        "invalid_parameter",
        before === null
          ? "client_secret is required to connect"
          : "client_secret is required when issuer or client_id change",
        "body.client_secret",
      );
    await assertDomainsFree(tx, organizationId, request.domains, (index) => `body.domains.${index}`);
    // Sessions made through the provider carry the connection's id (lib/auth/session.ts): a new
    // issuer or client is another provider, so it gets a new id and those sessions end. The
    // domains and any sign-in under way follow the row (ON UPDATE CASCADE).
    const id = before && !clientChanged ? before.id : newId("ssoConnection");
    const fields = {
      issuer: request.issuer,
      clientId: request.client_id,
      defaultRole: request.default_role,
      required: request.required,
      updatedAt: now,
      ...(request.client_secret === undefined
        ? {}
        : { clientSecret: encryptAtRest(request.client_secret, clientSecretContext(organizationId)) }),
    };
    if (before) await tx.ssoConnection.update({ where: { id: before.id }, data: { id, ...fields } });
    else
      await tx.ssoConnection.create({
        data: { id, organizationId, createdAt: now, clientSecret: "", ...fields },
      });
    await tx.ssoDomain.deleteMany({ where: { connectionId: id, domain: { notIn: [...request.domains] } } });
    await tx.ssoDomain.createMany({
      data: request.domains.map((domain) => ({ connectionId: id, domain })),
      skipDuplicates: true,
    });
    const changes = changesOf(before, request, request.client_secret !== undefined);
    if (changes.length > 0)
      await recordAudit(tx, {
        ...(await auditSource(tx, member)),
        action: before ? "sso.changed" : "sso.connected",
        organizationId,
        resource: { type: "sso_connection", id },
        changes,
        at: now,
      });
    const row = await tx.ssoConnection.findUniqueOrThrow({ where: { id }, include: connectionInclude });
    return toView(row, redirectUri);
  });
}

/** Disconnects the organization: its members' sessions made through the provider end with it. */
export async function deleteSsoConnection(member: Member, now: Date): Promise<void> {
  requireRole(member.role, "organization:sso");
  await inRetryingTransaction(async (tx) => {
    const before = await tx.ssoConnection.findUnique({
      where: { organizationId: member.organizationId },
      select: { id: true, issuer: true },
    });
    if (!before) throw notConnected(member.organizationId);
    await tx.ssoConnection.delete({ where: { id: before.id } });
    await recordAudit(tx, {
      ...(await auditSource(tx, member)),
      action: "sso.disconnected",
      organizationId: member.organizationId,
      resource: { type: "sso_connection", id: before.id },
      changes: [{ field: "issuer", from: before.issuer, to: null }],
      at: now,
    });
  });
}

/** Support: the organization's listed domain is theirs; its people now sign in through the provider. */
export async function verifySsoDomain(
  principal: Member,
  domain: string,
  organizationId: string,
  redirectUri: string,
  now: Date,
): Promise<SsoConnectionView> {
  requireRole(principal.role, "domains:verify");
  return inRetryingTransaction(async (tx) => {
    const row = await tx.ssoDomain.findFirst({
      where: { domain, connection: { organizationId } },
      select: { connectionId: true, verifiedAt: true },
    });
    if (!row)
      throw new ApiError(
        "not_found",
        `The organization has no single sign-on connection listing ${domain}.`,
        `organization_id=${organizationId} domain=${domain}`,
      );
    if (row.verifiedAt === null) {
      await assertDomainsFree(tx, organizationId, [domain], () => "path.domain");
      // Two organizations' copies verified at once: the unique index lets one through.
      await tx.ssoDomain
        .update({
          where: { connectionId_domain: { connectionId: row.connectionId, domain } },
          data: { verifiedDomain: domain, verifiedAt: now },
        })
        .catch((error: unknown) => {
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
            throw domainTaken(domain, "path.domain");
          throw error;
        });
      await recordAudit(tx, {
        ...(await auditSource(tx, principal)),
        action: "sso.domain_verified",
        organizationId,
        resource: { type: "sso_connection", id: row.connectionId },
        changes: [{ field: `domains.${domain}.verified`, from: false, to: true }],
        at: now,
      });
    }
    const connection = await tx.ssoConnection.findUniqueOrThrow({
      where: { id: row.connectionId },
      include: connectionInclude,
    });
    return toView(connection, redirectUri);
  });
}
