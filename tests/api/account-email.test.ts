/**
 * The embedded mail default (the outbox row is the delivery, read at GET /api/v1/dev/outbox), email
 * verification and change confirmed through a link to the new address, and the user's sessions.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createApi } from "../../api/app.ts";
import { auditEvents, sessions, userTokens, users } from "../../api/db/schema.ts";
import { mailSettled, sendMail } from "../../api/domain/mail.ts";
import { createLogger } from "../../api/logger.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import { linkIn, loginFrom, postFrom } from "./account-helpers.ts";

const PUBLIC_URL = "https://rx.example.test";
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ env: { PUBLIC_URL, TRUST_PROXY: "loopback" } });
});
afterAll(async () => {
  await mailSettled();
  await api?.close();
});

type OutboxMessage = { id: number; to: string; subject: string; text: string; html: string | null; transport: string; sentAt: string | null };

async function outbox(to: string): Promise<OutboxMessage[]> {
  await mailSettled();
  const r = await new Client(api.url).get<{ messages: OutboxMessage[] }>(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(r.status).toBe(200);
  return r.body.data!.messages;
}

async function emailOf(id: number) {
  const [u] = await api.database.db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, id));
  return u;
}

async function idOf(email: string) {
  const [u] = await api.database.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return u?.id;
}

async function confirm(code: string) {
  const c = new Client(api.url);
  await c.sessionInfo();
  return c.post<{ email: string; changed: boolean; reason?: string }>("/actions/users/confirm-email", { code });
}

describe("embedded outbox", () => {
  it("keeps the mail in the outbox, where a developer reads the reset link and follows it", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    expect((await c.post("/actions/users/send-password-reset-email", { loginName: LOGINS.medicalSupport })).status).toBe(200);
    const [mail] = await outbox(LOGINS.medicalSupport);
    expect(mail).toMatchObject({ to: LOGINS.medicalSupport, subject: "Reset your password", transport: "outbox" });
    expect(mail.sentAt).not.toBeNull();
    expect(mail.html).toContain('<a href="https://rx.example.test/set-password?code=');
    const link = linkIn(mail.text, `${PUBLIC_URL}/set-password?`);
    const r = await c.post("/actions/users/set-password", {
      code: link.searchParams.get("code"),
      id: link.searchParams.get("id"),
      newPassword: "Outbox1Passw0rd",
      passwordConfirm: "Outbox1Passw0rd",
    });
    expect(r.status).toBe(200);
    expect((await loginFrom(new Client(api.url), "192.0.2.10", LOGINS.medicalSupport, "Outbox1Passw0rd")).status).toBe(200);
  });

  it("logs one line saying where to read the mail, without its content", async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await sendMail({ db: api.database.db, config: api.config, logger }, { to: "dev@demo.test", subject: "Hi", text: "link-with-token-XYZ" });
    expect(logger.info).toHaveBeenCalledTimes(1);
    const [message, meta] = logger.info.mock.calls[0];
    expect(message).toContain("GET /api/v1/dev/outbox");
    expect(JSON.stringify(meta)).not.toContain("link-with-token-XYZ");
    expect(JSON.stringify(meta)).not.toContain("dev@demo.test");
  });

  it("is not served in production, nor when mail goes out over SMTP", async () => {
    for (const config of [
      { ...api.config, production: true },
      { ...api.config, smtpUrl: "smtp://127.0.0.1:2525" },
    ]) {
      const app = createApi({ config, database: api.database, logger: createLogger("silent") });
      const server: Server = await new Promise((resolve) => {
        const s = app.listen(0, "127.0.0.1", () => resolve(s));
      });
      try {
        const r = await new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).get("/api/v1/dev/outbox");
        expect(r.status).toBe(404);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    }
  });
});

describe("email change", () => {
  it("changes the email only when the link sent to the new address is opened", async () => {
    const oldEmail = "patient2@demo.test";
    const newEmail = "Patient2.New@demo.test";
    const id = (await idOf(oldEmail))!;
    const c = new Client(api.url);
    expect((await loginFrom(c, "192.0.2.20", oldEmail)).status).toBe(200);

    const r = await c.put<{ email: string }>("/api/v1/profile", { user: { email: newEmail }, firstName: "Paula" });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(`We sent a confirmation link to ${newEmail}. Your email address changes when you open it.`);
    expect(r.body.data).toMatchObject({ email: oldEmail, firstName: "Paula" });
    expect((await emailOf(id)).email).toBe(oldEmail);

    const [mail] = await outbox(newEmail);
    expect(mail.subject).toBe("Confirm your new email address");
    const link = linkIn(mail.text, `${PUBLIC_URL}/confirm-email?`);
    const [token] = await api.database.db.select().from(userTokens).where(and(eq(userTokens.userId, id), eq(userTokens.kind, "email_change")));
    expect(token.newEmail).toBe(newEmail);

    const done = await confirm(link.searchParams.get("code")!);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ email: newEmail, changed: true });
    const after = await emailOf(id);
    expect(after.email).toBe(newEmail);
    expect(after.verifiedAt).toBeInstanceOf(Date);

    // The old address is told; sign-in works with the new address only.
    const [notice] = await outbox(oldEmail);
    expect(notice.subject).toBe("Your email address was changed");
    expect((await loginFrom(new Client(api.url), "192.0.2.21", oldEmail)).status).toBe(400);
    expect((await loginFrom(new Client(api.url), "192.0.2.21", newEmail.toLowerCase())).status).toBe(200);

    const again = await confirm(link.searchParams.get("code")!);
    expect(again.status).toBe(400);
    expect(again.body.data!.reason).toBe("used");
    const events = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.email.change"), eq(auditEvents.actorId, id)));
    expect(events.map((e) => e.outcome)).toEqual(["success"]);
  });

  it("answers the same for an address another account uses, tells that account's owner, and changes nothing", async () => {
    const c = await signedIn(api.url, "customerSupport");
    const id = (await idOf(LOGINS.customerSupport))!;
    const free = await c.post<{ kind: string; email: string }>("/api/v1/users/verify-email", { email: "support.free@demo.test" });
    const taken = await c.post<{ kind: string; email: string }>("/api/v1/users/verify-email", { email: LOGINS.providers });
    expect(free.status).toBe(200);
    expect(taken.status).toBe(200);
    expect(taken.body.data).toEqual({ kind: "change", email: LOGINS.providers });
    expect(taken.body.message.replace(LOGINS.providers, "X")).toBe(free.body.message.replace("support.free@demo.test", "X"));

    const toOwner = await outbox(LOGINS.providers);
    expect(toOwner.map((m) => m.subject)).toEqual(["Someone tried to use your email address"]);
    expect(toOwner[0].text).not.toContain("/confirm-email");
    expect((await emailOf(id)).email).toBe(LOGINS.customerSupport);
    // Only the free address got a link: no link can take the address of another account.
    const tokens = await api.database.db.select().from(userTokens).where(and(eq(userTokens.userId, id), eq(userTokens.kind, "email_change")));
    expect(tokens.map((t) => t.newEmail)).toEqual(["support.free@demo.test"]);
  });

  it("refuses a link whose new address another account took in the meantime", async () => {
    const c = await signedIn(api.url, "customerSupportManagers");
    const id = (await idOf(LOGINS.customerSupportManagers))!;
    await c.put("/api/v1/profile", { user: { email: "csm.new@demo.test" } });
    const [mail] = await outbox("csm.new@demo.test");
    const code = linkIn(mail.text, `${PUBLIC_URL}/confirm-email?`).searchParams.get("code")!;
    await api.database.db.update(users).set({ email: "csm.new@demo.test" }).where(eq(users.email, LOGINS.medicalSupportManagers));
    const r = await confirm(code);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("This email address cannot be used. Please choose another one.");
    expect((await emailOf(id)).email).toBe(LOGINS.customerSupportManagers);
    await api.database.db.update(users).set({ email: LOGINS.medicalSupportManagers }).where(eq(users.email, "csm.new@demo.test"));
  });

  it("verifies the current address through its link, once", async () => {
    const c = await signedIn(api.url, "providerUsers");
    const id = (await idOf(LOGINS.providerUsers))!;
    await api.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, id));
    const r = await c.post<{ kind: string }>("/api/v1/users/verify-email", { email: LOGINS.providerUsers.toUpperCase() });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ kind: "verify", email: LOGINS.providerUsers });
    const [mail] = await outbox(LOGINS.providerUsers);
    expect(mail.subject).toBe("Confirm your email address");
    const done = await confirm(linkIn(mail.text, `${PUBLIC_URL}/confirm-email?`).searchParams.get("code")!);
    expect(done.body.data).toEqual({ email: LOGINS.providerUsers, changed: false });
    expect((await emailOf(id)).verifiedAt).toBeInstanceOf(Date);
    const again = await c.post<{ kind: string }>("/api/v1/users/verify-email", { email: LOGINS.providerUsers });
    expect(again.body).toMatchObject({ message: "Your email address is already verified.", data: { kind: "verified" } });
  });

  it("refuses unknown and malformed codes with a clear message", async () => {
    const r = await confirm("B".repeat(43));
    expect(r.status).toBe(400);
    expect(r.body.data!.reason).toBe("invalid");
    expect(r.body.message).toMatch(/This link is not valid/);
    const bad = await confirm("not a code!");
    expect(bad.status).toBe(400);
  });
});

describe("sessions", () => {
  type S = { id: number; createdAt: string; lastSeenAt: string; ip: string | null; userAgent: string | null; current: boolean };
  const email = "nurse-manager@demo.test";

  async function signIn(ip: string) {
    const c = new Client(api.url);
    const r = await loginFrom(c, ip, email);
    expect(r.status).toBe(200);
    return c;
  }

  it("lists the caller's live sessions without their tokens, and ends one of them", async () => {
    const a = await signIn("192.0.2.31");
    const b = await signIn("192.0.2.32");
    const list = await a.get<{ sessions: S[] }>("/api/v1/users/sessions");
    expect(list.status).toBe(200);
    const mine = list.body.data!.sessions;
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    expect(mine.map((s) => s.ip)).toEqual(expect.arrayContaining(["192.0.2.31", "192.0.2.32"]));
    expect(Object.keys(mine[0]).sort()).toEqual(["createdAt", "current", "expiresAt", "id", "ip", "lastSeenAt", "userAgent"]);
    expect(JSON.stringify(list.body)).not.toContain(b.cookies.get("th_session")!);

    const target = mine.find((s) => s.ip === "192.0.2.32")!;
    const r = await a.post<{ revoked: number; current: boolean }>(`/api/v1/users/sessions/${target.id}/revoke`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ revoked: 1, current: false });
    expect((await b.sessionInfo()).body.data!.sessionEnded).toBe("revoked");
    expect((await a.get("/api/v1/profile")).status).toBe(200);
    expect((await a.post(`/api/v1/users/sessions/${target.id}/revoke`)).status).toBe(404);

    // Somebody else's session is not found.
    const other = await signedIn(api.url, "patients");
    const theirs = (await other.get<{ sessions: S[] }>("/api/v1/users/sessions")).body.data!.sessions.find((s) => s.current)!;
    expect((await a.post(`/api/v1/users/sessions/${theirs.id}/revoke`)).status).toBe(404);
    expect((await other.get("/api/v1/profile")).status).toBe(200);

    const events = await api.database.db.select().from(auditEvents).where(eq(auditEvents.action, "auth.session.revoke"));
    expect(events.map((e) => e.entityId)).toContain(String(target.id));
  });

  it("ends every other session, or the current one", async () => {
    const a = await signIn("192.0.2.41");
    const b = await signIn("192.0.2.42");
    const c = await signIn("192.0.2.43");
    const r = await a.post<{ revoked: number }>("/api/v1/users/sessions/revoke-others");
    expect(r.status).toBe(200);
    expect(r.body.data!.revoked).toBeGreaterThanOrEqual(2);
    expect((await b.get("/api/v1/profile")).status).toBe(401);
    expect((await c.get("/api/v1/profile")).status).toBe(401);
    const left = (await a.get<{ sessions: S[] }>("/api/v1/users/sessions")).body.data!.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);

    const self = await a.post<{ current: boolean }>(`/api/v1/users/sessions/${left[0].id}/revoke`);
    expect(self.body.data).toEqual({ revoked: 1, current: true });
    expect(a.cookies.has("th_session")).toBe(false);
  });

  it("leaves expired sessions out of the list, and session-info says the session expired", async () => {
    const a = await signIn("192.0.2.51");
    const stale = await signIn("192.0.2.52");
    const staleToken = stale.cookies.get("th_session")!;
    await api.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '3 hours' where ip = '192.0.2.52' and revoked_at is null`,
    );
    const list = (await a.get<{ sessions: S[] }>("/api/v1/users/sessions")).body.data!.sessions;
    expect(list.map((s) => s.ip)).not.toContain("192.0.2.52");
    const replay = new Client(api.url);
    replay.cookies.set("th_session", staleToken);
    const info = await replay.sessionInfo();
    expect(info.body.data).toMatchObject({ isGuest: true, sessionEnded: "expired" });
    const [row] = await api.database.db.select({ reason: sessions.revokedReason }).from(sessions).where(eq(sessions.ip, "192.0.2.52"));
    expect(row.reason).toBe("idle");
  });

  it("needs a CSRF token to end sessions", async () => {
    const a = await signIn("192.0.2.61");
    const r = await postFrom(a, "192.0.2.61", "/api/v1/users/sessions/revoke-others", {});
    expect(r.status).toBe(200);
    const forged = await a.request("POST", "/api/v1/users/sessions/revoke-others", {}, { csrf: false });
    expect(forged.status).toBe(403);
  });
});
