import { createHash } from "node:crypto";
import { expect } from "vitest";
import { api, dispatch } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { newId } from "@/lib/ids";
import { encryptAccountPin } from "@/lib/porting/account-pin";

// The tests of a port order's LOA (app/api/v2/loa_signatures/*.test.ts): orders written straight
// to the tables, a signature asked for as Acme, the files downloaded, and the requests' clock
// (setRequestClock) stopped at an instant. Each test file resets the clock after each test.

export const T0 = new Date("2027-01-11T09:00:00.000Z");
export const stopClockAt = (at: Date) => setRequestClock(() => at);

// A number is pending in one open order at most: each order gets a block of its own.
let block = 10;

export async function makeOrder(
  organizationId: string,
  status: "draft" | "exception" | "submitted" = "draft",
) {
  const prisma = await getPrisma();
  const endUser = await prisma.endUser.create({
    data: {
      id: newId("endUser"),
      organizationId,
      type: "business",
      name: "Ada Lovelace",
      businessName: "Analytical Engines Ltd",
    },
  });
  const address = await prisma.complianceAddress.create({
    data: {
      id: newId("address"),
      organizationId,
      street: "12 Babbage Row",
      city: "London",
      postalCode: "EC1A 1AA",
      countryId: "GB",
    },
  });
  const id = newId("portOrder");
  const prefix = `+4420794601${String(block++).padStart(2, "0")}`;
  await prisma.portOrder.create({
    data: {
      id,
      organizationId,
      status,
      country: "GB",
      losingCarrier: "Harbour Telecom",
      numberType: "local",
      endUserId: endUser.id,
      addressId: address.id,
      accountNumber: "HT-55501",
      pinCiphertext: encryptAccountPin("4321", id),
      authorizedPerson: "Ada Lovelace",
      requestedFocDate: new Date("2027-02-03"),
      createdBy: "usr_acme_customer",
      createdAt: T0,
      updatedAt: T0,
      numbers: {
        create: [`${prefix}2`, `${prefix}1`].map((numberE164) => ({
          id: newId("portOrderNumber"),
          organizationId,
          numberE164,
          status: status === "draft" ? ("draft" as const) : ("pending" as const),
        })),
      },
    },
  });
  return id;
}

/** Asks for a signature as Acme and answers the token from the email that was queued. */
export async function requestSignature(
  orderId: string,
  body = { name: "Ada Lovelace", email: "Ada@Example.com" },
) {
  const prisma = await getPrisma();
  const earlier = (
    await prisma.emailMessage.findMany({ where: { kind: "loa_signature" }, select: { id: true } })
  ).map((message) => message.id);
  const response = await api<{ data: { id: string; expires_at: string } }>(
    "POST",
    `/port_orders/${orderId}/loa/signature_requests`,
    { token: "acmeAll", body },
  );
  expect(response.status).toBe(201);
  const message = await prisma.emailMessage.findFirstOrThrow({
    where: { kind: "loa_signature", id: { notIn: earlier } },
  });
  const token = /\/loa\/sign\/([A-Za-z0-9_-]{43})/.exec(message.text)![1];
  return { token, response, message };
}

export async function download(path: string, token?: keyof typeof testTokens) {
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v2${path}`, {
      headers: token ? { authorization: `Bearer ${testTokens[token].secret}` } : {},
    }),
  );
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
export const sign = (token: string, body: unknown) => api("POST", `/loa_signatures/${token}`, { body });
