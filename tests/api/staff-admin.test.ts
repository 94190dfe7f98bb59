/**
 * Users and roles and the dashboards (issue 19; api/routes/staff-admin.ts): every call × every role and a guest,
 * the invite (pending user, mailed link, single use, sets the password and activates), update with the last-manager
 * rule, suspend (sessions end at once) / unsuspend / deactivate with refused transitions, the staff list (filters,
 * sorts, keyset cursor), bad input, and the dashboard's panels per role with live counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role, type StaffRole } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { mailSettled } from "../../api/domain/mail.ts";
import { weekStarts } from "../../api/domain/staff-dashboard.ts";
import { dashboardPanelsFor } from "../../api/contract/staff-dashboard-rules.ts";
import type { StaffUser } from "../../api/contract/staff-admin.ts";
import type { StaffDashboard } from "../../api/contract/staff-dashboard.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
const db = () => api.database.db;
let managerId = 0;
let seq = 0;

async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}
const manager = () => clients.get("providers")!;
const newEmail = () => `s19a-${++seq}@staff.demo.test`;

/** A staff user made directly, signed in with a password when active. */
async function makeStaff(role: StaffRole = "customerSupport", status: "active" | "pending" | "suspended" | "inactive" = "active") {
  const email = newEmail();
  const [ref] = await db().select({ hash: schema.users.passwordHash }).from(schema.users).where(eq(schema.users.id, managerId));
  const [u] = await db()
    .insert(schema.users)
    .values({ email, role, firstName: "Test", lastName: `Staff ${seq}`, userStatus: status, passwordHash: status === "pending" ? null : ref!.hash })
    .returning({ id: schema.users.id });
  return { id: u!.id, email };
}

async function inviteLink(email: string): Promise<URL> {
  await mailSettled();
  const [mail] = await db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, email)).orderBy(desc(schema.emailOutbox.id)).limit(1);
  const match = /http\S+\/set-password\?\S+/.exec(mail!.textBody);
  return new URL(match![0]);
}

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  managerId = await idOf(LOGINS.providers);
});
afterAll(() => api?.close());

const status = (role: Role, key: EndpointKey) => ((permissions[key].roles as readonly Role[]).includes(role) ? 200 : role === "guest" ? 401 : 403);

describe("who may call", () => {
  it("every call answers each role and a guest with the exact status", async () => {
    for (const role of ROLES) {
      const c = clients.get(role)!;
      const target = await makeStaff("customerSupport", "active");
      expect((await c.get("/api/v1/staff/dashboard")).status, `${role} dashboard`).toBe(status(role, "GET /api/v1/staff/dashboard"));
      expect((await c.get("/api/v1/staff-users")).status, `${role} list`).toBe(status(role, "GET /api/v1/staff-users"));
      expect((await c.get(`/api/v1/staff-users/${target.id}`)).status, `${role} one`).toBe(status(role, "GET /api/v1/staff-users/:id"));
      expect((await c.post("/api/v1/users/invite", { email: newEmail(), firstName: "Ana", lastName: "Ruiz", role: "medicalSupport" })).status, `${role} invite`).toBe(
        status(role, "POST /api/v1/users/invite"),
      );
      expect((await c.post(`/api/v1/users/${target.id}/update`, { firstName: "Ana", lastName: "Ruiz", role: "customerSupport" })).status, `${role} update`).toBe(
        status(role, "POST /api/v1/users/:id/update"),
      );
      expect((await c.post(`/api/v1/users/${target.id}/suspend`, {})).status, `${role} suspend`).toBe(status(role, "POST /api/v1/users/:id/suspend"));
      expect((await c.post(`/api/v1/users/${target.id}/unsuspend`, {})).status, `${role} unsuspend`).toBe(status(role, "POST /api/v1/users/:id/unsuspend"));
      expect((await c.post(`/api/v1/users/${target.id}/deactivate`, {})).status, `${role} deactivate`).toBe(status(role, "POST /api/v1/users/:id/deactivate"));
      const pending = await makeStaff("medicalSupport", "pending");
      expect((await c.post(`/api/v1/users/${pending.id}/resend-invite`, {})).status, `${role} resend`).toBe(status(role, "POST /api/v1/users/:id/resend-invite"));
    }
  });

  it("a patient's id or an unknown id is not a staff user (404)", async () => {
    const patient = await idOf(LOGINS.patients);
    expect((await manager().get(`/api/v1/staff-users/${patient}`)).status).toBe(404);
    expect((await manager().post(`/api/v1/users/${patient}/suspend`, {})).status).toBe(404);
    expect((await manager().post(`/api/v1/users/${patient}/update`, { firstName: "A", lastName: "B", role: "customerSupport" })).status).toBe(404);
    expect((await manager().get("/api/v1/staff-users/999999")).status).toBe(404);
    expect((await manager().get("/api/v1/staff-users/abc")).status).toBe(404);
  });
});

describe("invite", () => {
  it("makes a pending user, mails a link that sets the password once and activates the account", async () => {
    const email = newEmail();
    const r = await manager().post<StaffUser>("/api/v1/users/invite", { email, firstName: "Nora", lastName: "Quinn", role: "medicalSupport", profession: "nurse", locale: "es-US" });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("users.invited");
    expect(r.body.data).toMatchObject({ email, userStatus: "pending", role: "medicalSupport", profession: "nurse", actions: ["suspend", "deactivate", "resendInvite"] });
    const link = await inviteLink(email);
    const [mail] = await db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, email));
    expect(mail!.subject).toBe("Le invitamos al equipo de atención");
    const code = link.searchParams.get("code")!;
    const id = Number(link.searchParams.get("id"));
    expect(id).toBe(r.body.data!.id);

    // A pending user cannot sign in yet.
    const invitee = new Client(api.url);
    expect((await invitee.login(email)).status).not.toBe(200);
    // The link checks without being used up, then sets the password once.
    expect((await invitee.post("/actions/users/check-reset-link", { code, id })).status).toBe(200);
    const set = await invitee.post("/actions/users/set-password", { code, id, newPassword: "Invited-Passw0rd!", passwordConfirm: "Invited-Passw0rd!" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const again = await invitee.post<{ reason: string }>("/actions/users/set-password", { code, id, newPassword: "Other-Passw0rd!1", passwordConfirm: "Other-Passw0rd!1" });
    expect(again.status).toBe(400);
    expect(again.body.data?.reason).toBe("used");
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, id));
    expect(row!.userStatus).toBe("active");
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await invitee.login(email, "Invited-Passw0rd!")).status).toBe(200);
    const audit = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "user.invite"), eq(schema.auditEvents.entityId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it("refuses a duplicate user (409, any case) and bad input (400 with field codes), changing nothing", async () => {
    const dup = await manager().post("/api/v1/users/invite", { email: LOGINS.providerUsers.toUpperCase(), firstName: "A", lastName: "B", role: "providerUsers" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("users.emailTaken");
    const before = (await db().select({ id: schema.users.id }).from(schema.users)).length;
    const bad = await manager().post<{ fieldCodes: Record<string, { code: string }[]> }>("/api/v1/users/invite", { email: "not-an-email", firstName: "", lastName: "B", role: "patients" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data!.fieldCodes).sort()).toEqual(["email", "firstName", "role"]);
    expect((await db().select({ id: schema.users.id }).from(schema.users)).length).toBe(before);
  });

  it("a resent invite replaces the previous link", async () => {
    const email = newEmail();
    const r = await manager().post<StaffUser>("/api/v1/users/invite", { email, firstName: "Rene", lastName: "Ortiz", role: "customerSupport" });
    const first = await inviteLink(email);
    expect((await manager().post(`/api/v1/users/${r.body.data!.id}/resend-invite`, {})).status).toBe(200);
    const second = await inviteLink(email);
    expect(second.searchParams.get("code")).not.toBe(first.searchParams.get("code"));
    const c = new Client(api.url);
    await c.sessionInfo();
    const old = await c.post<{ reason: string }>("/actions/users/check-reset-link", { code: first.searchParams.get("code"), id: r.body.data!.id });
    expect(old.status, JSON.stringify(old.body)).toBe(400);
    expect(old.body.data?.reason).toBe("expired");
    expect((await c.post("/actions/users/check-reset-link", { code: second.searchParams.get("code"), id: r.body.data!.id })).status).toBe(200);
  });
});

describe("suspend, unsuspend, deactivate", () => {
  it("a suspended user's sessions end at once; restored, they sign in again", async () => {
    const u = await makeStaff("medicalSupport");
    const c = new Client(api.url);
    expect((await c.login(u.email)).status).toBe(200);
    expect((await c.get("/api/v1/profile")).status).toBe(200);
    const r = await manager().post<StaffUser>(`/api/v1/users/${u.id}/suspend`, {});
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ userStatus: "suspended", actions: ["unsuspend", "deactivate"] });
    expect((await c.get("/api/v1/profile")).status).toBe(401);
    const live = await db().select().from(schema.sessions).where(eq(schema.sessions.userId, u.id));
    expect(live.every((s) => s.revokedAt !== null && s.revokedReason === "suspend")).toBe(true);
    expect((await new Client(api.url).login(u.email)).status).not.toBe(200);
    // Refused transitions: 409 with the message.
    const twice = await manager().post(`/api/v1/users/${u.id}/suspend`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("users.transitionRefused");
    expect((await manager().post<StaffUser>(`/api/v1/users/${u.id}/unsuspend`, {})).body.data?.userStatus).toBe("active");
    expect((await manager().post(`/api/v1/users/${u.id}/unsuspend`, {})).status).toBe(409);
    expect((await new Client(api.url).login(u.email)).status).toBe(200);
    const audit = await db().select({ action: schema.auditEvents.action }).from(schema.auditEvents).where(eq(schema.auditEvents.entityId, String(u.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["user.suspend", "user.unsuspend"]));
  });

  it("deactivating ends the sessions too; nobody suspends or deactivates themselves", async () => {
    const u = await makeStaff("customerSupportManagers");
    const c = new Client(api.url);
    await c.login(u.email);
    expect((await manager().post<StaffUser>(`/api/v1/users/${u.id}/deactivate`, {})).body.data?.userStatus).toBe("inactive");
    expect((await c.get("/api/v1/profile")).status).toBe(401);
    const self = await manager().post(`/api/v1/users/${managerId}/suspend`, {});
    expect(self.status).toBe(409);
    expect(self.body.code).toBe("users.notOnSelf");
    expect((await manager().post(`/api/v1/users/${managerId}/deactivate`, {})).body.code).toBe("users.notOnSelf");
  });
});

describe("update and the last provider manager", () => {
  it("edits name, profession and role; a new role ends the user's sessions", async () => {
    const u = await makeStaff("customerSupport");
    const c = new Client(api.url);
    await c.login(u.email);
    const r = await manager().post<StaffUser>(`/api/v1/users/${u.id}/update`, { firstName: "Carla", lastName: "Mendes", profession: "nurse", role: "medicalSupport" });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ fullName: "Carla Mendes", profession: "nurse", role: "medicalSupport" });
    expect((await c.get("/api/v1/profile")).status).toBe(401);
    const bad = await manager().post("/api/v1/users/" + u.id + "/update", { firstName: "", lastName: "M", role: "patients", profession: "pilot" });
    expect(bad.status).toBe(400);
  });

  it("the last active provider manager cannot remove their own role", async () => {
    // The seed has a second provider manager: suspended here through the API, so manager@ is the last active one.
    const robert = await idOf("robert.chen@staff.demo.test");
    expect((await manager().post(`/api/v1/users/${robert}/suspend`, {})).status).toBe(200);
    const others = await db().select({ id: schema.users.id }).from(schema.users).where(and(eq(schema.users.role, "providers"), eq(schema.users.userStatus, "active")));
    expect(others.map((o) => o.id)).toEqual([managerId]);
    const me = await manager().get<StaffUser>(`/api/v1/staff-users/${managerId}`);
    expect(me.body.data).toMatchObject({ roleEditable: false, actions: [] });
    const r = await manager().post(`/api/v1/users/${managerId}/update`, { firstName: "Maya", lastName: "Manager", role: "providerUsers" });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("users.lastManager");
    expect((await db().select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.id, managerId)))[0]!.role).toBe("providers");
    // With a second active manager, the first may step down (and the second may not then).
    const second = await makeStaff("providers");
    const c2 = new Client(api.url);
    await c2.login(second.email);
    const stepDown = await c2.post(`/api/v1/users/${second.id}/update`, { firstName: "Second", lastName: "Manager", role: "providerUsers" });
    expect(stepDown.status).toBe(200);
    expect((await manager().post(`/api/v1/users/${managerId}/update`, { firstName: "Maya", lastName: "Manager", role: "providerUsers" })).status).toBe(409);
  });
});

describe("the staff list", () => {
  it("filters by role and status, searches, sorts and pages by cursor without repeats", async () => {
    const list = await manager().get<StaffUser[]>("/api/v1/staff-users?perPage=3&sort=fullName_asc");
    expect(list.status).toBe(200);
    expect(list.body.data!.every((u) => u.role !== ("patients" as string))).toBe(true);
    const seen: number[] = [];
    let cursor: string | null = null;
    let names: string[] = [];
    do {
      const page: { body: { data?: StaffUser[]; pages?: unknown } } = await manager().get<StaffUser[]>(
        `/api/v1/staff-users?perPage=4&sort=fullName_asc${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...page.body.data!.map((u) => u.id));
      names = names.concat(page.body.data!.map((u) => u.fullName));
      cursor = (page.body.pages as { nextCursor: string | null } | undefined)!.nextCursor;
    } while (cursor && seen.length < 1000);
    expect(new Set(seen).size).toBe(seen.length);
    const staffCount = (await db().select({ id: schema.users.id }).from(schema.users)).length - (await db().select({ id: schema.patients.userId }).from(schema.patients)).length;
    expect(seen.length).toBeLessThanOrEqual(staffCount);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);

    const nurses = await manager().get<StaffUser[]>("/api/v1/staff-users?roles[]=medicalSupport&roles[]=medicalSupportManagers&perPage=100");
    expect(nurses.body.data!.length).toBeGreaterThan(0);
    expect(nurses.body.data!.every((u) => u.role === "medicalSupport" || u.role === "medicalSupportManagers")).toBe(true);
    const suspended = await makeStaff("customerSupport", "suspended");
    const bySt = await manager().get<StaffUser[]>("/api/v1/staff-users?userStatus=suspended&perPage=100");
    expect(bySt.body.data!.map((u) => u.id)).toContain(suspended.id);
    expect(bySt.body.data!.every((u) => u.userStatus === "suspended")).toBe(true);
    const search = await manager().get<StaffUser[]>(`/api/v1/staff-users?search=${encodeURIComponent("nurse@demo.test")}`);
    expect(search.body.data!.map((u) => u.email)).toContain("nurse@demo.test");
    const newest = await manager().get<StaffUser[]>("/api/v1/staff-users?sort=createdAt_desc&perPage=1");
    expect(newest.body.data![0]!.id).toBe(Math.max(...seen.concat(suspended.id)));
    expect((await manager().get("/api/v1/staff-users?cursor=garbage")).status).toBe(400);
    expect((await manager().get("/api/v1/staff-users?sort=age_asc")).status).toBe(400);
  });
});

describe("dashboard", () => {
  it("each role gets exactly its panels", async () => {
    for (const role of ["providers", "providerUsers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"] as const) {
      const r = await clients.get(role)!.get<StaffDashboard>("/api/v1/staff/dashboard");
      expect(r.status, role).toBe(200);
      const keys = Object.keys(r.body.data!).filter((k) => k !== "generatedAt").sort();
      expect(keys, role).toEqual([...dashboardPanelsFor(role)].sort());
    }
  });

  it("counts are live: a task assigned, an order put on hold, a review decided move them", async () => {
    const c = clients.get("medicalSupport")!;
    const me = await idOf(LOGINS.medicalSupport);
    const before = (await c.get<StaffDashboard>("/api/v1/staff/dashboard")).body.data!;
    const todo = (d: StaffDashboard) => d.tasks!.byStatus.find((s) => s.status === "todo")!.count;
    await db().insert(schema.tasks).values({ title: "Dashboard count", status: 1, providerId: me });
    const [order] = await db().select({ id: schema.orders.id, status: schema.orders.status }).from(schema.orders).where(eq(schema.orders.status, 1)).limit(1);
    await db().update(schema.orders).set({ status: 3 }).where(eq(schema.orders.id, order!.id));
    const after = (await c.get<StaffDashboard>("/api/v1/staff/dashboard")).body.data!;
    expect(todo(after)).toBe(todo(before) + 1);
    expect(after.shipmentsOnHold!.count).toBe(before.shipmentsOnHold!.count + 1);
    await db().update(schema.orders).set({ status: order!.status }).where(eq(schema.orders.id, order!.id));

    const m = (await manager().get<StaffDashboard>("/api/v1/staff/dashboard")).body.data!;
    expect(m.reviews!.oldest.length).toBeGreaterThan(0);
    const first = m.reviews!.oldest[0]!;
    expect(new Date(first.dueAt).getTime() - new Date(first.submittedAt).getTime()).toBe(48 * 3_600_000);
    const [t] = await db().select({ id: schema.treatments.id }).from(schema.treatments).where(eq(schema.treatments.id, first.treatmentId));
    const submitted = new Date(Date.now() - 10 * 3_600_000);
    await db().update(schema.treatments).set({ createdAt: submitted, reviewedAt: new Date(), reviewStatus: "approved" }).where(eq(schema.treatments.id, t!.id));
    const m2 = (await manager().get<StaffDashboard>("/api/v1/staff/dashboard")).body.data!;
    expect(m2.turnaround!.thisWeek.count).toBe(m.turnaround!.thisWeek.count + 1);
    expect(m2.turnaround!.thisWeek.medianHours).not.toBeNull();
    expect(m2.reviews!.count).toBe(m.reviews!.count - 1);
    expect(m2.workload!.providers.length).toBeGreaterThan(0);
  });

  it("weeks start on Sunday at midnight Pacific, across a daylight-saving change", () => {
    // Tuesday 2026-11-03 10:00 UTC: the week began Sunday 2026-11-01 00:00 PDT (07:00 UTC); DST ended that night.
    const a = weekStarts(new Date("2026-11-03T10:00:00Z"));
    expect(a.thisWeek.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(a.lastWeek.toISOString()).toBe("2026-10-25T07:00:00.000Z");
    // Sunday 2026-11-08 07:30 UTC is still Saturday 23:30 PST: the week of November 1.
    expect(weekStarts(new Date("2026-11-08T07:30:00Z")).thisWeek.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(weekStarts(new Date("2026-11-08T08:30:00Z")).thisWeek.toISOString()).toBe("2026-11-08T08:00:00.000Z");
  });
});
