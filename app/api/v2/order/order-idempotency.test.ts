import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { errorBody as err } from "@/tests/error-body";
import { availableIn, order, readOrder } from "@/app/api/v2/order/order-fixtures";

// POST /order's Idempotency-Key: the first answer replayed for the same body, another body
// refused, per organization, and a refused request not kept.

describe("POST /order: Idempotency-Key", () => {
  it("replays the first answer for the same body, refuses another body, and is per organization", async () => {
    const body = { contact_name: "A", items: [{ country: "FR", number_type: "mobile", quantity: 2 }] };
    const key = { "idempotency-key": "order-2026-0001" };
    const first = await order(body, "acmeAll", key);
    const again = await order({ items: body.items, contact_name: "A" }, "acmeAll", key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const prisma = await getPrisma();
    expect(await prisma.order.count({ where: { referenceId: first.body.data.reference_id } })).toBe(1);
    expect((await readOrder(first.body.data.reference_id)).items[0].assigned_numbers).toHaveLength(2);

    const other = await order({ ...body, contact_name: "B" }, "acmeAll", key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual(
      err(
        "Conflict",
        "idempotency_conflict",
        "This Idempotency-Key was already used with a different request body.",
        "header.idempotency-key=order-2026-0001",
      ),
    );

    const globex = await order(body, "globexAll", key);
    expect(globex.status).toBe(200);
    expect(globex.body.data.reference_id).not.toBe(first.body.data.reference_id);
  });

  it("does not keep a refused request, so a corrected retry with the same key goes through", async () => {
    const [sold] = await availableIn("FR-IDF-PARIS-1", 1, false);
    await order({ contact_name: "first", items: [{ number_e164: sold.numberE164 }] }, "globexAll");
    const key = { "idempotency-key": "retry-after-409" };
    const refused = await order(
      { contact_name: "A", items: [{ number_e164: sold.numberE164 }] },
      "acmeAll",
      key,
    );
    expect(refused.status).toBe(409);
    const retried = await order(
      { contact_name: "A", items: [{ number_e164: sold.numberE164 }] },
      "acmeAll",
      key,
    );
    expect(retried.status).toBe(409);
    const corrected = await order(
      { contact_name: "A", items: [{ country: "FR", number_type: "local", region: "FR-IDF-PARIS-1" }] },
      "acmeAll",
      key,
    );
    expect(corrected.status).toBe(200);
  });
});
