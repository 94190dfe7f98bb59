/**
 * Helpers of the account-security tests, in the browser (tests/e2e/account-security.spec.ts, totp.spec.ts,
 * password-reset.spec.ts) and over HTTP (tests/web/auth.test.ts, account-security.test.ts,
 * password-reset.test.ts). Not a spec file, and free of any test runner (it throws plain errors), so that
 * both Playwright and vitest can use it.
 *
 *  - `ApiClient`: the upstream contract by hand (cookies, CSRF token), for a test's own set-up — e.g. turning
 *    two-factor authentication on for a test patient before a sign-in test;
 *  - `authenticator()` / `nextCode()`: the authenticator app (RFC 6238);
 *  - `outboxLink()` / `outboxHead()` / `outboxMail()`: the development outbox of an app without SMTP_URL
 *    (GET /api/v1/dev/outbox on the loopback API port);
 *  - `startSmtpCapture()` / `mailWithLink()`: a real SMTP server for an app started with SMTP_URL;
 *  - `spawnApp()`: another instance of the built app with an environment of its own;
 *  - `beacons()`: waits for the page's analytics beacons before a sign-in (see there why).
 */
import type { Page, Request } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { PASSWORD } from "../support/accounts";
import type { CapturedMail } from "../support/smtp-capture";

export { startSmtpCapture, type CapturedMail } from "../support/smtp-capture";
export { spawnApp, type SpawnedApp } from "../support/app";

/** Asks `probe` every 100 ms until it returns a value (not undefined), for at most `timeout` ms. */
async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first `…/pathname?…` link in a mail's text. */
function linkIn(text: string, pathname: string): URL | undefined {
  const href = new RegExp(`https?://[^\\s]+${pathname.replace("/", "\\/")}\\?[^\\s]+`).exec(text)?.[0];
  return href ? new URL(href) : undefined;
}

/** Waits for the newest captured mail to `to` (after the `after`-th) with a link to `pathname`; the mail and the link. */
export function mailWithLink(messages: CapturedMail[], to: string, pathname: string, after = 0): Promise<{ mail: CapturedMail; link: URL }> {
  return until(
    () => {
      const mail = messages
        .slice(after)
        .reverse()
        .find((m) => m.to.includes(to.toLowerCase()) && m.text.includes(pathname + "?"));
      const link = mail ? linkIn(mail.text, pathname) : undefined;
      return mail && link ? { mail, link } : undefined;
    },
    `a mail to ${to} with a ${pathname} link`,
  );
}

/** A minimal upstream client for a test's own set-up (cookies and the CSRF token kept by hand). */
export class ApiClient {
  private cookies = new Map<string, string>();
  private csrf = "";
  constructor(private readonly api: string) {}

  async call<T = Record<string, unknown>>(method: string, pathname: string, body?: unknown, expected = 200): Promise<{ message: string; data: T }> {
    if (method !== "GET" && !this.csrf && pathname !== "/api/v1/users/session-info") {
      this.csrf = String((await this.call<{ csrfTokenValue: string }>("POST", "/api/v1/users/session-info", {})).data.csrfTokenValue);
    }
    const response = await fetch(this.api + pathname, {
      method,
      headers: {
        Accept: "application/json",
        "X-Requested-With": "XMLHttpRequest",
        "X-Frontend-Version": "2",
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...(this.csrf && method !== "GET" ? { "X-CSRF-Token": this.csrf } : {}),
        Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const json = (await response.json()) as { message: string; data: T };
    if (response.status !== expected) throw new Error(`${method} ${pathname}: ${response.status} (expected ${expected}): ${json.message}`);
    return json;
  }

  async signIn(email: string, password = PASSWORD) {
    const { data } = await this.call<{ csrfTokenValue?: string; authMethod?: string }>("POST", "/actions/users/login", { loginName: email, password });
    if (data.csrfTokenValue) this.csrf = data.csrfTokenValue;
    return data;
  }

  /** Turns two-factor authentication on for the signed-in user; the authenticator and the recovery codes. */
  async enableTotp(): Promise<{ totp: OTPAuth.TOTP; recoveryCodes: string[] }> {
    const { data } = await this.call<{ secret: string }>("GET", "/api/v1/users/get-totp-secret");
    const totp = authenticator(data.secret);
    const enabled = await this.call<{ recoveryCodes: string[] }>("POST", "/api/v1/users/verify-totp", { code: totp.generate() });
    return { totp, recoveryCodes: enabled.data.recoveryCodes };
  }
}

/** Signs `email` in on the upstream `api` and turns two-factor authentication on (a test's set-up). */
export async function enableTotpFor(api: string, email: string, password = PASSWORD) {
  const client = new ApiClient(api);
  await client.signIn(email, password);
  return client.enableTotp();
}

/** The authenticator app: RFC 6238, SHA-1, 6 digits, 30 s (what get-totp-secret's otpauth URI says). */
export function authenticator(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")), digits: 6, period: 30, algorithm: "SHA1" });
}

/**
 * A code the upstream has not seen yet: codes are single-use per 30-second step, and the enrolment (or an
 * earlier sign-in) used the current one, so the next step's code is used (the API accepts one step of drift).
 */
export const nextCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

type OutboxMessage = { id: number; to: string; subject: string; text: string; html: string | null };

async function outbox(api: string, query: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${api}/api/v1/dev/outbox?${query}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /api/v1/dev/outbox: ${response.status}`);
  return ((await response.json()) as { data: { messages: OutboxMessage[] } }).data.messages;
}

/** The newest outbox mail to `to` (after the id `notBefore`) with a link to `pathname`, and that link (an app without SMTP_URL). */
export function outboxMail(api: string, to: string, pathname: string, notBefore?: number): Promise<{ mail: OutboxMessage; link: URL }> {
  return until(
    async () => {
      const messages = await outbox(api, `to=${encodeURIComponent(to)}`);
      const mail = messages.find((m) => (notBefore === undefined || m.id > notBefore) && m.text.includes(pathname + "?"));
      const link = mail ? linkIn(mail.text, pathname) : undefined;
      return mail && link ? { mail, link } : undefined;
    },
    `an outbox mail to ${to} with a ${pathname} link`,
  );
}

/** The link of the newest outbox mail to `to` with a link to `pathname` (after the id `notBefore`). */
export async function outboxLink(api: string, to: string, pathname: string, notBefore?: number): Promise<URL> {
  return (await outboxMail(api, to, pathname, notBefore)).link;
}

/** The newest outbox id (so that a test can wait for a mail sent after it). */
export async function outboxHead(api: string): Promise<number> {
  return (await outbox(api, "limit=1"))[0]?.id ?? 0;
}

/** Outbox mails to `to` after the id `notBefore` (newest first). */
export async function outboxTo(api: string, to: string, notBefore = 0): Promise<OutboxMessage[]> {
  return (await outbox(api, `to=${encodeURIComponent(to)}`)).filter((m) => m.id > notBefore);
}

/** User agents the sessions tests sign in with (shown as "Chrome on …", "Firefox on Windows", "Safari on iOS"). */
export const USER_AGENTS = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  firefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
} as const;

/** The password rules of spec §5, one failing rule each, and the message each gets (en-US, es-US). */
export const PASSWORD_RULES = {
  en: [
    ["Abcdefg1", "Password must be more than 8 characters"],
    ["abcdefgh1", "Password must contain an uppercase letter"],
    ["ABCDEFGH1", "Password must contain a lowercase letter"],
    ["Abcdefghij", "Password must contain a digit"],
    ["Abcd efgh1", "Password must not contain spaces"],
  ],
  es: [
    ["Abcdefg1", "La contraseña debe tener más de 8 caracteres"],
    ["abcdefgh1", "La contraseña debe contener una letra mayúscula"],
    ["ABCDEFGH1", "La contraseña debe contener una letra minúscula"],
    ["Abcdefghij", "La contraseña debe contener un número"],
    ["Abcd efgh1", "La contraseña no debe contener espacios"],
  ],
} as const;

/**
 * The page's analytics beacons (POST /resources/track, one PageView each time the page's path changes, and
 * an Init first). `settled()` waits until a beacon was sent since the last `mark()` (or since `beacons()` was
 * called) and every beacon sent has been answered. Each answer carries the web session cookie as it was when
 * the beacon left, so one still in flight while the user signs in (or asks for a reset link) can put back the
 * session from before and undo the sign-in (a product race, see .tmp/notes/account-security.md). A user
 * takes longer than that to type; a test waits for it instead. Call `beacons()` before the page loads, and
 * `mark()` before a navigation to another path that a sign-in follows.
 */
export function beacons(page: Page): { mark(): void; settled(): Promise<void> } {
  let open = 0;
  let seen = 0;
  const isBeacon = (request: Request) => new URL(request.url()).pathname === "/resources/track";
  page.on("request", (request) => {
    if (!isBeacon(request)) return;
    open++;
    seen++;
  });
  const done = (request: Request) => {
    if (isBeacon(request)) open--;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    mark() {
      seen = 0;
    },
    async settled() {
      await until(() => (seen > 0 && open <= 0 ? true : undefined), "the analytics beacons to be answered");
    },
  };
}
