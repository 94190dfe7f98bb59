/**
 * Helpers of the account-security end-to-end tests (password-reset.spec.ts, account-security.spec.ts,
 * totp.spec.ts). Not a spec file.
 *
 *  - `startSmtpCapture()`: a real SMTP server (smtp-server on 127.0.0.1, a free port) that parses every
 *    message it accepts with mailparser, for an app started with SMTP_URL pointing at it;
 *  - `spawnApp()`: a separate instance of the built app (`node --import tsx server.ts` on BUILD_DIR, the
 *    embedded API, a fresh seeded PGlite database) with its own ports and environment;
 *  - `ApiClient`: the upstream contract by hand (cookies, CSRF token), for a test's set-up;
 *  - `outboxMail()`: the development outbox of an app without SMTP_URL (GET /api/v1/dev/outbox, loopback);
 *  - `axeHere()`: axe on the page as it is now, also in the "nojs" project;
 *  - `patientAccount()`: a seeded patient without a password made into an account that can sign in (through
 *    the real reset flow), so that tests that change credentials never touch the shared demo logins.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, type Page, type TestInfo } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { PASSWORD, expectNoAxeViolations, isNoJs } from "./support";

export { startSmtpCapture, type CapturedMail } from "../support/smtp-capture";
import type { CapturedMail } from "../support/smtp-capture";

/** Waits for the newest captured mail to `to` whose text has a link to `pathname`; returns the mail and the link. */
export async function mailWithLink(messages: CapturedMail[], to: string, pathname: string, after = 0): Promise<{ mail: CapturedMail; link: URL }> {
  let found: { mail: CapturedMail; link: URL } | undefined;
  await expect
    .poll(
      () => {
        const mail = messages.slice(after).reverse().find((m) => m.to.includes(to.toLowerCase()) && m.text.includes(pathname + "?"));
        const href = mail ? new RegExp(`https?://[^\\s]+${pathname.replace("/", "\\/")}\\?[^\\s]+`).exec(mail.text)?.[0] : undefined;
        if (mail && href) found = { mail, link: new URL(href) };
        return Boolean(found);
      },
      { message: `a mail to ${to} with a ${pathname} link`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export type SpawnedApp = { baseURL: string; apiURL: string; close(): Promise<void> };

/**
 * Starts another instance of the built app for one spec file: its own web and API ports, a fresh data
 * directory (the demo seed), and `env` on top (SMTP_URL, short idle timeouts…). Resolves when /healthz
 * answers. The build is the one Playwright's webServer made (BUILD_DIR).
 */
export async function spawnApp(port: number, env: Record<string, string>): Promise<SpawnedApp> {
  const root = path.resolve(import.meta.dirname, "../..");
  const dataDir = path.join(root, ".tmp", `web-e2e-${port}`, `data-${Date.now()}`);
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const baseURL = `http://localhost:${port}`;
  // The embedded API and database, whatever the environment of the test run says.
  const { API_URL: _api, DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "test",
      PORT: String(port),
      API_PORT: String(port + 1),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      PUBLIC_URL: baseURL,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const state = await Promise.race([exited.then((code) => ({ exited: code })), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
    if (state) throw new Error(`the app on port ${port} exited (${state.exited}):\n${output}`);
    const up = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app on port ${port} did not answer /healthz:\n${output}`);
    }
  }
  return {
    baseURL,
    apiURL: `http://127.0.0.1:${port + 1}`,
    async close() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}

/** A minimal upstream client for a test's own set-up (cookies and the CSRF token kept by hand). */
export class ApiClient {
  private cookies = new Map<string, string>();
  private csrf = "";
  /**
   * `ip`: the client address the upstream sees (X-Forwarded-For; it trusts its loopback caller), so that a
   * test's set-up has rate-limit counters of its own.
   */
  constructor(
    private readonly api: string,
    private readonly ip?: string,
  ) {}

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
        ...(this.ip ? { "X-Forwarded-For": this.ip } : {}),
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
    expect(response.status, `${method} ${pathname}: ${json.message}`).toBe(expected);
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

/** The authenticator app: RFC 6238, SHA-1, 6 digits, 30 s (what get-totp-secret's otpauth URI says). */
export function authenticator(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")), digits: 6, period: 30, algorithm: "SHA1" });
}

/**
 * A code the upstream has not seen yet: codes are single-use per 30-second step, and the enrolment (or an
 * earlier sign-in) used the current one, so the next step's code is used (the API accepts one step of drift).
 */
export const nextCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

/** The newest mail of the development outbox to `to` with a link to `pathname` (an app without SMTP_URL). */
export async function outboxLink(api: string, to: string, pathname: string, notBefore?: number): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${api}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: "application/json" } });
        const json = (await response.json()) as { data: { messages: { id: number; text: string }[] } };
        const message = json.data.messages.find((m) => (notBefore === undefined || m.id > notBefore) && m.text.includes(pathname + "?"));
        const href = message ? new RegExp(`https?://[^\\s]+${pathname.replace("/", "\\/")}\\?[^\\s]+`).exec(message.text)?.[0] : undefined;
        if (href) link = new URL(href);
        return Boolean(link);
      },
      { message: `an outbox mail to ${to} with a ${pathname} link`, timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

/** The newest outbox id (so that a test can wait for a mail sent after it). */
export async function outboxHead(api: string): Promise<number> {
  const response = await fetch(`${api}/api/v1/dev/outbox?limit=1`, { headers: { Accept: "application/json" } });
  const json = (await response.json()) as { data: { messages: { id: number }[] } };
  return json.data.messages[0]?.id ?? 0;
}

export const NEW_PASSWORD = "Fresh-Passw0rd-2026";

/** A client address of a test's own (documentation range 198.18.0.0/15), for X-Forwarded-For. */
export const testIp = (slot: number) => `198.18.${Math.floor(slot / 250)}.${(slot % 250) + 1}`;

/** Signs in by filling the sign-in form (the way a user does; the context's headers go with it). */
export async function signInWithForm(page: Page, email: string, password: string, origin = ""): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in through the web's sign-in form with any account (the form itself is tested in auth.spec.ts):
 * posts it with the page's cookies and opens `path`. Returns the redirect target.
 */
export async function signInAs(page: Page, email: string, password: string, path: string | null = null, origin = ""): Promise<string> {
  const response = await page.request.post(`${origin}/login`, { form: { intent: "password", email, password }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  const location = response.headers()["location"] ?? "";
  if (path !== null) await page.goto(`${origin}${path}`);
  return location;
}

/**
 * A patient account of its own for one test: the seeded population patients have no password, so the
 * `slot`-th active one (by id) gets one through the real reset flow (request, mail in the outbox, link).
 * Slots keep tests apart: give every test its own, and the "nojs" project gets slots 100 higher.
 */
export async function patientAccount(api: string, slot: number, password = NEW_PASSWORD): Promise<{ email: string; password: string; id: number }> {
  const ip = testIp(slot);
  const staff = new ApiClient(api, ip);
  await staff.signIn("support@demo.test");
  const page = Math.floor(slot / 100) + 1;
  const { data } = await staff.call<{ id: number; email: string }[]>(
    "GET",
    `/api/v1/users?roles[]=patients&userStatus=active&sort=id_asc&perPage=100&page=${page}&search=example.test`,
  );
  const user = data[slot % 100];
  expect(user, `active population patient #${slot}`).toBeTruthy();
  const guest = new ApiClient(api, ip);
  const before = await outboxHead(api);
  await guest.call("POST", "/actions/users/send-password-reset-email", { loginName: user.email });
  const link = await outboxLink(api, user.email, "/set-password", before);
  await guest.call("POST", "/actions/users/set-password", {
    code: link.searchParams.get("code"),
    id: link.searchParams.get("id"),
    newPassword: password,
    passwordConfirm: password,
  });
  return { email: user.email, password, id: user.id };
}

/**
 * axe (WCAG 2.2 AA) on the page as the user sees it now. axe is a script run in the page, which a context
 * without JavaScript cannot run: in the "nojs" project the page's current markup (the server's no-JS HTML,
 * e.g. a form re-rendered with its errors after a post) is served again, at the same address, to a context
 * with JavaScript on but every script file blocked, so nothing hydrates and axe sees exactly that markup
 * with the site's own stylesheets.
 */
export async function axeHere(page: Page, label: string, testInfo: TestInfo) {
  if (!isNoJs(testInfo)) return expectNoAxeViolations(page, label);
  const html = await page.content();
  const url = page.url();
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({ javaScriptEnabled: true, locale: "en-US" });
  try {
    await context.route("**/*", (route) => {
      const request = route.request();
      if (request.resourceType() === "script") return route.abort();
      if (request.resourceType() === "document" && request.url() === url) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
      return route.continue();
    });
    const snapshot = await context.newPage();
    await snapshot.goto(url);
    // The inline boot script shows a spinner until hydration, which never comes here.
    await snapshot.evaluate(() => document.documentElement.classList.remove("booting"));
    await expectNoAxeViolations(snapshot, `${label} (no JavaScript)`);
  } finally {
    await context.close();
  }
}
