import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { newConfigurationId } from "@/lib/ids";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// A number being ported in (docs/CONTRACT.md §20), through the numbers API: it is listed and can be
// configured and previewed, but routes no call, and a release or restore is 409 port_in_progress
// that changes nothing. The port order's own writers come later; the row is made here as they
// will make it: status porting, no inventory number.

type One = { data: NumberConfiguration };
const NUMBER = "+442079461020";
let numberId = "";

const read = async () => {
  const response = await get<One>(`/numbers/${numberId}`, { token: "acmeAll" });
  return { configuration: response.body.data, etag: response.headers.get("etag") as string };
};

beforeAll(async () => {
  const prisma = await getPrisma();
  numberId = newConfigurationId();
  await prisma.numberConfiguration.create({
    data: {
      id: numberId,
      organizationId: "org_acme",
      kind: "number",
      number: NUMBER,
      name: "Porting in",
      status: "porting",
    },
  });
});

describe("a number being ported in", () => {
  it("is listed by default, as porting", async () => {
    const listed = await get<{ data: NumberConfiguration[] }>("/numbers?limit=1000", { token: "acmeAll" });
    const row = listed.body.data.find((number) => number.number_id === numberId);
    expect(row?.status).toBe("porting");
    expect(row?.restorable_until).toBe(null);
    expect(row?.documents_due).toBe(null);
  });

  it("can be configured, and its preview says no call is routed until the port completes", async () => {
    const { configuration, etag } = await read();
    const changed = await api<One>("PUT", `/numbers/${numberId}`, {
      token: "acmeAll",
      body: { name: "Sales line (porting)", rules: configuration.rules },
      headers: { "if-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: "Sales line (porting)", status: "porting" });
    const active = await get<{ data: { rule: unknown; reason: string } }>(
      `/numbers/${numberId}/active_rule`,
      {
        token: "acmeAll",
      },
    );
    expect(active.status).toBe(200);
    expect(active.body.data.rule).toBe(null);
    expect(active.body.data.reason).toBe(
      "No rule applies: the number is being ported in (porting), so no call to it is routed until its port order completes; its rules take effect from then.",
    );
  });

  it("cannot be released or restored: 409 port_in_progress, and nothing changes", async () => {
    const before = await read();
    const conflict = errorBody(
      "Conflict",
      "port_in_progress",
      `${NUMBER} is being ported in: it cannot be released or restored until its port order completes; cancel the port order instead.`,
      `number_id=${numberId}; status=porting; port_order_id=`,
    );
    const released = await api("DELETE", `/numbers/${numberId}?force=true`, {
      token: "acmeAll",
      headers: { "if-match": before.etag },
    });
    expect(released.status).toBe(409);
    expect(released.body).toEqual(conflict);
    const restored = await api("POST", `/numbers/${numberId}/restore`, { token: "acmeAll" });
    expect(restored.status).toBe(409);
    expect(restored.body).toEqual(conflict);
    expect(await read()).toEqual(before);
  });
});
