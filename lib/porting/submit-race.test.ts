import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import {
  MONDAY,
  makeEndUserAndAddress,
  orderBody,
  signLoa,
  type PortOrderAnswer,
} from "@/lib/porting/test-orders";

// Two organizations submit a port of the same number at the same moment: the database lets one
// through (a number is pending in one open port at most) and the other is 409 port_in_progress,
// with nothing of it written.

beforeAll(() => setRequestClock(() => MONDAY));
afterAll(() => setRequestClock(undefined));

describe("two submissions of one number at once", () => {
  it("lets exactly one through", async () => {
    const drafts: PortOrderAnswer[] = [];
    for (const [org, token] of [
      ["org_acme", "acmeAll"],
      ["org_globex", "globexAll"],
    ] as const) {
      const parties = await makeEndUserAndAddress(org);
      const created = await api<{ data: PortOrderAnswer[] }>("POST", "/port_orders", {
        token,
        body: orderBody(parties, ["+442079464010"]),
      });
      expect(created.status).toBe(201);
      drafts.push(created.body.data[0]);
      await signLoa(created.body.data[0].port_order_id);
    }
    const answers = await Promise.all([
      api("POST", `/port_orders/${drafts[0].port_order_id}/actions/submit`, { token: "acmeAll" }),
      api("POST", `/port_orders/${drafts[1].port_order_id}/actions/submit`, { token: "globexAll" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({ error: { code: "port_in_progress" } });
    const prisma = await getPrisma();
    const pending = await prisma.portOrderNumber.findMany({
      where: { numberE164: "+442079464010", status: "pending" },
    });
    expect(pending).toHaveLength(1);
    expect(await prisma.numberConfiguration.count({ where: { number: "+442079464010" } })).toBe(1);
    const orders = await prisma.portOrder.findMany({
      where: { id: { in: drafts.map((draft) => draft.port_order_id) } },
    });
    expect(orders.map((order) => order.status).sort()).toEqual(["draft", "submitted"]);
  });
});
