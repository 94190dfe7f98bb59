/**
 * Two-factor authentication: enrolment (secret + QR, confirmation, recovery codes), the sign-in challenge
 * (wrong code, right code, replayed code, recovery code), turning it off. The clock is faked (Date only) so
 * that each code falls in a known 30-second step; the API runs in this process and sees the same clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { RECOVERY_CODE_PATTERN } from "../../api/contract/account.ts";
import { auditEvents, recoveryCodes, users } from "../../api/db/schema.ts";
import { decryptTotpSecret, totpFor } from "../../api/domain/totp.ts";
import { Client, DEMO_PASSWORD, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { loginFrom } from "./account-helpers.ts";

const STEP = 30_000;
let api: TestApi;
let base = 0;

beforeAll(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: "loopback" } });
});
afterAll(() => api?.close());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  // 5 s into the next step: every code below is generated and checked inside its own step.
  base = (Math.floor(Date.now() / STEP) + 1) * STEP + 5_000;
  vi.setSystemTime(base);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock to `steps` 30-second steps after the start of the test. */
const atStep = (steps: number) => vi.setSystemTime(base + steps * STEP);
const codeNow = (secret: string) => totpFor(secret).generate({ timestamp: Date.now() });
const wrongCode = (secret: string) => (codeNow(secret) === "000000" ? "111111" : "000000");

async function row(email: string) {
  const [u] = await api.database.db.select().from(users).where(eq(users.email, email));
  return u;
}

type Secret = { secret: string; otpauthUrl: string; qrSvg: string };
type Enabled = { totp: true; recoveryCodes: string[] };
type Methods = { password: boolean; totp: boolean; recoveryCodesLeft: number };

async function enrol(c: Client): Promise<{ secret: string; recoveryCodes: string[] }> {
  const s = await c.get<Secret>("/api/v1/users/get-totp-secret");
  expect(s.status).toBe(200);
  const r = await c.post<Enabled>("/api/v1/users/verify-totp", { code: codeNow(s.body.data!.secret) });
  expect(r.status).toBe(200);
  return { secret: s.body.data!.secret, recoveryCodes: r.body.data!.recoveryCodes };
}

describe("two-factor authentication", () => {
  it("enrols with a secret and QR code, confirms with a code, and hands out 10 recovery codes once", async () => {
    const email = LOGINS.patients;
    const c = await signedIn(api.url, "patients");
    expect((await c.get<Methods>("/api/v1/users/get-auth-methods")).body.data).toEqual({ password: true, totp: false, recoveryCodesLeft: 0 });

    const s = await c.get<Secret>("/api/v1/users/get-totp-secret");
    expect(s.status).toBe(200);
    const { secret, otpauthUrl, qrSvg } = s.body.data!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const url = new URL(otpauthUrl);
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Telehealth");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(url.pathname)).toContain(email);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Pending and encrypted at rest; two-factor is not on yet.
    let u = await row(email);
    expect(u.totpEnabled).toBe(false);
    expect(u.totpPendingSecretEnc).toBeTruthy();
    expect(u.totpPendingSecretEnc).not.toContain(secret);
    expect(decryptTotpSecret(u.totpPendingSecretEnc!, api.config.keys).secret).toBe(secret);

    const wrong = await c.post<{ errors: Record<string, string[]> }>("/api/v1/users/verify-totp", { code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data!.errors).toEqual({ code: ["Invalid code."] });
    expect(wrong.body.code).toBe("auth.invalidCode");
    expect((wrong.body.data as { fieldCodes?: unknown }).fieldCodes).toEqual({ code: [{ code: "auth.invalidCode" }] });
    expect((await row(email)).totpEnabled).toBe(false);

    const ok = await c.post<Enabled>("/api/v1/users/verify-totp", { code: codeNow(secret) });
    expect(ok.status).toBe(200);
    const codes = ok.body.data!.recoveryCodes;
    expect(ok.body.data!.totp).toBe(true);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    u = await row(email);
    expect(u.totpEnabled).toBe(true);
    expect(u.totpPendingSecretEnc).toBeNull();
    expect(decryptTotpSecret(u.totpSecretEnc!, api.config.keys).secret).toBe(secret);
    const stored = await api.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);

    expect((await c.get<Methods>("/api/v1/users/get-auth-methods")).body.data).toEqual({ password: true, totp: true, recoveryCodesLeft: 10 });
    expect((await c.get<{ totpEnabled: boolean }>("/api/v1/profile")).body.data!.totpEnabled).toBe(true);
    // A second device needs two-factor turned off first.
    expect((await c.get("/api/v1/users/get-totp-secret")).status).toBe(400);

    // Signing in now asks for a code; the enrolment code itself cannot be replayed in the same step.
    const d = new Client(api.url);
    const challenge = await loginFrom(d, "203.0.113.20", email);
    expect(challenge.body.data).toEqual({ authMethod: "totp" });
    expect((await d.post("/api/v1/users/verify-totp", { code: codeNow(secret) })).status).toBe(400);

    const enabled = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.totp.enable"), eq(auditEvents.actorId, u.id)));
    expect(enabled.map((e) => e.outcome).sort()).toEqual(["failure", "success"]);
  });

  it("signs in with the challenge: wrong code refused, right code accepted, the same code refused again", async () => {
    const email = LOGINS.providers;
    const { secret } = await enrol(await signedIn(api.url, "providers"));
    atStep(1);

    const c = new Client(api.url);
    const first = await loginFrom(c, "203.0.113.21", email);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ authMethod: "totp" });
    expect(c.cookies.has("th_session")).toBe(false);
    expect((await c.get("/api/v1/profile")).status).toBe(401);

    expect((await c.post("/api/v1/users/verify-totp", { code: wrongCode(secret) })).status).toBe(400);
    expect(c.cookies.has("th_session")).toBe(false);

    const code = codeNow(secret);
    const right = await c.post<{ groups: string[]; csrfTokenValue: string }>("/api/v1/users/verify-totp", { code });
    expect(right.status).toBe(200);
    expect(right.body.data!.groups).toEqual(["providers"]);
    c.csrf = right.body.data!.csrfTokenValue;
    expect((await c.get("/api/v1/profile")).status).toBe(200);

    const again = new Client(api.url);
    await loginFrom(again, "203.0.113.22", email);
    const replay = await again.post("/api/v1/users/verify-totp", { code });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe("Invalid code.");

    // The next step's code works.
    atStep(2);
    expect((await again.post("/api/v1/users/verify-totp", { code: codeNow(secret) })).status).toBe(200);

    const u = await row(email);
    const logins = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.login"), eq(auditEvents.actorId, u.id)));
    expect(logins.filter((e) => e.meta?.method === "totp")).toHaveLength(2);
    const failures = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.totp"), eq(auditEvents.actorId, u.id)));
    expect(failures.filter((e) => e.outcome === "failure")).toHaveLength(2);
  });

  it("accepts a recovery code instead of a code, once", async () => {
    const email = LOGINS.providerUsers;
    const owner = await signedIn(api.url, "providerUsers");
    const { recoveryCodes: codes } = await enrol(owner);

    const c = new Client(api.url);
    await loginFrom(c, "203.0.113.23", email);
    const used = await c.post<{ groups: string[] }>("/api/v1/users/verify-totp", { recoveryCode: codes[3].toUpperCase() });
    expect(used.status).toBe(200);
    expect(used.body.data!.groups).toEqual(["providerUsers"]);

    const d = new Client(api.url);
    await loginFrom(d, "203.0.113.24", email);
    const reused = await d.post<{ errors: Record<string, string[]> }>("/api/v1/users/verify-totp", { recoveryCode: codes[3] });
    expect(reused.status).toBe(400);
    expect(reused.body.data!.errors).toEqual({ recoveryCode: ["Invalid code."] });
    // Without dashes is fine too.
    expect((await d.post("/api/v1/users/verify-totp", { recoveryCode: codes[4].replace(/-/g, "") })).status).toBe(200);

    expect((await owner.get<Methods>("/api/v1/users/get-auth-methods")).body.data!.recoveryCodesLeft).toBe(8);
    const u = await row(email);
    const logins = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.login"), eq(auditEvents.actorId, u.id)));
    expect(logins.filter((e) => e.meta?.method === "recovery_code")).toHaveLength(2);
  });

  it("turns two-factor off with a current code or the password, never with a wrong one", async () => {
    const email = LOGINS.customerSupportManagers;
    const c = await signedIn(api.url, "customerSupportManagers");
    const { secret } = await enrol(c);
    atStep(1);

    const none = await c.post<{ errors: Record<string, string[]> }>("/api/v1/users/disable-totp", {});
    expect(none.status).toBe(400);
    expect(none.body.data!.errors).toEqual({ code: ["Enter a code from your authenticator app or your password"] });
    expect(none.body.code).toBe("common.invalidFields");
    expect((none.body.data as { fieldCodes?: unknown }).fieldCodes).toEqual({ code: [{ code: "validation.codeOrPassword" }] });
    const badPassword = await c.post<{ errors: Record<string, string[]> }>("/api/v1/users/disable-totp", { password: "WrongPassw0rd" });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.data!.errors).toEqual({ password: ["The password is not correct."] });
    expect((await c.post("/api/v1/users/disable-totp", { code: wrongCode(secret) })).status).toBe(400);
    expect((await row(email)).totpEnabled).toBe(true);

    const off = await c.post("/api/v1/users/disable-totp", { code: codeNow(secret) });
    expect(off.status).toBe(200);
    let u = await row(email);
    expect(u).toMatchObject({ totpEnabled: false, totpSecretEnc: null, totpPendingSecretEnc: null });
    expect(await api.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id))).toHaveLength(0);
    expect((await c.post("/api/v1/users/disable-totp", { password: DEMO_PASSWORD })).body.message).toBe("Two-factor authentication is already off.");

    // Sign-in no longer asks for a code.
    const plain = await loginFrom(new Client(api.url), "203.0.113.25", email);
    expect(plain.body.data!.groups).toEqual(["customerSupportManagers"]);

    // On again (a later step), then off with the password.
    atStep(2);
    await enrol(c);
    expect((await c.post("/api/v1/users/disable-totp", { password: DEMO_PASSWORD })).status).toBe(200);
    u = await row(email);
    expect(u.totpEnabled).toBe(false);
    const events = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.totp.disable"), eq(auditEvents.actorId, u.id)));
    expect(events.filter((e) => e.outcome === "success").map((e) => e.meta?.method)).toEqual(["totp", "password"]);
    expect(events.filter((e) => e.outcome === "failure")).toHaveLength(2);
  });

  it("single use is per secret: off and on again within one 30-second step accepts the new secret's code", async () => {
    const email = LOGINS.medicalSupportManagers;
    const c = await signedIn(api.url, "medicalSupportManagers");
    await enrol(c);
    expect((await c.post("/api/v1/users/disable-totp", { password: DEMO_PASSWORD })).status).toBe(200);

    // Same step: the step used by the first secret belongs to it, not to the new one.
    const { secret } = await enrol(c);
    expect((await row(email)).totpEnabled).toBe(true);

    // The new secret's code is still single use: the one that confirmed it does not sign in.
    const again = new Client(api.url);
    expect((await loginFrom(again, "203.0.113.31", email)).body.data!.authMethod).toBe("totp");
    expect((await again.post("/api/v1/users/verify-totp", { code: codeNow(secret) })).body.message).toBe("Invalid code.");
    atStep(1);
    expect((await again.post("/api/v1/users/verify-totp", { code: codeNow(secret) })).status).toBe(200);
  });

  it("explains when there is nothing to confirm, and still needs a 6-digit code", async () => {
    const c = await signedIn(api.url, "medicalSupport");
    const r = await c.post("/api/v1/users/verify-totp", { code: "123456" });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("There is no two-factor setup in progress. Start again to get a new QR code.");
    const bad = await c.post<{ errors: Record<string, string[]> }>("/api/v1/users/verify-totp", { code: "12ab" });
    expect(bad.body.data!.errors).toEqual({ code: ["Enter the 6-digit code from your authenticator app"] });
  });
});
