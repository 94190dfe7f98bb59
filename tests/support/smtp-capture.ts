/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1, a free port) that keeps every message it accepts,
 * parsed by mailparser: the API suite (tests/api) and the end-to-end reset journey (tests/e2e) both receive
 * the product's mail through it, exactly as a relay would.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The `lang` of the HTML part (the language the mail was written in), when present. */
  language: string | null;
};

export type SmtpCapture = { url: string; messages: CapturedMail[]; close(): Promise<void> };

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const html = typeof mail.html === "string" ? mail.html : "";
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html,
            language: /<html lang="([a-z-]+)"/i.exec(html)?.[1] ?? null,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
