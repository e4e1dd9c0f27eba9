import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { encryptAccountPin } from "@/lib/porting/account-pin";

// Test fixtures for port orders: an end user and address of the organization, and an order
// written straight to the tables (the API's own path is tested through the routes).

export async function makeEndUserAndAddress(organizationId: string) {
  const prisma = await getPrisma();
  const endUser = await prisma.endUser.create({
    data: { id: newId("endUser"), organizationId, type: "business", name: "Port Test Ltd" },
  });
  const address = await prisma.complianceAddress.create({
    data: {
      id: newId("address"),
      organizationId,
      street: "1 Test Street",
      city: "London",
      postalCode: "EC1A 1AA",
      countryId: "GB",
    },
  });
  return { endUserId: endUser.id, addressId: address.id };
}

let nextNumber = 1000;
/** A fresh GB number ending in 00–79 (the simulator ports those) for each order. */
function freshNumber(): string {
  nextNumber += 1;
  return `+4420794${String(nextNumber).padStart(5, "0")}`.replace(
    /\d{2}$/,
    String(nextNumber % 80).padStart(2, "0"),
  );
}

export async function makePortOrder(
  organizationId: string,
  options: {
    status?: "draft" | "submitted" | "exception" | "foc_confirmed";
    numbers?: string[];
    focAt?: Date;
  } = {},
) {
  const prisma = await getPrisma();
  const { endUserId, addressId } = await makeEndUserAndAddress(organizationId);
  const id = newId("portOrder");
  const status = options.status ?? "draft";
  return prisma.portOrder.create({
    data: {
      id,
      organizationId,
      status,
      country: "GB",
      losingCarrier: "Harbour Telecom",
      numberType: "local",
      endUserId,
      addressId,
      accountNumber: "ACC-1",
      pinCiphertext: encryptAccountPin("4321", id),
      authorizedPerson: "Ada Lovelace",
      requestedFocDate: new Date("2027-02-03"),
      focAt: options.focAt ?? null,
      createdBy: "usr_acme_customer",
      numbers: {
        create: (options.numbers ?? [freshNumber()]).map((numberE164) => ({
          id: newId("portOrderNumber"),
          organizationId,
          numberE164,
          status: status === "draft" ? "draft" : "pending",
        })),
      },
    },
  });
}

/** How many rows each side effect of a move has, for one order. */
export async function traces(orderId: string) {
  const prisma = await getPrisma();
  const [timeline, audit, events, emails] = await Promise.all([
    prisma.portOrderEvent.count({ where: { portOrderId: orderId } }),
    prisma.auditEvent.count({ where: { resourceType: "port_order", resourceId: orderId } }),
    prisma.event.count({
      where: { type: { startsWith: "port_order." }, data: { path: ["port_order_id"], equals: orderId } },
    }),
    prisma.emailMessage.count({ where: { text: { contains: orderId } } }),
  ]);
  return { timeline, audit, events, emails };
}

// ---------------------------------------------------------------- through the API

/** Monday 18 January 2027, 09:00 UTC: the earliest FOC date is Thursday the 21st, the latest Wednesday 17 February. */
export const MONDAY = new Date("2027-01-18T09:00:00Z");
export const FOC = "2027-01-27";

export type PortOrderAnswer = {
  port_order_id: string;
  organization_id: string;
  status: string;
  country: string;
  number_type: string;
  numbers: { number: string; status: string; failure_reason: string | null; number_id: string | null }[];
  losing_carrier: { name: string; account_number: string; authorized_person: string; pin_set: boolean };
  requested_foc_date: string;
  foc_at: string | null;
  loa_signed: boolean;
  exception: { code: string; field: string; message: string }[] | null;
  allowed_actions: string[];
  version: number;
};

/** The body of POST /port_orders for `numbers`, with the organization's end user and address. */
export function orderBody(
  parties: { endUserId: string; addressId: string },
  numbers: string[],
  extra: object = {},
) {
  return {
    numbers,
    end_user_id: parties.endUserId,
    address_id: parties.addressId,
    losing_carrier: { account_number: "ACC-42", pin: "9876", authorized_person: "Ada Lovelace" },
    requested_foc_date: FOC,
    ...extra,
  };
}

/** Marks an order's LOA signed, as the signing link would (a signed_loa document of its organization). */
export async function signLoa(orderId: string) {
  const prisma = await getPrisma();
  const order = await prisma.portOrder.findUniqueOrThrow({ where: { id: orderId } });
  const document = await prisma.complianceDocument.create({
    data: {
      id: newId("document"),
      organizationId: order.organizationId,
      documentTypeId: "signed_loa",
      endUserId: order.endUserId,
      fileName: "loa.pdf",
      contentType: "application/pdf",
      size: 10,
      sha256: "0".repeat(64),
    },
  });
  await prisma.portOrder.update({ where: { id: orderId }, data: { loaDocumentId: document.id } });
}
