import nodemailer from "nodemailer";
import pino, { type DestinationStream } from "pino";
import { getEnv } from "@/lib/env";

// How the worker hands a message on: over SMTP when SMTP_URL is set, else to the server's log
// (one JSON line with the link picked out), so `npm start` alone lets a newcomer sign up and
// follow the link. A sender throws when the message did not go; the worker retries it.

type OutgoingEmail = { to: string; subject: string; text: string; kind: string };
export type EmailSender = (email: OutgoingEmail) => Promise<void>;

export function smtpSender(smtpUrl: string, from: string): EmailSender {
  // Timeouts well under the worker's lease, so a stuck server cannot outlive the claim.
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return async (email) => {
    await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
  };
}

export function logSender(destination?: DestinationStream, level: string = getEnv().LOG_LEVEL): EmailSender {
  const logger = pino({ ...lineFormat, level }, destination ?? pino.destination({ dest: 1, sync: false }));
  return (email) => {
    const link = /https?:\/\/\S+/.exec(email.text)?.[0] ?? null;
    logger.info(
      { email: { to: email.to, subject: email.subject, kind: email.kind, link, text: email.text } },
      "email not sent (SMTP_URL is not set): written here instead",
    );
    return Promise.resolve();
  };
}

// The request log's line shape (lib/api/request-log.ts): "level" as a word, ISO "time", "msg".
const lineFormat = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
};

let configured: EmailSender | undefined;

/** The sender the environment asks for, made once per process. */
export function configuredSender(): EmailSender {
  if (configured) return configured;
  const env = getEnv();
  configured = env.SMTP_URL ? smtpSender(env.SMTP_URL, env.EMAIL_FROM) : logSender();
  return configured;
}
