import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { sessions, users } from "../../api/db/schema.ts";
import { encryptTotpSecretV1, newTotpSecret, totpFor } from "../../api/domain/totp.ts";
import { Client, DEMO_PASSWORD, LOGINS, SECRET, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe("session-info", () => {
  it("answers a guest with isGuest, no groups and a CSRF token, and sets the guest cookie", async () => {
    const c = new Client(api.url);
    const r = await c.sessionInfo();
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: null, isGuest: true, groups: [], sessionEnded: null });
    expect(r.body.data!.csrfTokenValue).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(c.cookies.has("th_guest")).toBe(true);
    // The same guest keeps the same token.
    const again = await c.sessionInfo();
    expect(again.body.data!.csrfTokenValue).toBe(r.body.data!.csrfTokenValue);
  });

  for (const [role, email] of Object.entries(LOGINS)) {
    it(`answers ${role} with its id and its role as the first group`, async () => {
      const c = await signedIn(api.url, role as keyof typeof LOGINS);
      const r = await c.sessionInfo();
      const [u] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(r.body.data).toMatchObject({ id: u.id, isGuest: false, groups: [role] });
    });
  }

  it("brings the layouts' profile summary when asked ({ summary: true }): the same values as GET /api/v1/profile", async () => {
    for (const role of ["patients", "medicalSupport"] as const) {
      const c = await signedIn(api.url, role);
      const plain = await c.sessionInfo();
      expect(plain.body.data).not.toHaveProperty("summary");
      const r = await c.request("POST", "/api/v1/users/session-info", { summary: true });
      const profile = await c.request("GET", "/api/v1/profile");
      const p = profile.body.data as Record<string, unknown>;
      expect(r.body.data).toMatchObject({ isGuest: false, groups: [role] });
      expect((r.body.data as { summary: unknown }).summary).toEqual({
        fullName: p.fullName,
        firstName: p.firstName,
        avatarUrl: p.avatarUrl,
        profession: p.profession,
        availability: p.availability,
        isProgressAvailability: p.isProgressAvailability,
        hasPharmacyAccess: p.hasPharmacyAccess,
        isPharmacyAvailability: p.isPharmacyAvailability,
        unreadChatMessagesCount: p.unreadChatMessagesCount,
        utcOffsetMinutes: p.utcOffsetMinutes,
        timeZone: p.timeZone,
      });
    }
    const guest = await new Client(api.url).request("POST", "/api/v1/users/session-info", { summary: true });
    expect(guest.body.data).toMatchObject({ isGuest: true, summary: null });
  });
});

describe("login", () => {
  it("signs in with JSON, issues a new session id each time and a new CSRF token", async () => {
    const c = new Client(api.url);
    const guest = await c.sessionInfo();
    const first = await c.login(LOGINS.patients);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ groups: ["patients"] });
    expect(first.body.data!.csrfTokenValue).not.toBe(guest.body.data!.csrfTokenValue);
    const token1 = c.cookies.get("th_session");
    await c.login(LOGINS.patients);
    const token2 = c.cookies.get("th_session");
    expect(token1).toBeTruthy();
    expect(token2).not.toBe(token1);
    // The replaced session is dead.
    const old = new Client(api.url);
    old.cookies.set("th_session", token1!);
    expect((await old.sessionInfo()).body.data!.isGuest).toBe(true);
  });

  it("accepts a form body too", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    const r = await c.post("/actions/users/login", { loginName: LOGINS.providers, password: DEMO_PASSWORD, csrfToken: c.csrf }, { form: true, csrf: false });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ groups: ["providers"] });
  });

  it("gives the same answer for a wrong password and an unknown user", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    const wrong = await c.login(LOGINS.patients, "WrongPassw0rd");
    const unknown = await c.login("nobody@demo.test", "WrongPassw0rd");
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("Invalid email or password.");
    expect(c.cookies.has("th_session")).toBe(false);
  });

  it("lists field errors for empty and malformed input", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    const r = await c.post<{ errors: Record<string, string[]> }>("/actions/users/login", { loginName: "  ", password: "" });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors).toEqual({ loginName: ["Value is required"], password: ["Value is required"] });
    const bad = await c.post<{ errors: Record<string, string[]> }>("/actions/users/login", { loginName: "not-an-email", password: "x" });
    expect(bad.body.data!.errors.loginName).toEqual(["Value is not a valid email address"]);
  });

  it("refuses a state-changing call without the CSRF token (403)", async () => {
    const c = new Client(api.url);
    await c.sessionInfo();
    const r = await c.post("/actions/users/login", { loginName: LOGINS.patients, password: DEMO_PASSWORD }, { csrf: false });
    expect(r.status).toBe(403);
    const forged = await c.request("POST", "/actions/users/login", { loginName: LOGINS.patients, password: DEMO_PASSWORD }, { headers: { "X-CSRF-Token": "forged" }, csrf: false });
    expect(forged.status).toBe(403);
    // A token from another browser does not fit this one.
    const other = new Client(api.url);
    await other.sessionInfo();
    c.csrf = other.csrf;
    expect((await c.login(LOGINS.patients)).status).toBe(403);
  });

  it("asks for a TOTP code when the user has two-factor on, and grants the session only after it", async () => {
    const secret = newTotpSecret();
    await api.database.db
      .update(users)
      .set({ totpEnabled: true, totpSecretEnc: encryptTotpSecretV1(secret, SECRET), totpLastStep: null })
      .where(eq(users.email, LOGINS.customerSupport));
    const c = new Client(api.url);
    await c.sessionInfo();
    const r = await c.login(LOGINS.customerSupport);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ authMethod: "totp" });
    expect(c.cookies.has("th_session")).toBe(false);
    expect((await c.get("/api/v1/profile")).status).toBe(401);

    const wrong = await c.post("/api/v1/users/verify-totp", { code: "000000" === totpFor(secret).generate() ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(c.cookies.has("th_session")).toBe(false);

    const code = totpFor(secret).generate();
    const right = await c.post<{ groups: string[]; csrfTokenValue: string }>("/api/v1/users/verify-totp", { code });
    expect(right.status).toBe(200);
    expect(right.body.data!.groups).toEqual(["customerSupport"]);
    c.csrf = right.body.data!.csrfTokenValue;
    expect((await c.get("/api/v1/profile")).status).toBe(200);

    // The same code cannot be used twice.
    const d = new Client(api.url);
    await d.sessionInfo();
    await d.login(LOGINS.customerSupport);
    expect((await d.post("/api/v1/users/verify-totp", { code })).status).toBe(400);
    // Without a pending sign-in there is nothing to verify.
    const e = new Client(api.url);
    await e.sessionInfo();
    expect((await e.post("/api/v1/users/verify-totp", { code })).status).toBe(400);
  });
});

describe("logout and session lifetime", () => {
  it("logout revokes the session on the server", async () => {
    const c = await signedIn(api.url, "patients");
    const token = c.cookies.get("th_session")!;
    expect((await c.post("/actions/users/logout")).status).toBe(200);
    const replay = new Client(api.url);
    replay.cookies.set("th_session", token);
    const info = await replay.sessionInfo();
    expect(info.body.data!.isGuest).toBe(true);
    expect(info.body.data!.sessionEnded).toBe("revoked");
  });

  it("expires a staff session after inactivity and reports it", async () => {
    const c = await signedIn(api.url, "medicalSupport");
    const token = c.cookies.get("th_session")!;
    await api.database.db.execute(sql`update sessions set last_seen_at = now() - interval '31 minutes' where revoked_at is null and user_id = (select id from users where email = ${LOGINS.medicalSupport})`);
    const r = await c.get("/api/v1/profile");
    expect(r.status).toBe(401);
    // The 401 itself says why (a caller whose session check came just before the timeout can still say so).
    expect(r.body.data).toEqual({ sessionEnded: "expired" });
    const info = await new Client(api.url).request("POST", "/api/v1/users/session-info", {}, { headers: { Cookie: `th_session=${token}` } });
    expect((info.body.data as { sessionEnded: string }).sessionEnded).toBe("expired");
  });

  it("keeps a patient session for 2 hours of inactivity but ends any session after 12 hours", async () => {
    const c = await signedIn(api.url, "patients");
    const [u] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, LOGINS.patients));
    await api.database.db.execute(sql`update sessions set last_seen_at = now() - interval '90 minutes' where revoked_at is null and user_id = ${u.id}`);
    expect((await c.get("/api/v1/profile")).status).toBe(200);
    await api.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where revoked_at is null and user_id = ${u.id}`);
    expect((await c.get("/api/v1/profile")).status).toBe(401);
    const rows = await api.database.db.select({ reason: sessions.revokedReason }).from(sessions).where(eq(sessions.userId, u.id));
    expect(rows.map((r) => r.reason)).toContain("absolute");
  });

  it("stores only a hash of the session token", async () => {
    const c = await signedIn(api.url, "providers");
    const token = c.cookies.get("th_session")!;
    const result = (await api.database.db.execute(sql`select count(*)::int as n from sessions where token_hash = ${token}`)) as unknown as { rows: { n: number }[] };
    expect(result.rows[0].n).toBe(0);
  });
});
