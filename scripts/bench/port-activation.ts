// npx tsx scripts/bench/port-activation.ts [-- --numbers 1000] [--postgres]
//
// A large port-in at its FOC (docs/API.md "Port-in", lib/porting/activation.ts): how long the
// worker's carrier sweep (`port_carrier`, lib/worker/handlers.ts, on an injected clock) takes from
// the FOC until every number of one order is ported: each number active or pending documents,
// with its history entry, number.activated event and audit entry, and its setup fee and rest of
// the month through sale_charge_numbers. Then, when the destination's product requires documents
// (Berlin numbers: the cheapest DE local product asks for an address and a proof of it, so they
// come over pending documents), how long approving a bundle that covers them takes (every
// pending number found by number_documents and activated in the approval's transaction).
//
// On embedded PGlite by default; with --postgres on a fresh database of PG_TEST_URL's server,
// dropped after (scripts/bench/fresh-database.ts). Seeds reference data; gives org_acme an end
// user, a Berlin address and credit for the port; creates one order of `--numbers` DE numbers of
// one block, all of which the simulated carrier ports (createPortOrders, as POST /port_orders but
// past the request's cap of 100 numbers), signs its LOA, submits it (submitPortOrder), lets the
// sweep confirm the FOC a business day later, runs VACUUM ANALYZE, then times the sweep at the
// FOC. Prints the times and checks the outcome; asserts nothing about time.
// benchPortActivation is the same for scripts/bench/run.ts.
import { createPortOrders } from "@/lib/porting/orders";
import { submitPortOrder } from "@/lib/porting/actions";
import { signLoa } from "@/lib/porting/test-orders";
import { approveBundle } from "@/lib/compliance/bundle-review";
import { handlers } from "@/lib/worker/handlers";
import { newId } from "@/lib/ids";
import type { Principal } from "@/lib/auth/types";
import type { Database } from "@/lib/db/client";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";
import { BackendCpu, ownCpuSeconds } from "@/scripts/bench/backend-cpu";

export type PortActivationBenchOptions = { numbers: number; postgres: boolean };

type Timed = { ms: number; cpu: { database: number; process: number } };

export type PortActivationBenchFigures = {
  database: string;
  numbers: number;
  /** createPortOrders and submitPortOrder (a porting configuration each), not part of the target. */
  submit: Timed;
  /** The carrier sweep at the FOC: foc_confirmed → activating → ported. */
  focSweep: Timed;
  status: { active: number; pendingDocuments: number; charges: number };
  /** Approving a bundle that covers the ported numbers pending documents; null when none were pending. */
  approval: (Timed & { activated: number }) | null;
};

const ORGANIZATION = "org_acme";
/** Monday 18 January 2027, 09:00 UTC; the FOC asked for is a week later. */
const SUBMITTED_AT = new Date("2027-01-18T09:00:00Z");
const FOC_DATE = "2027-01-25";

const owner: Principal = {
  kind: "session",
  id: "usr_acme_owner",
  organizationId: ORGANIZATION,
  role: "owner",
  scopes: [],
  userId: "usr_acme_owner",
  tokenId: null,
};
const support: Principal = {
  kind: "session",
  id: "usr_numbers_support",
  organizationId: "org_operator",
  role: "support",
  scopes: [],
  userId: "usr_numbers_support",
  tokenId: null,
};

/** `count` Berlin numbers of one block (one losing carrier), each ending 00–79: the simulator ports them. */
function portedNumbers(count: number): string[] {
  return Array.from(
    { length: count },
    (_, index) =>
      `+493012${String(Math.floor(index / 80)).padStart(4, "0")}${String(index % 80).padStart(2, "0")}`,
  );
}

/** The organization's end user and its Berlin address. */
async function parties(db: Database): Promise<{ endUserId: string; addressId: string }> {
  const endUserId = newId("endUser");
  const addressId = newId("address");
  await db.prisma.endUser.create({
    data: { id: endUserId, organizationId: ORGANIZATION, type: "business", name: "Acme GmbH" },
  });
  await db.prisma.complianceAddress.create({
    data: {
      id: addressId,
      organizationId: ORGANIZATION,
      street: "Unter den Linden 1",
      city: "Berlin",
      postalCode: "10117",
      countryId: "DE",
    },
  });
  return { endUserId, addressId };
}

/** The worker's carrier sweep, as the loop runs it, on a clock stopped at `at`. */
async function sweep(at: Date): Promise<unknown> {
  const handler = handlers.find((entry) => entry.name === "port_carrier")!;
  return handler.run({ now: () => at, leaseMs: 60_000 });
}

async function timed<T>(db: Database, postgres: boolean, work: () => Promise<T>): Promise<[T, Timed]> {
  const backends = postgres ? new BackendCpu(db.name.split("/")[1]).begin() : null;
  const processCpu = ownCpuSeconds();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  return [result, { ms, cpu: { database: backends?.end() ?? 0, process: ownCpuSeconds() - processCpu } }];
}

/** An end user's documents of `types` in a bundle of org_acme for DE local numbers, pending review. */
async function coveringBundle(db: Database, endUserId: string, addressId: string, types: string[]) {
  const id = newId("bundle");
  await db.prisma.complianceBundle.create({
    data: {
      id,
      organizationId: ORGANIZATION,
      countryId: "DE",
      numberTypeId: "local",
      endUserId,
      status: "pending_review",
      submittedAt: SUBMITTED_AT,
    },
  });
  for (const [position, type] of types.entries()) {
    const document = await db.prisma.complianceDocument.create({
      data: {
        id: newId("document"),
        organizationId: ORGANIZATION,
        documentTypeId: type,
        endUserId,
        addressId,
        fileName: `${type}.pdf`,
        contentType: "application/pdf",
        size: 1,
        sha256: "0".repeat(64),
      },
    });
    await db.prisma.complianceBundleDocument.create({
      data: { bundleId: id, documentId: document.id, position },
    });
  }
  return id;
}

export async function benchPortActivation(
  options: PortActivationBenchOptions,
): Promise<PortActivationBenchFigures> {
  const { db, postgres, close } = await openFreshDatabase("bench_port_activation", options.postgres);
  try {
    const [product] = await db.sql.query<{ currency: string; documents: string[] }>(
      `SELECT currency, documents FROM port_product('DE', 'local')`,
    );
    // Credit for the port's charges, whatever BILLING_DEFAULT_CREDIT_LIMIT says.
    await db.sql.exec(`
      INSERT INTO billing_account (organization_id, currency, credit_limit_minor, standing, standing_since, created_at)
      VALUES ('${ORGANIZATION}', '${product.currency}', 100000000000, 'good_standing', now(), now())
      ON CONFLICT (organization_id, currency) DO UPDATE SET credit_limit_minor = EXCLUDED.credit_limit_minor`);
    const { endUserId, addressId } = await parties(db);
    const numbers = portedNumbers(options.numbers);
    console.error(
      `seeded reference data; creating and submitting a port order of ${numbers.length} numbers…`,
    );

    const [orderId, submit] = await timed(db, postgres, async () => {
      const created = await createPortOrders(
        owner,
        {
          numbers,
          end_user_id: endUserId,
          address_id: addressId,
          losing_carrier: { account_number: "ACC-42", pin: "9876", authorized_person: "Ada Lovelace" },
          requested_foc_date: FOC_DATE,
        },
        undefined,
        SUBMITTED_AT,
      );
      if (created.body.data.length !== 1)
        throw new Error(`expected one order, got ${created.body.data.length}`);
      const id = created.body.data[0].port_order_id;
      await signLoa(id);
      await submitPortOrder(owner, id, undefined, SUBMITTED_AT);
      return id;
    });

    // The carrier answers a business day after the submission: the FOC is confirmed.
    await sweep(new Date("2027-01-19T10:00:00Z"));
    const order = await db.prisma.portOrder.findUniqueOrThrow({ where: { id: orderId } });
    if (order.status !== "foc_confirmed" || order.focAt === null)
      throw new Error(`expected the FOC confirmed, the order is ${order.status}`);
    await db.sql.exec("VACUUM ANALYZE");

    const [, focSweep] = await timed(db, postgres, () => sweep(order.focAt!));
    const [status] = await db.sql.query<{ order: string; active: number; pending: number; charges: number }>(`
      SELECT (SELECT status::text FROM port_order WHERE id = '${orderId}') AS order,
             count(*) FILTER (WHERE c.status = 'active')::int AS active,
             count(*) FILTER (WHERE c.status = 'pending_documents')::int AS pending,
             (SELECT count(*)::int FROM ledger_entry e JOIN number_configuration n ON n.id = e.number_id
               WHERE n.port_order_id = '${orderId}' AND e.kind IN ('setup_fee', 'prorated_fee')) AS charges
        FROM number_configuration c WHERE c.port_order_id = '${orderId}'`);
    if (status.order !== "ported" || status.active + status.pending !== numbers.length)
      throw new Error(`expected ${numbers.length} numbers ported; ${JSON.stringify(status)}`);

    let approval: PortActivationBenchFigures["approval"] = null;
    if (status.pending > 0) {
      const bundleId = await coveringBundle(db, endUserId, addressId, product.documents);
      await db.sql.exec("VACUUM ANALYZE");
      const [, approved] = await timed(db, postgres, () => approveBundle(support, bundleId, order.focAt!));
      const [after] = await db.sql.query<{ active: number }>(
        `SELECT count(*)::int AS active FROM number_configuration WHERE port_order_id = '${orderId}' AND status = 'active'`,
      );
      if (after.active !== numbers.length)
        throw new Error(`expected every number active after the approval, ${after.active} are`);
      approval = { ...approved, activated: status.pending };
    }

    const figures: PortActivationBenchFigures = {
      database: postgres ? "PostgreSQL" : "PGlite (in process, in memory)",
      numbers: numbers.length,
      submit,
      focSweep,
      status: { active: status.active, pendingDocuments: status.pending, charges: status.charges },
      approval,
    };
    printPortActivation(figures);
    return figures;
  } finally {
    await close();
  }
}

function printPortActivation(figures: PortActivationBenchFigures) {
  const line = (what: string, { ms, cpu }: Timed) =>
    `  ${what}: ${(ms / 1000).toFixed(2)} s (CPU: database ${cpu.database.toFixed(2)} s, this process ${cpu.process.toFixed(2)} s)`;
  console.log(`port-in of ${figures.numbers} numbers on ${figures.database}`);
  console.log(line("create and submit the order (not the target)", figures.submit));
  console.log(
    line("the carrier sweep at the FOC until every number is ported", figures.focSweep) +
      ` → ${figures.status.active} active, ${figures.status.pendingDocuments} pending documents, ` +
      `${figures.status.charges} charges`,
  );
  if (figures.approval)
    console.log(
      line(`approving a bundle that activates the ${figures.approval.activated} pending`, figures.approval),
    );
}

function whole(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = Number(index === -1 ? fallback : process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  return value;
}

if (require.main === module)
  benchPortActivation({
    numbers: whole("numbers", 1000),
    postgres: process.argv.includes("--postgres"),
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
