/**
 * Rate limits (api/domain/ratelimit.ts): counters in the rate_limits table, 429 with Retry-After, recovery
 * when the window has passed, and no lock-out an attacker can trigger for the real user. Client IPs are
 * set with X-Forwarded-For, which the test API trusts from loopback (TRUST_PROXY=loopback).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Request } from "express";
import { and, eq, sql } from "drizzle-orm";
import { auditEvents, rateLimits, users } from "../../api/db/schema.ts";
import { mailSettled } from "../../api/domain/mail.ts";
import { LIMITS, accountSubject, currentCount, ipSubject, purgeRateLimits, type Policy } from "../../api/domain/ratelimit.ts";
import { encryptTotpSecretV1, newTotpSecret, totpFor } from "../../api/domain/totp.ts";
import { Client, DEMO_PASSWORD, LOGINS, SECRET, signedIn, startTestApi, type Reply, type TestApi } from "./harness.ts";
import { loginFrom, postFrom } from "./account-helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: "loopback" } });
});
afterAll(async () => {
  await mailSettled();
  await api?.close();
});

const WRONG = "WrongPassw0rd";
const TOO_MANY = /^Too many attempts\. Try again in \d+ minutes?\.$/;

function expectLimited(r: Reply, maxSeconds: number) {
  expect(r.status).toBe(429);
  expect(r.body.message).toMatch(TOO_MANY);
  const retryAfter = Number(r.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect((r.body.data as { retryAfter: number }).retryAfter).toBe(retryAfter);
  expect(r.body.message).toContain(`in ${Math.ceil(retryAfter / 60)} minute`);
  expect(r.body.code).toBe("ratelimit.tooMany");
  expect(r.body.params).toEqual({ minutes: Math.ceil(retryAfter / 60) });
}

let shifts = 0;
/** Moves the recent counters days into the past: the current windows start afresh (as after waiting). */
async function timePasses() {
  shifts += 1;
  await api.database.db.execute(
    sql`update rate_limits set window_start = window_start - make_interval(days => ${shifts}) where window_start > now() - interval '2 hours'`,
  );
}

/** Sets a counter of the current window (an attack that already happened). */
async function preset(policy: Policy, subject: string, count: number) {
  const size = policy.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / size) * size);
  await api.database.db
    .insert(rateLimits)
    .values({ key: `${policy.name}:${subject}`, windowStart, count })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count } });
}

const count = (policy: Policy, subject: string) => currentCount(api.database.db, { policy, subject });

describe("sign-in", () => {
  it("stops an attacker's IP after 5 failures on an account (429 + Retry-After) while the real user still gets in", async () => {
    const victim = LOGINS.patients;
    const attacker = new Client(api.url);
    for (let i = 0; i < 5; i++) expect((await loginFrom(attacker, "203.0.113.66", victim, WRONG)).status).toBe(400);
    expectLimited(await loginFrom(attacker, "203.0.113.66", victim, WRONG), 15 * 60);
    // Even the right password is refused from there now: guessing on cannot tell right from wrong.
    expectLimited(await loginFrom(attacker, "203.0.113.66", victim, DEMO_PASSWORD), 15 * 60);

    // The real user, from their own network, is not affected.
    const real = new Client(api.url);
    const r = await loginFrom(real, "198.51.100.77", victim);
    expect(r.status).toBe(200);
    expect((await real.get("/api/v1/profile")).status).toBe(200);

    // Refused attempts do not push the counters further.
    expect(await count(LIMITS.loginAccount, accountSubject(victim))).toBe(5);
    expect(await count(LIMITS.loginAccountIp, `${accountSubject(victim)}:203.0.113.66`)).toBe(5);
    const denied = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.login"), eq(auditEvents.outcome, "denied")));
    expect(denied).toHaveLength(2);
    expect(denied[0].meta).toMatchObject({ reason: "rate_limit", limit: "login:acct-ip" });
    expect(denied[0].ip).toBe("203.0.113.66");
  });

  it("lets the IP try again once the window has passed", async () => {
    const attacker = new Client(api.url);
    expect((await loginFrom(attacker, "203.0.113.66", LOGINS.patients)).status).toBe(429);
    await timePasses();
    expect((await loginFrom(attacker, "203.0.113.66", LOGINS.patients)).status).toBe(200);
  });

  it("does not count successful sign-ins", async () => {
    const email = LOGINS.providers;
    for (let i = 0; i < 7; i++) expect((await loginFrom(new Client(api.url), "198.51.100.90", email)).status).toBe(200);
    expect(await count(LIMITS.loginAccountIp, `${accountSubject(email)}:198.51.100.90`)).toBe(0);
    expect(await count(LIMITS.loginAccount, accountSubject(email))).toBe(0);
  });

  it("lets known browsers and networks through the global cap of 100 failures an hour per account", async () => {
    const email = LOGINS.providerUsers;
    // The owner signed in from home before the attack.
    const owner = new Client(api.url);
    expect((await loginFrom(owner, "198.51.100.80", email)).status).toBe(200);
    expect(owner.cookies.has("th_device")).toBe(true);
    await owner.post("/actions/users/logout");
    await owner.sessionInfo();

    // A botnet spent the account's hourly budget from many IPs.
    await preset(LIMITS.loginAccount, accountSubject(email), 100);
    const stranger = await loginFrom(new Client(api.url), "203.0.113.99", email);
    expectLimited(stranger, 60 * 60);
    expect(await count(LIMITS.loginAccount, accountSubject(email))).toBe(100);

    // The owner's browser gets in from anywhere (device cookie)…
    expect((await loginFrom(owner, "203.0.113.150", email)).status).toBe(200);
    // …and any browser from the owner's usual network (an IP with a session of theirs in the last 30 days).
    expect((await loginFrom(new Client(api.url), "198.51.100.80", email)).status).toBe(200);
    // A wrong password from a known device is an ordinary failure, not a lock-out.
    expect((await loginFrom(owner, "203.0.113.150", email, WRONG)).status).toBe(400);
    // A device cookie of another account does not help.
    const other = new Client(api.url);
    await loginFrom(other, "198.51.100.81", LOGINS.medicalSupport);
    expect((await loginFrom(other, "203.0.113.151", email)).status).toBe(429);
  });

  it("limits one IP spraying passwords over many accounts (50 failures in 15 minutes)", async () => {
    await preset(LIMITS.loginIp, "203.0.113.77", 50);
    expectLimited(await loginFrom(new Client(api.url), "203.0.113.77", LOGINS.customerSupport, WRONG), 15 * 60);
    expect((await loginFrom(new Client(api.url), "203.0.113.78", LOGINS.customerSupport)).status).toBe(200);
  });

  it("cannot be slipped past with parallel requests", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () => loginFrom(new Client(api.url), "203.0.113.88", LOGINS.medicalSupport, WRONG)),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it("groups an IPv6 client by its /64", () => {
    const req = (ip: string) => ({ ip, socket: {} }) as unknown as Request;
    expect(ipSubject(req("2001:db8:1:2:3:4:5:6"))).toBe("2001:db8:1:2::/64");
    expect(ipSubject(req("2001:db8:1:2::9"))).toBe("2001:db8:1:2::/64");
    expect(ipSubject(req("2001:db8::1"))).toBe("2001:db8:0:0::/64");
    expect(ipSubject(req("::ffff:192.0.2.1"))).toBe("192.0.2.1");
    expect(ipSubject(req("192.0.2.1"))).toBe("192.0.2.1");
  });
});

describe("TOTP step", () => {
  it("allows 5 wrong codes per account and IP, then 429 until the window has passed", async () => {
    const email = LOGINS.customerSupportManagers;
    const secret = newTotpSecret();
    await api.database.db
      .update(users)
      .set({ totpEnabled: true, totpSecretEnc: encryptTotpSecretV1(secret, SECRET), totpLastStep: null })
      .where(eq(users.email, email));
    const c = new Client(api.url);
    expect((await loginFrom(c, "203.0.113.40", email)).body.data).toEqual({ authMethod: "totp" });
    const wrong = totpFor(secret).generate() === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await postFrom(c, "203.0.113.40", "/api/v1/users/verify-totp", { code: wrong })).status).toBe(400);
    expectLimited(await postFrom(c, "203.0.113.40", "/api/v1/users/verify-totp", { code: totpFor(secret).generate() }), 5 * 60);
    await timePasses();
    expect((await postFrom(c, "203.0.113.40", "/api/v1/users/verify-totp", { code: totpFor(secret).generate() })).status).toBe(200);
  });
});

describe("emails and links", () => {
  it("sends at most 5 reset emails an hour for an address, known or not (same answers)", async () => {
    const ask = async (loginName: string, ip: string) => {
      const c = new Client(api.url);
      await c.sessionInfo();
      return postFrom(c, ip, "/actions/users/send-password-reset-email", { loginName });
    };
    for (const loginName of [LOGINS.medicalSupportManagers, "ghost@demo.test"]) {
      for (let i = 0; i < 5; i++) expect((await ask(loginName, `198.51.100.${100 + i}`)).status).toBe(200);
      expectLimited(await ask(loginName, "198.51.100.120"), 60 * 60);
    }
  });

  it("sends at most 20 reset emails an hour from one IP", async () => {
    await preset(LIMITS.resetIp, "203.0.113.120", 20);
    const c = new Client(api.url);
    await c.sessionInfo();
    expectLimited(await postFrom(c, "203.0.113.120", "/actions/users/send-password-reset-email", { loginName: "someone@demo.test" }), 60 * 60);
  });

  it("refuses an IP after 10 unusable reset links in 15 minutes", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    const body = { code: "C".repeat(43), newPassword: "Abcdefgh1", passwordConfirm: "Abcdefgh1" };
    for (let i = 0; i < 10; i++) expect((await postFrom(c, "203.0.113.130", "/actions/users/set-password", body)).status).toBe(400);
    expectLimited(await postFrom(c, "203.0.113.130", "/actions/users/set-password", body), 15 * 60);
    // Password-rule mistakes are not link guesses: another IP with a weak password is told about the rules.
    const weak = await postFrom(c, "203.0.113.131", "/actions/users/set-password", { ...body, newPassword: "weak", passwordConfirm: "weak" });
    expect(weak.status).toBe(400);
    expect(await count(LIMITS.resetLinkIp, "203.0.113.131")).toBe(0);
  });

  it("limits wrong current passwords on update-password to 5 in 15 minutes", async () => {
    const c = await signedIn(api.url, "medicalSupport");
    const body = (currentPassword: string) => ({ currentPassword, newPassword: "Abcdefgh12", passwordConfirm: "Abcdefgh12" });
    for (let i = 0; i < 5; i++) expect((await c.post("/api/v1/users/update-password", body(WRONG))).status).toBe(400);
    expectLimited(await c.post("/api/v1/users/update-password", body(DEMO_PASSWORD)), 15 * 60);
    await timePasses();
    expect((await c.post("/api/v1/users/update-password", body(DEMO_PASSWORD))).status).toBe(200);
  });

  it("limits verification emails to 5 an hour per user", async () => {
    const c = await signedIn(api.url, "providers");
    for (let i = 0; i < 5; i++) expect((await c.post("/api/v1/users/verify-email", { email: `manager.new${i}@demo.test` })).status).toBe(200);
    expectLimited(await c.post("/api/v1/users/verify-email", { email: "manager.new9@demo.test" }), 60 * 60);
    expectLimited(await c.put("/api/v1/profile", { user: { email: "manager.new10@demo.test" } }), 60 * 60);
  });
});

describe("clean-up", () => {
  it("deletes windows that ended long ago and keeps current ones", async () => {
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    await api.database.db.insert(rateLimits).values({ key: "login:ip:192.0.2.250", windowStart: old, count: 3 });
    await preset(LIMITS.loginIp, "192.0.2.251", 2);
    await purgeRateLimits(api.database.db);
    const keys = (await api.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("login:ip:192.0.2.250");
    expect(keys).toContain("login:ip:192.0.2.251");
  });

  it("keeps no email address in the counters", async () => {
    const keys = (await api.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).join("\n");
    expect(keys).not.toContain("@");
  });
});
