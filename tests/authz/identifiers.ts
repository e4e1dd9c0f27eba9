// Strings that identify one organization's data, for checking that no answer to another
// organization carries them (tests/authz/matrix.test.ts, tests/fuzz).
import { getPrisma } from "@/lib/db/client";

/** Every string that names one of the organization's people, numbers, orders or tokens. */
export async function identifiersOf(organizationId: string): Promise<string[]> {
  const prisma = await getPrisma();
  const [organization, users, configurations, orders, tokens, webhooks] = await Promise.all([
    prisma.organization.findUniqueOrThrow({ where: { id: organizationId } }),
    prisma.user.findMany({ where: { organizationId } }),
    prisma.numberConfiguration.findMany({ where: { organizationId } }),
    prisma.order.findMany({ where: { organizationId } }),
    prisma.apiToken.findMany({ where: { organizationId } }),
    prisma.webhook.findMany({ where: { organizationId } }),
  ]);
  const values = [
    organization.id,
    organization.name,
    ...users.flatMap((user) => [user.id, user.email, user.name]),
    // Extensions (101, 300…) are short digit strings that occur anywhere, and names of numbers
    // and rules ("Night operator") are not unique to one organization; ids and E.164s are.
    ...configurations.flatMap((configuration) => [
      configuration.id,
      ...(configuration.number.startsWith("+") ? [configuration.number] : []),
    ]),
    ...orders.flatMap((order) => [order.referenceId, order.referenceNumber ?? ""]),
    ...tokens.map((token) => token.id),
    ...webhooks.map((webhook) => webhook.id),
  ];
  return [...new Set(values.filter((value) => value.length >= 6))];
}

/**
 * The identifiers of `stranger`'s data that `responseText` holds and the request did not send
 * (an error may echo what was sent, in another case: reference ids are read in any case).
 */
export function leakedIdentifiers(
  strangerIdentifiers: readonly string[],
  responseText: string,
  sentText: string,
): string[] {
  const sent = sentText.toLowerCase();
  return strangerIdentifiers.filter(
    (value) => responseText.includes(value) && !sent.includes(value.toLowerCase()),
  );
}
