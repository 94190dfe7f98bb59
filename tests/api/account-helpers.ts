/**
 * Helpers of the account-security tests: the real SMTP server collecting messages (tests/support), the links
 * in them, and sign-in helpers that say which IP the request comes from (X-Forwarded-For; the test API trusts the loopback proxy).
 */
import { Client, DEMO_PASSWORD } from "./harness.ts";

/** The real SMTP server the tests receive mail through (shared with the end-to-end suite). */
export { startSmtpCapture as startSmtp, type CapturedMail as ReceivedMail } from "../support/smtp-capture.ts";

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
