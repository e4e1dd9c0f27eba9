// The load of the cluster suite: concurrent clients spread over the instances, racing for
// contested named numbers and buying from geographies, with or without an instance killed
// in the middle; and parallel repeats of one idempotent request.
import type { Pool } from "pg";
import { call, callWithRetry, NetworkError, type HttpAnswer } from "@/tests/cluster/http";
import type { Instance } from "@/scripts/cluster/servers";

export type Buyer = { name: "acme" | "globex"; token: string };

type Geography = { country: string; number_type: string; region: string; stock: number };

export type Plan = { named: string[]; geographies: Geography[] };

/**
 * 50 contested numbers and two geographies with little stock, none overlapping: a geography
 * order could otherwise take a contested number before the named orders get to it.
 */
export async function planContest(pool: Pool, contested: number, avoidRegions: string[]): Promise<Plan> {
  const stock = await pool.query<{
    region_id: string;
    country_id: string;
    number_type_id: string;
    stock: number;
  }>(
    // Stock is what the region's cheapest product may sell: numbers whose required documents
    // are all among that product's (a geography order hands out no others).
    `SELECT region_id, country_id, number_type_id, count(*)::int AS stock FROM inventory_number n
     WHERE status = 'available' AND NOT (region_id = ANY($1::text[]))
       AND required_document_ids <@ ARRAY(
         SELECT pd.document_type_id FROM product_document pd WHERE pd.product_id = (
           SELECT p.id FROM product p WHERE p.region_id = n.region_id
           ORDER BY p.monthly_fee, p.setup_fee, p.id LIMIT 1))
     GROUP BY 1, 2, 3 HAVING count(*) BETWEEN 8 AND 60 ORDER BY md5(region_id) LIMIT 2`,
    [avoidRegions],
  );
  if (stock.rows.length < 2) throw new Error("the seed has no two small geographies left to contest");
  const geographies = stock.rows.map((row) => ({
    country: row.country_id.trim(),
    number_type: row.number_type_id,
    region: row.region_id,
    stock: row.stock,
  }));
  const named = await pool.query<{ number_e164: string }>(
    `SELECT number_e164 FROM inventory_number
     WHERE status = 'available' AND NOT (region_id = ANY($1::text[]))
     ORDER BY md5(number_e164) LIMIT $2`,
    [[...avoidRegions, ...geographies.map((geography) => geography.region)], contested],
  );
  if (named.rows.length < contested) throw new Error(`only ${named.rows.length} numbers are left to contest`);
  return { named: named.rows.map((row) => row.number_e164), geographies };
}

export type Outcome = {
  client: number;
  kind: "named" | "geography";
  buyer: Buyer["name"];
  status: number;
  code?: string;
  referenceId?: string;
  number?: string;
  quantity?: number;
  region?: string;
  replayed: boolean;
  error?: string;
};

type Placed = { data?: { reference_id: string }; error?: { code: string } };

export type LoadOptions = {
  label: string;
  clients: number;
  /** Geography orders each client places after its named attempt. */
  geographyOrders: number;
  /** With an Idempotency-Key per request and retries on another instance after a network error. */
  retry: boolean;
  onProgress?: (completed: number) => void;
};

/** Runs the clients at once; each targets instance client % n first. */
export async function runContest(
  instances: Instance[],
  buyers: Buyer[],
  plan: Plan,
  options: LoadOptions,
): Promise<{ outcomes: Outcome[]; retries: number }> {
  const outcomes: Outcome[] = [];
  let retries = 0;
  let completed = 0;
  const place = async (
    client: number,
    attempt: number,
    buyer: Buyer,
    body: unknown,
  ): Promise<HttpAnswer<Placed>> => {
    const headers: Record<string, string> = options.retry
      ? { "idempotency-key": `${options.label}-${client}-${attempt}` }
      : {};
    const request = { token: buyer.token, headers, body };
    const first = client % instances.length;
    try {
      return options.retry
        ? await callWithRetry<Placed>(instances, first, "POST", "/order", request, () => retries++)
        : await call<Placed>(instances[first], "POST", "/order", request);
    } finally {
      options.onProgress?.(++completed);
    }
  };
  const record = (
    answer: HttpAnswer<Placed>,
    fields: Omit<Outcome, "status" | "code" | "referenceId" | "replayed">,
  ) =>
    outcomes.push({
      ...fields,
      status: answer.status,
      code: answer.body?.error?.code,
      referenceId: answer.body?.data?.reference_id,
      replayed: answer.headers.get("idempotent-replayed") === "true",
    });

  async function client(index: number): Promise<void> {
    const buyer = buyers[index % buyers.length];
    const number = plan.named[index % plan.named.length];
    const common = { client: index, buyer: buyer.name };
    try {
      const named = await place(index, 0, buyer, {
        contact_name: `${options.label} named ${index}`,
        items: [{ number_e164: number }],
      });
      record(named, { ...common, kind: "named", number });
      for (let order = 1; order <= options.geographyOrders; order++) {
        const geography = plan.geographies[(index + order) % plan.geographies.length];
        const quantity = 1 + ((index + order) % 3);
        const item = {
          country: geography.country,
          number_type: geography.number_type,
          region: geography.region,
          quantity,
        };
        const answer = await place(index, order, buyer, {
          contact_name: `${options.label} geography ${index}-${order}`,
          items: [item],
        });
        record(answer, { ...common, kind: "geography", quantity, region: geography.region });
      }
    } catch (error) {
      outcomes.push({
        ...common,
        kind: "named",
        status: 0,
        replayed: false,
        error: error instanceof NetworkError ? error.message : String(error),
      });
    }
  }

  await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  return { outcomes, retries };
}

/** 20 copies of one request with one Idempotency-Key, spread over the instances at once. */
export async function repeatIdempotent(
  instances: Instance[],
  buyer: Buyer,
  key: string,
  body: unknown,
  copies: number,
) {
  return Promise.all(
    Array.from({ length: copies }, (_, index) =>
      call<Placed>(instances[index % instances.length], "POST", "/order", {
        token: buyer.token,
        headers: { "idempotency-key": key },
        body,
      }),
    ),
  );
}
