// A real SMTP server in the test process (smtp-server), and each message it receives parsed
// by mailparser: tests see what a mail client would, with no mock of nodemailer in between.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = { to: string; from: string; subject: string; text: string };

export type SmtpReceiver = {
  url: string;
  received: ReceivedEmail[];
  /** The next n RCPT TO commands are refused with 451 (a temporary failure). */
  refuseNext(n: number): void;
  close(): Promise<void>;
};

/** `port` 0: any free one (see `url`). */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const received: ReceivedEmail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const error = Object.assign(new Error("mailbox busy, try later"), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          received.push({
            to: to?.value[0]?.address ?? "",
            from: mail.from?.text ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    refuseNext(n) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
