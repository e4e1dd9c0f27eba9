// npm run test:contract – the contract suite Portman generates from the OpenAPI document, run
// by newman against the built app (`npm start`) on a throwaway embedded database: every
// operation's status, content type, headers and response schema, plus negative variations
// (no or unknown token, out-of-range parameters and bodies, unknown ids, wrong content type).
// It goes through Next's own routing, which the in-process API tests (tests/api-client.ts) do not.
// tests/contract/portman-config.json meets the server's preconditions the way a client would:
// configuration writes send the ETag read just before them (GET /numbers/{id} → PUT; POST
// /extensions → PUT → DELETE of that extension), and PUT /extension's 400 variations each get a
// fresh extension from a pre-request script (the DELETE above removed the first); POST
// /reservations holds the first number GET /inventory/{country}/{number_type} listed, and the
// Reservations folder runs before Orders, so no order has bought it first. POST /webhooks adds
// an endpoint on a loopback receiver this script runs; the endpoint's other operations use its
// id, and the re-send waits until the test event has been delivered. Before Portman runs,
// tests/contract/fixtures.ts makes through the API what the compliance and lifecycle operations
// start from (an end user, addresses, uploaded documents, bundles in draft and under review, a
// number bought to be released, port orders in each state a port-in operation starts from);
// POST /documents uploads a real file from a pre-request script. The app's emails come to an
// SMTP server this script runs (CONTRACT_SMTP_PORT, default CONTRACT_PORT + 25): the fixtures
// sign LOAs through the emailed link as its recipient would, and PORTING_CARRIER=manual leaves
// every carrier answer to the port desk, so no order moves on its own during the run.
// Operations whose success needs what only a person has (an account link sent to a person,
// an authenticator's code, an unverified email) assert their documented error instead.
// CONTRACT_PORT picks the port (default 3470). Builds first when there is no build.
// CONTRACT_BASE_URL (with CONTRACT_DATA_DIR, the server's data directory, for the demo token)
// runs it against a server already running instead, for working on the suite (start it with
// SMTP_URL=smtp://127.0.0.1:<CONTRACT_SMTP_PORT> and PORTING_CARRIER=manual).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";
import { ensureCommand } from "@/scripts/ensure-command";
import { readDocExamples, runDocExamples } from "@/tests/contract/doc-examples";
import { buyNumberToRelease, makeComplianceFixtures, makePortFixtures } from "@/tests/contract/fixtures";
import { startSmtpReceiver } from "@/tests/email/smtp-receiver";

const root = process.cwd();
const port = Number(process.env.CONTRACT_PORT ?? 3470);
const external = process.env.CONTRACT_BASE_URL;
const baseUrl = external ?? `http://localhost:${port}`;
const dir = mkdtempSync(path.join(tmpdir(), "numbers-contract-"));
const dataDir = external ? (process.env.CONTRACT_DATA_DIR ?? "") : dir;
// The app's emails (LOA signing links) come to an SMTP server this script runs on this port.
const smtpPort = Number(process.env.CONTRACT_SMTP_PORT ?? port + 25);

function run(command: string, args: string[], cwd = root): number {
  return spawnSync(command, args, { stdio: "inherit", cwd }).status ?? 1;
}

/** As `run`, without blocking this process: the webhook receiver below must keep answering. */
function runAlongside(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", cwd });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function waitForServer(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v2/destinations/US/local`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer on ${baseUrl} within 5 minutes`);
}

// PUT /cart is sent as an empty cart (a valid line needs a product id that only exists once
// the demo data is seeded), so the generated "Out of range" variations, which alter that
// body's fields, are skipped for it; app/api/v2/cart/cart.test.ts asserts its 400s exactly.

/**
 * Signs a demo person in through next-auth: the customer for the session-only /tokens and
 * /cart endpoints, support for GET /organizations.
 */
async function sessionCookie(email: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
  };
  keep(csrf);
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
      Origin: baseUrl,
    },
    body: new URLSearchParams({
      csrfToken,
      email,
      password: DEFAULT_DEMO_PASSWORD,
      callbackUrl: `${baseUrl}/docs`,
      json: "true",
    }),
  });
  keep(response);
  const session = [...jar].find(([name]) => name.endsWith("session-token"));
  if (!session) throw new Error(`signing in failed: ${response.status}`);
  return `${session[0]}=${session[1]}`;
}

type NewmanSummary = {
  run: {
    stats: Record<"requests" | "assertions", { total: number; failed: number }>;
    failures: Array<{ source?: { name?: string }; error: { test?: string; message: string } }>;
  };
};

// Variations Portman generates as "invalid" that are valid bodies by construction, so the server
// rightly accepts them. Portman merges a oneOf's shapes and their required lists, reads the
// keywords propertyNames/additionalProperties of the `tags` map as property names, and removes
// `id` from the read-only `region` object that these bodies do not send. Its fuzzing cannot
// exclude single items, so they are excused here by name, each with its reason, and printed.
const VALID_BY_CONSTRUCTION: Array<{ variation: RegExp; why: string }> = [
  {
    variation: /^Order numbers:.*\[required items\[0\]\.number_e164\]/,
    why: "a geographic item without number_e164 is the other oneOf shape, a valid order",
  },
  {
    variation: /^Replace an? (number's|extension's) name and rules.*\[required id\]/,
    why: "the id removed belongs to the read-only region object, which the body does not send",
  },
  {
    variation: /^Start a bulk job.*\[(minimum|maximum) length params\.(name|from_number_id)\]/,
    why: "name and from_number_id are apply_configuration's params; the example is a set_tags job without them, so the variation changes nothing",
  },
  {
    // Not valid by construction, but not sendable: newman sends a form-data body with its own
    // multipart Content-Type, so the variation's text/plain never reaches the server. The 415
    // for another type is in app/api/v2/documents/documents-api.test.ts.
    variation: /^Upload a document as multipart\/form-data.*\[Wrong content type\]/,
    why: "newman replaces a form's Content-Type with its own multipart one; the 415 for JSON is tested in documents-api.test.ts",
  },
  {
    variation: /^Change an end user.*\[required type\]/,
    why: "a change may leave type out; the schema names type only to say that a business keeps its business_name",
  },
  {
    variation: /^Start a bulk job.*\[required filter\]/,
    why: "a job names number_ids or a filter; the example names number_ids, so without filter it is still a valid job",
  },
  {
    variation: /\[(minimum|maximum) length rules\[0\]\.action\.tags\.(propertyNames|additionalProperties)\]/,
    why: "a tag named after a schema keyword is a valid tag (a POST /extensions one then makes the next a 409)",
  },
];

const excuse = (name: string | undefined) =>
  VALID_BY_CONSTRUCTION.find(({ variation }) => variation.test(name ?? ""))?.why;

async function main(): Promise<number> {
  if (!external && !existsSync(path.join(root, ".next", "BUILD_ID")) && run("npm", ["run", "build"]) !== 0)
    return 1;
  // A loopback receiver for the webhook endpoint the suite adds: it answers 204 to every delivery.
  const receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const mailbox = await startSmtpReceiver(smtpPort);
  const server: ChildProcess | undefined = external
    ? undefined
    : spawn("npm", ["start"], {
        stdio: ["ignore", "ignore", "inherit"],
        detached: true,
        env: {
          ...process.env,
          PORT: String(port),
          PGLITE_DATA_DIR: path.join(dir, "pglite"),
          LOG_LEVEL: "error",
          NEXT_TELEMETRY_DISABLED: "1",
          // The receiver above is on loopback over http; the worker looks for due deliveries often.
          WEBHOOKS_ALLOW_HTTP: "1",
          WEBHOOKS_POLL_MS: "100",
          SMTP_URL: mailbox.url,
          // The port desk (carrier_actions) answers for the losing carrier, so no order the
          // suite starts from moves on its own (the simulated carrier confirms a cancellation).
          PORTING_CARRIER: "manual",
          // The contract run buys numbers: a new billing account's limit no order of it reaches.
          BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
        },
      });
  try {
    if (server) await waitForServer(server);
    const document = path.join(dir, "openapi.json");
    writeFileSync(document, await (await fetch(`${baseUrl}/api/v2/openapi.json`)).text());
    const credentials = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as {
      token: string;
    };
    const demoApi = (route: string, init?: RequestInit) =>
      fetch(`${baseUrl}/api/v2${route}`, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          Authorization: `Bearer ${credentials.token}`,
        },
      });
    const fixtures = await makeComplianceFixtures(demoApi);
    const released = await buyNumberToRelease(demoApi);
    const supportCookie = await sessionCookie(demoUsers.support.email);
    const supportApi = (route: string, init?: RequestInit) =>
      fetch(`${baseUrl}/api/v2${route}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), Cookie: supportCookie, Origin: baseUrl },
      });
    const ports = await makePortFixtures(demoApi, supportApi, fixtures, (email) => linkSentTo(email));
    async function linkSentTo(email: string): Promise<string> {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const mail = mailbox.received.filter((received) => received.to === email).at(-1);
        const link = /https?:\/\/\S+\/loa\/sign\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0];
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`contract fixtures: no signing link was emailed to ${email} within 30 s`);
    }
    // POST /documents' pre-request script uploads this file from newman's working directory.
    writeFileSync(path.join(dir, "contract.pdf"), "%PDF-1.4\n% contract suite upload\n%%EOF\n");
    const ownerCookie = await sessionCookie(demoUsers.acmeCustomer.email);
    const envFile = path.join(dir, "portman.env");
    writeFileSync(
      envFile,
      [
        `PORTMAN_BEARER_TOKEN=${credentials.token}`,
        `PORTMAN_SESSION_COOKIE=${ownerCookie}`,
        `PORTMAN_SUPPORT_COOKIE=${supportCookie}`,
        // Session-only operations that change the person (two-factor, password, sign out
        // everywhere) use people the rest of the suite does not sign in as. Nothing they answer
        // may set a cookie: newman keeps a jar, and would send it with every later request.
        `PORTMAN_DEVELOPER_COOKIE=${await sessionCookie(demoUsers.acmeDeveloper.email)}`,
        `PORTMAN_BILLING_COOKIE=${await sessionCookie(demoUsers.acmeBilling.email)}`,
        `PORTMAN_DEMO_PASSWORD=${DEFAULT_DEMO_PASSWORD}`,
        `PORTMAN_END_USER_ID=${fixtures.endUserId}`,
        `PORTMAN_ADDRESS_ID=${fixtures.spareAddressId}`,
        `PORTMAN_RELEASE_NUMBER_ID=${released.numberId}`,
        `PORTMAN_RELEASE_NUMBER_ETAG=${released.etag}`,
        `PORTMAN_DOCUMENT_ID=${fixtures.documentId}`,
        `PORTMAN_LOCAL_ADDRESS_DOCUMENT_ID=${fixtures.documentIds[0]}`,
        `PORTMAN_SPARE_DOCUMENT_ID=${fixtures.spareDocumentId}`,
        `PORTMAN_DRAFT_BUNDLE_ID=${fixtures.draftBundleId}`,
        `PORTMAN_APPROVE_BUNDLE_ID=${fixtures.approveBundleId}`,
        `PORTMAN_REJECT_BUNDLE_ID=${fixtures.rejectBundleId}`,
        `PORTMAN_DRAFT_PORT_ORDER_ID=${ports.draftOrderId}`,
        `PORTMAN_DELETE_PORT_ORDER_ID=${ports.deleteOrderId}`,
        `PORTMAN_SUBMIT_PORT_ORDER_ID=${ports.submitOrderId}`,
        `PORTMAN_FOC_CHANGE_PORT_ORDER_ID=${ports.focChangeOrderId}`,
        `PORTMAN_CANCEL_PORT_ORDER_ID=${ports.cancelOrderId}`,
        `PORTMAN_CANCEL_PENDING_PORT_ORDER_ID=${ports.cancelPendingOrderId}`,
        `PORTMAN_RESUBMIT_PORT_ORDER_ID=${ports.resubmitOrderId}`,
        `PORTMAN_FOC_DATE=${ports.focDate}`,
        `PORTMAN_OTHER_FOC_DATE=${ports.otherFocDate}`,
        `PORTMAN_LOA_TOKEN=${ports.signingToken}`,
        `PORTMAN_SPARE_NUMBER=${ports.spareNumber}`,
        `PORTMAN_LOCAL_ADDRESS_ID=${fixtures.addressId}`,
        `PORTMAN_ORIGIN=${baseUrl}`,
        `PORTMAN_WEBHOOK_URL=${webhookUrl}`,
        "",
      ].join("\n"),
    );
    const report = path.join(dir, "newman.json");
    const collection = path.join(dir, "collection.json");
    // Portman writes its working files to tmp/ under the current directory: the throwaway one.
    const status = await runAlongside(
      path.join(root, "node_modules", ".bin", "portman"),
      [
        "--local",
        document,
        "--baseUrl",
        `${baseUrl}/api/v2`,
        "--portmanConfigFile",
        path.join(root, "tests", "contract", "portman-config.json"),
        "--postmanConfigFile",
        path.join(root, "tests", "contract", "postman-config.json"),
        "--envFile",
        envFile,
        "--output",
        collection,
        "--runNewman",
        "--newmanRunOptions",
        JSON.stringify({
          abortOnFailure: false,
          workingDir: dir,
          reporters: ["cli", "json"],
          reporter: { json: { export: report } },
        }),
      ],
      dir,
    );
    if (!existsSync(report)) {
      console.error("test:contract: newman wrote no report");
      return 1;
    }
    const { run: summary } = JSON.parse(readFileSync(report, "utf8")) as NewmanSummary;
    let failed = 0;
    for (const failure of summary.failures) {
      const why = excuse(failure.source?.name);
      if (!why) failed += 1;
      const line = `${failure.source?.name ?? "?"}: ${failure.error.test ?? ""} ${failure.error.message}`;
      if (why) console.log(`excused (${why}): ${line}`);
      else console.error(`FAILED ${line}`);
    }
    console.log(
      `test:contract: ${summary.stats.requests.total} requests, ${summary.stats.assertions.total} assertions, ` +
        `${failed} failed, ${summary.failures.length - failed} excused (${summary.stats.requests.failed} requests failed)`,
    );
    // docs/API.md's curl examples, against the same server (the port-in ones keep ids with jq).
    if (!ensureCommand("jq", "jq")) {
      console.error("test:contract: jq is needed for docs/API.md's examples and could not be installed");
      return 1;
    }
    const examples = readDocExamples(root);
    const docFailures = runDocExamples(examples, baseUrl, credentials.token, ownerCookie);
    for (const failure of docFailures) console.error(`FAILED docs/API.md: ${failure}`);
    console.log(`test:contract: docs/API.md: ${examples.length} curl examples, ${docFailures.length} failed`);
    return status === 0 && failed === 0 && summary.stats.requests.failed === 0 && docFailures.length === 0
      ? 0
      : 1;
  } finally {
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    receiver.close();
    await mailbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`test:contract failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
