/**
 * Password reset by emailed link and password change, with a REAL SMTP server: the API sends through
 * nodemailer to smtp-server on a loopback port, the test reads the link out of the received mail and
 * follows it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { auditEvents, emailOutbox, sessions, userTokens, users } from "../../api/db/schema.ts";
import { mailSettled, sendMail } from "../../api/domain/mail.ts";
import { sha256 } from "../../api/http/session.ts";
import { Client, DEMO_PASSWORD, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { linkIn, loginFrom, postFrom, startSmtp } from "./account-helpers.ts";

const PUBLIC_URL = "https://rx.example.test";
let api: TestApi;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  api = await startTestApi({ env: { SMTP_URL: smtp.url, PUBLIC_URL, TRUST_PROXY: "loopback" } });
});
afterAll(async () => {
  await mailSettled();
  await api?.close();
  await smtp?.close();
});

async function userId(email: string): Promise<number> {
  const [u] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

let ipSeq = 10;
/** Each request from its own documentation-range IP, so the per-IP limits of one test do not touch another. */
const nextIp = () => `198.51.100.${ipSeq++}`;

async function requestReset(loginName: string) {
  const c = new Client(api.url);
  await c.sessionInfo();
  const r = await postFrom(c, nextIp(), "/actions/users/send-password-reset-email", { loginName });
  await mailSettled();
  return r;
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const lastResetLink = (email: string) => linkIn(mailsTo(email).at(-1)!.text, `${PUBLIC_URL}/set-password?`);

async function setPassword(link: URL, newPassword: string, passwordConfirm = newPassword) {
  const c = new Client(api.url);
  await c.sessionInfo();
  return postFrom<{ reason?: string; errors?: Record<string, string[]> }>(c, nextIp(), "/actions/users/set-password", {
    code: link.searchParams.get("code"),
    id: link.searchParams.get("id"),
    newPassword,
    passwordConfirm,
  });
}

describe("send-password-reset-email", () => {
  it("answers the same for an existing and an unknown address, and mails a link only to the existing one", async () => {
    const before = smtp.messages.length;
    const known = await requestReset(LOGINS.medicalSupport);
    const unknown = await requestReset("nobody-here@demo.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toMatch(/If an account exists for this email address/);

    const received = smtp.messages.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([LOGINS.medicalSupport]);
    expect(received[0].subject).toBe("Reset your password");
    const link = linkIn(received[0].text, `${PUBLIC_URL}/set-password?`);
    const code = link.searchParams.get("code")!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get("id")).toBe(String(await userId(LOGINS.medicalSupport)));

    // Only the hash of the token is stored; it lives for one hour.
    const rows = await api.database.db.select().from(userTokens).where(eq(userTokens.userId, await userId(LOGINS.medicalSupport)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "password_reset", tokenHash: sha256(code), usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(code);
    const ttl = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(Math.abs(ttl - 3_600_000)).toBeLessThan(60_000);

    // The outbox records the SMTP delivery.
    const [row] = await api.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, LOGINS.medicalSupport));
    expect(row).toMatchObject({ transport: "smtp", error: null, subject: "Reset your password" });
    expect(row.sentAt).toBeInstanceOf(Date);

    // Both requests are audited, without the address typed for the unknown one.
    const events = await api.database.db.select().from(auditEvents).where(eq(auditEvents.action, "auth.password_reset.request"));
    expect(events.map((e) => e.outcome).sort()).toEqual(["failure", "success"]);
    expect(JSON.stringify(events)).not.toContain("nobody-here");
  });

  it("mails the link in the user's language", async () => {
    await api.database.db.update(users).set({ locale: "es-US" }).where(eq(users.email, LOGINS.customerSupportManagers));
    await requestReset(LOGINS.customerSupportManagers);
    const mail = mailsTo(LOGINS.customerSupportManagers).at(-1)!;
    expect(mail.subject).toBe("Restablezca su contraseña");
    expect(mail.text).toMatch(/^Hola, /);
    expect(mail.text).toContain("caduca en 1 hora");
    expect(lastResetLink(LOGINS.customerSupportManagers).pathname).toBe("/set-password");
  });

  it("lists field errors for a missing or malformed address", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    const r = await c.post<{ errors: Record<string, string[]> }>("/actions/users/send-password-reset-email", { loginName: "nope" });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors).toEqual({ loginName: ["Value is not a valid email address"] });
  });
});

describe("set-password", () => {
  it("refuses each broken password rule without using up the link, then sets the password and ends every session", async () => {
    const email = LOGINS.medicalSupportManagers;
    const before = await signedIn(api.url, "medicalSupportManagers");
    const alsoBefore = await signedIn(api.url, "medicalSupportManagers");
    await requestReset(email);
    const link = lastResetLink(email);

    const cases: [string, string][] = [
      ["Abcdef12", "Password must be more than 8 characters"],
      ["abcdefgh1", "Password must contain an uppercase letter"],
      ["ABCDEFGH1", "Password must contain a lowercase letter"],
      ["Abcdefghi", "Password must contain a digit"],
      ["Abcd efgh1", "Password must not contain spaces"],
    ];
    for (const [password, message] of cases) {
      const r = await setPassword(link, password);
      expect(r.status, password).toBe(400);
      expect(r.body.data!.errors).toEqual({ newPassword: [message] });
    }
    const mismatch = await setPassword(link, "NewPassw0rd9", "NewPassw0rd8");
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data!.errors).toEqual({ passwordConfirm: ["Passwords do not match"] });

    const done = await setPassword(link, "NewPassw0rd9");
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/Your password has been set/);

    // Every session of the user is gone, on the server.
    expect((await before.get("/api/v1/profile")).status).toBe(401);
    expect((await alsoBefore.sessionInfo()).body.data!.isGuest).toBe(true);
    const uid = await userId(email);
    const live = await api.database.db.execute(sql`select count(*)::int as n from sessions where user_id = ${uid} and revoked_at is null`);
    expect((live as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    const reasons = await api.database.db.select({ reason: sessions.revokedReason }).from(sessions).where(eq(sessions.userId, uid));
    expect(reasons.map((r) => r.reason)).toContain("password-reset");

    // The old password no longer works; the new one does.
    const c = new Client(api.url);
    expect((await loginFrom(c, nextIp(), email)).status).toBe(400);
    expect((await loginFrom(c, nextIp(), email, "NewPassw0rd9")).status).toBe(200);

    // The link works once.
    const again = await setPassword(link, "OtherPassw0rd1");
    expect(again.status).toBe(400);
    expect(again.body.data!.reason).toBe("used");
    expect(again.body.message).toMatch(/already been used/);

    // The owner is told, and the reset is audited (no password, no token in the record).
    await mailSettled();
    expect(mailsTo(email).at(-1)!.subject).toBe("Your password was changed");
    const events = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.password_reset"), eq(auditEvents.actorId, uid)));
    expect(events.map((e) => e.outcome)).toContain("success");
    expect(JSON.stringify(events)).not.toMatch(/NewPassw0rd9|Abcdef12/);
    expect(JSON.stringify(events)).not.toContain(link.searchParams.get("code")!);
  });

  it("voids an earlier link when a new one is asked for, and refuses expired links and unknown codes", async () => {
    const email = LOGINS.providerUsers;
    await requestReset(email);
    const first = lastResetLink(email);
    await requestReset(email);
    const second = lastResetLink(email);
    expect(second.searchParams.get("code")).not.toBe(first.searchParams.get("code"));

    const old = await setPassword(first, "NewPassw0rd9");
    expect(old.status).toBe(400);
    expect(old.body.data!.reason).toBe("expired");
    expect(old.body.message).toBe("This link has expired. Please ask for a new one.");

    await api.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, sha256(second.searchParams.get("code")!)));
    const expired = await setPassword(second, "NewPassw0rd9");
    expect(expired.status).toBe(400);
    expect(expired.body.data!.reason).toBe("expired");

    const unknown = new URL(second);
    unknown.searchParams.set("code", "A".repeat(43));
    const r = await setPassword(unknown, "NewPassw0rd9");
    expect(r.status).toBe(400);
    expect(r.body.data!.reason).toBe("invalid");

    // A valid code with somebody else's id is refused and not used up.
    await requestReset(email);
    const third = lastResetLink(email);
    const wrongId = new URL(third);
    wrongId.searchParams.set("id", String(await userId(LOGINS.patients)));
    expect((await setPassword(wrongId, "NewPassw0rd9")).body.data!.reason).toBe("invalid");
    expect((await setPassword(third, "NewPassw0rd9")).status).toBe(200);
    // The untouched login of the patient whose id was used still works with the demo password.
    expect((await loginFrom(new Client(api.url), nextIp(), LOGINS.patients)).status).toBe(200);
  });
});

describe("check-reset-link", () => {
  async function check(link: URL) {
    const c = new Client(api.url);
    await c.sessionInfo();
    return postFrom<{ reason?: string } | null>(c, nextIp(), "/actions/users/check-reset-link", { code: link.searchParams.get("code"), id: link.searchParams.get("id") });
  }

  it("says whether a link can still set a password, without using it up: fresh, used, expired, unknown, another's id", async () => {
    const email = LOGINS.customerSupportManagers;
    await requestReset(email);
    const link = lastResetLink(email);
    // Asked any number of times, the link still works.
    for (let i = 0; i < 3; i++) {
      const fresh = await check(link);
      expect(fresh.status).toBe(200);
      expect(fresh.body.data).toBeNull();
    }
    const wrongId = new URL(link);
    wrongId.searchParams.set("id", String(await userId(LOGINS.patients)));
    expect((await check(wrongId)).body.data!.reason).toBe("invalid");
    const unknown = new URL(link);
    unknown.searchParams.set("code", "B".repeat(43));
    expect((await check(unknown)).body.data!.reason).toBe("invalid");

    expect((await setPassword(link, "NewPassw0rd7")).status).toBe(200);
    const used = await check(link);
    expect(used.status).toBe(400);
    expect(used.body.code).toBe("account.linkUsed");
    expect(used.body.data!.reason).toBe("used");

    await requestReset(email);
    const later = lastResetLink(email);
    await api.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.tokenHash, sha256(later.searchParams.get("code")!)));
    expect((await check(later)).body.data!.reason).toBe("expired");
  });
});

describe("update-password", () => {
  it("needs the current password, applies the rules, keeps this session and ends the others", async () => {
    const email = LOGINS.customerSupport;
    const c = await signedIn(api.url, "customerSupport");
    const other = await signedIn(api.url, "customerSupport");

    const wrong = await c.post<{ errors: Record<string, string[]> }>("/api/v1/users/update-password", {
      currentPassword: "WrongPassw0rd",
      newPassword: "Changed1Passw0rd",
      passwordConfirm: "Changed1Passw0rd",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data!.errors).toEqual({ currentPassword: ["The current password is not correct."] });

    const weak = await c.post<{ errors: Record<string, string[]> }>("/api/v1/users/update-password", {
      currentPassword: DEMO_PASSWORD,
      newPassword: "Changed-Password",
      passwordConfirm: "Changed-Password",
    });
    expect(weak.status).toBe(400);
    expect(weak.body.data!.errors).toEqual({ newPassword: ["Password must contain a digit"] });

    const done = await c.post("/api/v1/users/update-password", {
      currentPassword: DEMO_PASSWORD,
      newPassword: "Changed1Passw0rd",
      passwordConfirm: "Changed1Passw0rd",
    });
    expect(done.status).toBe(200);
    expect((await c.get("/api/v1/profile")).status).toBe(200);
    expect((await other.sessionInfo()).body.data!.sessionEnded).toBe("revoked");
    expect((await other.get("/api/v1/profile")).status).toBe(401);

    expect((await loginFrom(new Client(api.url), nextIp(), email)).status).toBe(400);
    expect((await loginFrom(new Client(api.url), nextIp(), email, "Changed1Passw0rd")).status).toBe(200);

    await mailSettled();
    expect(mailsTo(email).at(-1)!.subject).toBe("Your password was changed");
    const outcomes = await api.database.db
      .select({ outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "auth.password.change"), eq(auditEvents.actorId, await userId(email))));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["failure", "success"]);
  });

  it("is refused to a guest", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    const r = await c.post("/api/v1/users/update-password", { currentPassword: "x", newPassword: "Abcdefgh1", passwordConfirm: "Abcdefgh1" });
    expect(r.status).toBe(401);
  });
});

describe("mail adapter", () => {
  it("records an SMTP failure in the outbox row and logs it without the message", async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const result = await sendMail(
      { db: api.database.db, config: { ...api.config, smtpUrl: "smtp://127.0.0.1:1" }, logger },
      { to: "someone@demo.test", subject: "Test", text: "secret-link-token-123" },
    );
    expect(result).toMatchObject({ transport: "smtp", delivered: false });
    const [row] = await api.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row.sentAt).toBeNull();
    expect(row.error).toBeTruthy();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(logger.error.mock.calls)).not.toContain("secret-link-token-123");
  });
});
