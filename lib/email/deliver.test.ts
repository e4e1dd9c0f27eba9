import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { deliverDueEmails, EMAIL_MAX_ATTEMPTS } from "@/lib/email/deliver";
import { queueEmail } from "@/lib/email/queue";
import { logSender, smtpSender, type EmailSender } from "@/lib/email/send";
import { startSmtpReceiver, type SmtpReceiver } from "@/tests/email/smtp-receiver";
import { metrics } from "@/lib/observability/metrics";

const T0 = new Date("2026-11-27T10:00:00.000Z");
const LEASE_MS = 60_000;
let receiver: SmtpReceiver;
let send: EmailSender;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  send = smtpSender(receiver.url, "Numbers portal <no-reply@numbers.example>");
});
afterAll(() => receiver.close());

beforeEach(async () => {
  const prisma = await getPrisma();
  await prisma.emailMessage.deleteMany();
  receiver.received.length = 0;
});

const at = (ms: number) => () => new Date(T0.getTime() + ms);

async function queue(to: string, text = "Follow https://portal.example/verify?token=abc to go on.") {
  return inRetryingTransaction((tx) =>
    queueEmail(tx, { to, subject: "Confirm your email", text, kind: "verify_email" }, T0),
  );
}

async function row(id: string) {
  const prisma = await getPrisma();
  return prisma.emailMessage.findUniqueOrThrow({ where: { id } });
}

describe("email worker over SMTP", () => {
  it("sends a queued message through a real SMTP server and marks it sent", async () => {
    const id = await queue("ada@example.com");
    expect(await deliverDueEmails({ now: at(0), leaseMs: LEASE_MS, send })).toBe(1);
    expect(receiver.received).toEqual([
      {
        to: "ada@example.com",
        from: '"Numbers portal" <no-reply@numbers.example>',
        subject: "Confirm your email",
        text: "Follow https://portal.example/verify?token=abc to go on.\n",
      },
    ]);
    const sent = await row(id);
    expect([sent.status, sent.attempts, sent.sentAt, sent.lastError, sent.claimToken]).toEqual([
      "sent",
      1,
      T0,
      null,
      null,
    ]);
    // Nothing left to send.
    expect(await deliverDueEmails({ now: at(1000), leaseMs: LEASE_MS, send })).toBe(0);
  });

  it("counts each attempt in portal_emails_total by outcome: sent, retrying, failed", async () => {
    const counts = async () =>
      Object.fromEntries(
        (await metrics().emails.get()).values.map((value) => [value.labels.outcome, value.value]),
      );
    const before = await counts();
    await queue("ok@example.com");
    await queue("bad@example.com");
    const refusing: EmailSender = async (message) => {
      if (message.to === "bad@example.com") throw new Error("451 try again later");
      await send(message);
    };
    expect(await deliverDueEmails({ now: at(0), leaseMs: LEASE_MS, send: refusing })).toBe(2);
    const after = await counts();
    const delta = (outcome: string) => (after[outcome] ?? 0) - (before[outcome] ?? 0);
    expect([delta("sent"), delta("retrying"), delta("failed")]).toEqual([1, 1, 0]);
  });

  it("a message queued in a transaction that rolls back is never sent", async () => {
    await expect(
      inRetryingTransaction(async (tx) => {
        await queueEmail(tx, { to: "gone@example.com", subject: "s", text: "t", kind: "verify_email" }, T0);
        throw new Error("the sign-up failed");
      }),
    ).rejects.toThrow("the sign-up failed");
    expect(await deliverDueEmails({ now: at(0), leaseMs: LEASE_MS, send })).toBe(0);
  });

  it("retries a refused message after 30 s, then 2 min, and sends it", async () => {
    const id = await queue("grace@example.com");
    receiver.refuseNext(2);
    expect(await deliverDueEmails({ now: at(0), leaseMs: LEASE_MS, send })).toBe(1);
    let state = await row(id);
    expect([state.status, state.attempts, state.nextAttemptAt]).toEqual([
      "queued",
      1,
      new Date(T0.getTime() + 30_000),
    ]);
    expect(state.lastError).toContain("451");
    // Not due yet at 29.999 s.
    expect(await deliverDueEmails({ now: at(29_999), leaseMs: LEASE_MS, send })).toBe(0);
    expect(await deliverDueEmails({ now: at(30_000), leaseMs: LEASE_MS, send })).toBe(1);
    state = await row(id);
    expect([state.status, state.attempts, state.nextAttemptAt]).toEqual([
      "queued",
      2,
      new Date(T0.getTime() + 30_000 + 120_000),
    ]);
    expect(await deliverDueEmails({ now: at(150_000), leaseMs: LEASE_MS, send })).toBe(1);
    state = await row(id);
    expect([state.status, state.attempts, state.lastError, state.sentAt]).toEqual([
      "sent",
      3,
      null,
      new Date(T0.getTime() + 150_000),
    ]);
    expect(receiver.received.map((mail) => mail.to)).toEqual(["grace@example.com"]);
  });

  it("gives up after the last attempt: status failed, never claimed again", async () => {
    const id = await queue("nobody@example.com");
    const failing: EmailSender = () => Promise.reject(new Error("connection refused"));
    let clock = 0;
    for (let attempt = 1; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueEmails({ now: at(clock), leaseMs: LEASE_MS, send: failing })).toBe(1);
      clock = (await row(id)).nextAttemptAt.getTime() - T0.getTime();
    }
    const state = await row(id);
    expect([state.status, state.attempts, state.lastError, state.sentAt]).toEqual([
      "failed",
      EMAIL_MAX_ATTEMPTS,
      "connection refused",
      null,
    ]);
    expect(await deliverDueEmails({ now: at(clock + 86_400_000), leaseMs: LEASE_MS, send })).toBe(0);
  });

  it("a claim is a lease: another worker cannot take it until it runs out", async () => {
    const id = await queue("lin@example.com");
    let release: () => void = () => undefined;
    const slow: EmailSender = () => new Promise<void>((resolve) => (release = resolve));
    const first = deliverDueEmails({ now: at(0), leaseMs: LEASE_MS, send: slow });
    await expect.poll(async () => (await row(id)).claimToken).not.toBeNull();
    expect(await deliverDueEmails({ now: at(59_999), leaseMs: LEASE_MS, send })).toBe(0);
    // The first worker is presumed dead after its lease: a second takes over and sends it.
    expect(await deliverDueEmails({ now: at(60_000), leaseMs: LEASE_MS, send })).toBe(1);
    expect((await row(id)).status).toBe("sent");
    // The first worker's late outcome is not recorded: its claim is gone.
    release();
    expect(await first).toBe(1);
    expect([(await row(id)).status, (await row(id)).attempts]).toEqual(["sent", 1]);
  });
});

describe("email worker without SMTP_URL", () => {
  it("writes the message and its link to the log and marks it sent", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const id = await queue("new@example.com");
    const sender = logSender(sink, "info");
    expect(await deliverDueEmails({ now: at(0), leaseMs: LEASE_MS, send: sender })).toBe(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line.msg).toBe("email not sent (SMTP_URL is not set): written here instead");
    expect(line.email).toEqual({
      to: "new@example.com",
      subject: "Confirm your email",
      kind: "verify_email",
      link: "https://portal.example/verify?token=abc",
      text: "Follow https://portal.example/verify?token=abc to go on.",
    });
    expect((await row(id)).status).toBe("sent");
  });
});
