/**
 * Helpers of the account-security tests: a real SMTP server collecting messages (smtp-server on
 * 127.0.0.1:0), a small MIME reader to get the text and the links out of them, and sign-in helpers that
 * say which IP the request comes from (X-Forwarded-For; the test API trusts the loopback proxy).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { Client, DEMO_PASSWORD } from "./harness.ts";

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string };

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < src.length; i++) {
    if (src[i] === "=" && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(src[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(headers: string, body: string): string {
  const cte = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (cte === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (cte === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function decodeWords(s: string): string {
  return s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** The subject and the text/plain part of a raw message (single part or multipart/alternative). */
export function readMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const unfolded = headers.replace(/\r\n[ \t]+/g, " ");
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? "").replace(/\?=\s+=\?/g, "");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  if (!boundary) return { subject, text: decodeBody(unfolded, body) };
  for (const part of body.split("--" + boundary)) {
    const at = part.indexOf("\r\n\r\n");
    if (at < 0) continue;
    const partHeaders = part.slice(0, at);
    if (/content-type:\s*text\/plain/i.test(partHeaders)) return { subject, text: decodeBody(partHeaders, part.slice(at + 4)) };
  }
  return { subject, text: "" };
}

/** A real SMTP server on a loopback port that keeps every message it accepts. */
export async function startSmtp(): Promise<{ url: string; messages: ReceivedMail[]; close(): Promise<void> }> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        messages.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, ...readMail(raw) });
        callback();
      });
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

/** The first link in a text that starts with `prefix` (e.g. "http://localhost:3000/set-password?"). */
export function linkIn(text: string, prefix: string): URL {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(escaped + "[^\\s<>\"]*").exec(text);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return new URL(match[0]);
}

/** Signs in from a given client IP (X-Forwarded-For). Keeps the client's CSRF token up to date. */
export async function loginFrom(c: Client, ip: string, email: string, password = DEMO_PASSWORD) {
  if (!c.csrf) await c.sessionInfo();
  const r = await c.request<{ id: number; groups: string[]; csrfTokenValue: string; authMethod?: string; retryAfter?: number }>(
    "POST",
    "/actions/users/login",
    { loginName: email, password },
    { headers: { "X-Forwarded-For": ip } },
  );
  if (r.status === 200 && r.body.data?.csrfTokenValue) c.csrf = r.body.data.csrfTokenValue;
  return r;
}

/** A POST from a given client IP. */
export function postFrom<T = unknown>(c: Client, ip: string, path: string, body: unknown) {
  return c.request<T>("POST", path, body, { headers: { "X-Forwarded-For": ip } });
}
