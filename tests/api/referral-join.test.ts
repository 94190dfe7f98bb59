/**
 * Joining from a referral invitation (api/routes/referral-join.ts, contract api/contract/referral-join.ts): the
 * invitation mail's join link, the check, the join — a confirmed active patient, signed in as the login call signs
 * in, the referral joined for the inviter, the link spent — each refusal with its code (unknown, used, expired
 * link; an address that got an account meanwhile; weak password; missing names; no consent), CSRF, the rate limit,
 * and the §9 rule still crediting both after the new patient's $109 order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { mailSettled } from "../../api/domain/mail.ts";
import { hashPassword } from "../../api/domain/password.ts";
import { sha256 } from "../../api/http/session.ts";
import type { ReferralSummary } from "../../api/contract/referrals.ts";
import { Client, DEMO_PASSWORD, LOGINS, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
let inviter: Client;
let emma = 0;
const db = () => api.database.db;
const uniqueEmail = (p = "joiner") => `${p}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const CHECK = "/actions/referrals/join/check";
const JOIN = "/actions/referrals/join";
let ipCount = 0;
/** Each test from an address of its own (unusable links are limited per IP). */
const ip = () => `203.0.113.${++ipCount}`;

beforeAll(async () => {
  api = await startTestApi();
  inviter = new Client(api.url);
  await inviter.login(LOGINS.patients);
  emma = (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.patients)))[0]!.id;
});
afterAll(() => api?.close());

/** Emma invites `email`; answers the token of the join link in the mail. */
async function invite(email: string): Promise<{ token: string; text: string }> {
  const r = await inviter.post("/api/v1/patient/referrals/invites", { email });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await mailSettled();
  const mail = await new Client(api.url).get<{ messages: { text: string; html: string }[] }>(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const text = mail.body.data!.messages[0]!.text;
  const token = /\/join\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token, text).toBeTruthy();
  return { token: token!, text };
}

/** A guest browser (its CSRF token), from an address of its own. */
async function guest(from = ip()) {
  const c = new Client(api.url);
  await c.sessionInfo();
  return {
    c,
    check: (token: string) => c.request<{ email: string }>("GET", `${CHECK}?token=${encodeURIComponent(token)}`, undefined, { headers: { "X-Forwarded-For": from } }),
    join: (body: Record<string, unknown>, opts: { csrf?: boolean; lang?: string } = {}) =>
      c.request<{ id: number; groups: string[]; csrfTokenValue: string }>("POST", JOIN, body, { csrf: opts.csrf, headers: { "X-Forwarded-For": from, ...(opts.lang ? { "Accept-Language": opts.lang } : {}) } }),
  };
}
const valid = (token: string) => ({ token, firstName: "Nora", lastName: "Newcomer", password: "JoinPassw0rd", acceptTerms: "on" });

describe("the invitation mail", () => {
  it("links to /join with a single-use token whose hash only is stored, 14 days", async () => {
    const email = uniqueEmail();
    const { token, text } = await invite(email);
    expect(text).toContain(`${api.config.publicUrl}/join?token=${token}`);
    expect(text).toContain("EMMA20");
    const rows = await db().select().from(schema.userTokens).where(and(eq(schema.userTokens.kind, "referral_join"), eq(schema.userTokens.newEmail, email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.userId).toBe(emma);
    const days = (rows[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });
});

describe("joining", () => {
  it("check, join: an active confirmed patient signed in like the login call, the referral joined, the link spent; the password signs in", async () => {
    const email = uniqueEmail();
    const { token } = await invite(email);
    const g = await guest();
    const checked = await g.check(token);
    expect([checked.status, checked.body.data]).toEqual([200, { email }]);
    // Checking does not use the link up.
    expect((await g.check(token)).status).toBe(200);

    const joined = await g.join(valid(token), { lang: "es-US,es;q=0.9" });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.code).toBe("join.welcome");
    expect(joined.body.message).toBe("Welcome, Nora: your account is ready.");
    expect(joined.body.data).toMatchObject({ groups: ["patients"] });
    expect(Object.keys(joined.body.data!).sort()).toEqual(["csrfTokenValue", "groups", "id"]);
    expect(g.c.cookies.has("th_session") || [...g.c.cookies.keys()].some((k) => /session/i.test(k))).toBe(true);
    g.c.csrf = joined.body.data!.csrfTokenValue;

    // Signed in: the session is the new patient's.
    const info = await g.c.sessionInfo();
    expect(info.body.data).toMatchObject({ id: joined.body.data!.id, isGuest: false, groups: ["patients"] });
    const [user] = await db().select().from(schema.users).where(eq(schema.users.id, joined.body.data!.id));
    expect(user).toMatchObject({ email, role: "patients", userStatus: "active", firstName: "Nora", lastName: "Newcomer", locale: "es-US" });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(user!.passwordHash).not.toContain("JoinPassw0rd");
    expect(await db().select().from(schema.patients).where(eq(schema.patients.userId, user!.id))).toHaveLength(1);

    // The inviter sees the friend joined; the friend sees they were referred.
    const mine = (await inviter.get<ReferralSummary>("/api/v1/patient/referrals")).body.data!;
    expect(mine.friends.find((f) => f.email === email)).toMatchObject({ state: "joined" });
    expect((await g.c.get<ReferralSummary>("/api/v1/patient/referrals")).body.data!.referredBy).toEqual({ state: "joined" });

    // Single use: the link is spent (the check and a second join say so).
    const again = await guest();
    const usedCheck = await again.check(token);
    expect([usedCheck.status, usedCheck.body.code, (usedCheck.body.data as unknown as { reason: string }).reason]).toEqual([400, "join.linkUsed", "used"]);
    const usedJoin = await again.join(valid(token));
    expect([usedJoin.status, usedJoin.body.code]).toEqual([400, "join.linkUsed"]);

    // The password works at the sign-in.
    const later = new Client(api.url);
    expect((await later.login(email, "JoinPassw0rd")).status).toBe(200);

    const audits = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "referral.join"), eq(schema.auditEvents.actorId, user!.id)));
    expect(audits.some((a) => a.outcome === "success")).toBe(true);
  });

  it("then the §9 rule: the new patient's $109 order credits both $20", async () => {
    const email = uniqueEmail();
    const { token } = await invite(email);
    const g = await guest();
    const joined = await g.join(valid(token));
    expect(joined.status).toBe(200);
    g.c.csrf = joined.body.data!.csrfTokenValue;
    const friendId = joined.body.data!.id;
    const card = await g.c.post("/api/v2/profile/payment-methods", { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123", name: "Nora Newcomer", makePrimary: true });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const [scale] = await db().select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, "smart-body-scale"));
    const [variant] = await db().select({ id: schema.productVariants.id }).from(schema.productVariants).where(eq(schema.productVariants.productId, scale!.id)).orderBy(schema.productVariants.id);
    const emmaBefore = (await db().select().from(schema.accountCredits).where(eq(schema.accountCredits.userId, emma))).length;
    const ordered = await g.c.post("/api/v1/pharmacy/orders", { variantId: variant!.id, idempotencyKey: crypto.randomUUID() });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const friendCredits = await db().select().from(schema.accountCredits).where(eq(schema.accountCredits.userId, friendId));
    expect(friendCredits.map((c) => [c.amountCents, c.reason])).toEqual([[2000, "referral"]]);
    expect((await db().select().from(schema.accountCredits).where(eq(schema.accountCredits.userId, emma))).length).toBe(emmaBefore + 1);
    const mine = (await inviter.get<ReferralSummary>("/api/v1/patient/referrals")).body.data!;
    expect(mine.friends.find((f) => f.email === email)?.state).toBe("qualified");
  });
});

describe("refusals", () => {
  it("an unknown link, and an expired one: nothing stored", async () => {
    const g = await guest();
    const unknown = await g.check("x".repeat(43));
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([400, "join.linkInvalid", "This invitation link is not valid."]);
    expect((await g.join(valid("x".repeat(43)))).body.code).toBe("join.linkInvalid");

    const email = uniqueEmail();
    const { token } = await invite(email);
    await db().update(schema.userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.userTokens.tokenHash, sha256(token)));
    const expired = await g.check(token);
    expect([expired.status, expired.body.code, (expired.body.data as unknown as { reason: string }).reason]).toEqual([400, "join.linkExpired", "expired"]);
    const joinExpired = await g.join(valid(token));
    expect([joinExpired.status, joinExpired.body.code]).toEqual([400, "join.linkExpired"]);
    expect(await db().select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(0);
  });

  it("an address that got an account meanwhile (409), the link not spent", async () => {
    const email = uniqueEmail();
    const { token } = await invite(email);
    await db().insert(schema.users).values({ email: email.toUpperCase(), role: "patients", firstName: "Al", lastName: "Ready", passwordHash: await hashPassword(DEMO_PASSWORD) });
    const g = await guest();
    const checked = await g.check(token);
    expect([checked.status, checked.body.code]).toEqual([409, "join.accountExists"]);
    const joined = await g.join(valid(token));
    expect([joined.status, joined.body.code, joined.body.message]).toEqual([409, "join.accountExists", "An account with this email address already exists. Please sign in."]);
    expect((await db().select().from(schema.userTokens).where(eq(schema.userTokens.tokenHash, sha256(token))))[0]!.usedAt).toBeNull();
  });

  it("a weak password (every failing rule), missing names, no consent: 400 with each field's code, nothing stored, the link still usable", async () => {
    const email = uniqueEmail();
    const { token } = await invite(email);
    const g = await guest();
    type Invalid = { errors: Record<string, string[]>; fieldCodes: Record<string, { code: string }[]> };
    const weak = await g.join({ ...valid(token), password: "short" });
    expect([weak.status, weak.body.code]).toEqual([400, "common.invalidFields"]);
    expect((weak.body.data as unknown as Invalid).fieldCodes.password!.map((f) => f.code)).toEqual(["validation.password.tooShort", "validation.password.uppercase", "validation.password.digit"]);
    const missing = await g.join({ token, firstName: " ", lastName: "", password: "JoinPassw0rd" });
    expect(missing.status).toBe(400);
    const codes = (missing.body.data as unknown as Invalid).fieldCodes;
    expect(codes.firstName![0]!.code).toBe("validation.required");
    expect(codes.lastName![0]!.code).toBe("validation.required");
    expect(codes.acceptTerms![0]!.code).toBe("validation.joinConsent");
    const notAName = await g.join({ ...valid(token), firstName: "R2D2" });
    expect((notAName.body.data as unknown as Invalid).fieldCodes.firstName![0]!.code).toBe("validation.name");
    expect(await db().select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(0);
    // Still usable after all that.
    expect((await g.join(valid(token))).status).toBe(200);
  });

  it("needs the CSRF token, as the login call does", async () => {
    const { token } = await invite(uniqueEmail());
    const g = await guest();
    const r = await g.join(valid(token), { csrf: false });
    expect([r.status, r.body.code]).toEqual([403, "common.csrf"]);
  });

  it("is rate limited: unusable links per IP (10 / 15 min), usable ones per address", async () => {
    const g = await guest(ip());
    for (let i = 0; i < 10; i++) expect((await g.check("q".repeat(43))).status).toBe(400);
    const limited = await g.check("q".repeat(43));
    expect([limited.status, limited.body.code]).toEqual([429, "ratelimit.tooMany"]);
    expect(limited.headers.get("retry-after")).toBeTruthy();

    const { token } = await invite(uniqueEmail());
    for (let i = 0; i < 10; i++) {
      const h = await guest();
      expect((await h.join({ ...valid(token), password: "weak" })).status).toBe(400);
    }
    const h = await guest();
    const perAddress = await h.join(valid(token));
    expect([perAddress.status, perAddress.body.code]).toEqual([429, "ratelimit.tooMany"]);
  });
});
