/**
 * Outgoing mail: one adapter, two transports, one record.
 *
 * - SMTP_URL set: the message goes out through nodemailer over SMTP; the email_outbox row records it
 *   (transport "smtp", sent_at on success, error text on failure).
 * - Embedded default (no SMTP_URL): the email_outbox row IS the delivery (transport "outbox"); the server
 *   logs one line saying where to read it (GET /api/v1/dev/outbox) — never the body, which holds the link.
 *
 * Texts live in locales/<lng>/mail.json (en-US fallback) and are rendered in the recipient's language.
 * Mail that must not slow down or shape an answer (a password reset must answer the same way and in the
 * same time whether or not the account exists) is sent with `deliverLater`, after the response.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import type { Logger } from "../http/errors.ts";
import { errorFields } from "../logger.ts";

export type MailDeps = { db: Db; config: ApiConfig; logger: Logger };
export type MailLocale = "en-US" | "es-US";
export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type MailTemplate = "passwordReset" | "passwordChanged" | "emailVerify" | "emailChange" | "emailInUse" | "emailChanged" | "checkInRequested" | "intakeSubmitted" | "staffInvite" | "renewalDeclined" | "renewalFailed" | "referralInvite";
export type MailParams = { name?: string; link?: string; email?: string; oldEmail?: string; when?: string; journey?: string; inviter?: string; code?: string; joinLink?: string };

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../locales");
const tables = new Map<MailLocale, Record<string, string>>();

function table(locale: MailLocale): Record<string, string> {
  let t = tables.get(locale);
  if (!t) {
    t = JSON.parse(readFileSync(path.join(localesDir, locale, "mail.json"), "utf8")) as Record<string, string>;
    tables.set(locale, t);
  }
  return t;
}

function text(locale: MailLocale, key: string, params: MailParams): string {
  const raw = table(locale)[key] ?? table("en-US")[key] ?? key;
  return raw.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name as keyof MailParams] ?? ""));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Subject, plain text and a simple HTML version (paragraphs; the link as a link) of a template. */
export function renderMail(template: MailTemplate, locale: MailLocale, params: MailParams): Omit<MailMessage, "to"> {
  const greeting = params.name ? text(locale, "greeting", params) : text(locale, "greetingNoName", params);
  const body = text(locale, `${template}.body`, params);
  const signature = text(locale, "signature", params);
  const paragraphs = [greeting, ...body.split("\n\n"), signature];
  const html =
    `<!doctype html><html lang="${locale.slice(0, 2)}"><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
    paragraphs
      .map((p) => {
        let h = escapeHtml(p).replace(/\n/g, "<br>");
        for (const url of [params.link, params.joinLink]) {
          if (!url) continue;
          const link = escapeHtml(url);
          h = h.split(link).join(`<a href="${link}">${link}</a>`);
        }
        return `<p>${h}</p>`;
      })
      .join("") +
    `</body></html>`;
  return { subject: text(locale, `${template}.subject`, params), text: paragraphs.join("\n\n") + "\n", html };
}

const transports = new Map<string, Transporter>();
function smtpTransport(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never);
    transports.set(url, t);
  }
  return t;
}

/**
 * Records the message in email_outbox and, with SMTP_URL, sends it. Never throws for a delivery failure
 * (the row keeps the error and it is logged); returns the outbox id and whether it left over SMTP.
 */
export async function sendMail(deps: MailDeps, message: MailMessage): Promise<{ id: number; transport: "smtp" | "outbox"; delivered: boolean }> {
  const { db, config, logger } = deps;
  const transport = config.smtpUrl ? "smtp" : "outbox";
  const [row] = await db
    .insert(emailOutbox)
    // On the embedded default the row is the delivery: it is "sent" when written.
    .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null, transport, sentAt: config.smtpUrl ? null : new Date() })
    .returning({ id: emailOutbox.id });
  if (!config.smtpUrl) {
    logger.info("mail stored in the outbox (no SMTP_URL): read it at GET /api/v1/dev/outbox", { outboxId: row.id });
    return { id: row.id, transport, delivered: true };
  }
  try {
    await smtpTransport(config.smtpUrl).sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
    await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
    return { id: row.id, transport, delivered: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
    await db.update(emailOutbox).set({ error: reason }).where(eq(emailOutbox.id, row.id));
    logger.error("mail delivery failed", { outboxId: row.id, error: error instanceof Error ? error.name : "Error" });
    return { id: row.id, transport, delivered: false };
  }
}

const inflight = new Set<Promise<void>>();

/**
 * Runs mail work after the response has gone (so that it neither delays nor changes the answer), keeping
 * track of it so that `mailSettled()` can wait for it. Failures are logged, never thrown.
 */
export function deliverLater(deps: MailDeps, work: () => Promise<unknown>): void {
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => deps.logger.error("background mail work failed", errorFields(error)),
    )
    .finally(() => inflight.delete(task));
  inflight.add(task);
}

/** Resolves when every mail started with deliverLater has been handled (tests; graceful shutdown). */
export async function mailSettled(): Promise<void> {
  while (inflight.size > 0) await Promise.all([...inflight]);
}
