import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, startTestApi, type TestApi } from "./harness.ts";
import type { UserListItem } from "../../api/contract/users.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe("GET /api/v1/users", () => {
  it("pages 20 at a time sorted by full name, with the total count", async () => {
    const c = await signedIn(api.url, "providers");
    const p1 = await c.get<UserListItem[]>("/api/v1/users");
    expect(p1.status).toBe(200);
    expect(p1.body.pages).toMatchObject({ page: 1, perPage: 20 });
    expect(p1.body.pages!.totalCount).toBeGreaterThan(200);
    expect(p1.body.data).toHaveLength(20);
    const names = p1.body.data!.map((u) => u.fullName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const p2 = await c.get<UserListItem[]>("/api/v1/users?page=2");
    expect(p2.body.data![0].id).not.toBe(p1.body.data![0].id);
    expect(p2.body.data![0].fullName >= names[19]).toBe(true);
  });

  it("filters by roles (key[] entries or a list) and returns the picker's fields", async () => {
    const c = await signedIn(api.url, "customerSupport");
    const r = await c.get<UserListItem[]>("/api/v1/users?roles[]=providers&roles[]=providerUsers&perPage=100");
    expect(r.status).toBe(200);
    expect(r.body.data!.length).toBeGreaterThan(0);
    for (const u of r.body.data!) expect(["providers", "providerUsers"]).toContain(u.roles[0].handle);
    const u = r.body.data![0];
    expect(u).toEqual(expect.objectContaining({ id: expect.any(Number), fullName: expect.any(String), firstName: expect.any(String), lastName: expect.any(String), userStatus: expect.any(String) }));
    expect(u).toHaveProperty("avatar");
    expect(u).toHaveProperty("avatarUrl");
    expect(u).toHaveProperty("profession");
    const list = await c.get<UserListItem[]>("/api/v1/users?roles=medicalSupport,medicalSupportManagers&perPage=100");
    for (const x of list.body.data!) expect(["medicalSupport", "medicalSupportManagers"]).toContain(x.roles[0].handle);
    const active = await c.get<UserListItem[]>("/api/v1/users?roles[]=providers&roles[]=providerUsers&roles[]=customerSupport&roles[]=customerSupportManagers&roles[]=medicalSupport&roles[]=medicalSupportManagers&userStatus=active&perPage=100");
    for (const x of active.body.data!) expect(x.userStatus).toBe("active");
  });

  it("searches by name, email, id and a patient's date of birth", async () => {
    const c = await signedIn(api.url, "providers");
    const byEmail = await c.get<UserListItem[]>("/api/v1/users?search=nurse%40demo.test");
    expect(byEmail.body.data!.map((u) => u.email)).toContain("nurse@demo.test");
    const nurse = byEmail.body.data!.find((u) => u.email === "nurse@demo.test")!;
    const byName = await c.get<UserListItem[]>(`/api/v1/users?search=${encodeURIComponent(nurse.lastName)}`);
    expect(byName.body.data!.map((u) => u.id)).toContain(nurse.id);
    const byId = await c.get<UserListItem[]>(`/api/v1/users?search=${nurse.id}`);
    expect(byId.body.data!.map((u) => u.id)).toContain(nurse.id);
    // Patients by date of birth, as shown (MM/dd/yyyy) or ISO; an impossible date matches nothing.
    for (const dob of ["04/17/1988", "4/17/1988", "1988-04-17"]) {
      const byDob = await c.get<UserListItem[]>(`/api/v1/users?roles[]=patients&search=${encodeURIComponent(dob)}`);
      expect(byDob.body.data!.map((u) => u.email), dob).toContain("patient@demo.test");
    }
    const badDate = await c.get<UserListItem[]>(`/api/v1/users?roles[]=patients&search=${encodeURIComponent("02/30/1988")}`);
    expect(badDate.body.data).toEqual([]);
    const none = await c.get<UserListItem[]>("/api/v1/users?search=zzzzqqqq");
    expect(none.body.data).toEqual([]);
    expect(none.body.pages!.totalCount).toBe(0);
  });

  it("rejects bad query values with field errors", async () => {
    const c = await signedIn(api.url, "providers");
    const r = await c.get<{ errors: Record<string, string[]> }>("/api/v1/users?perPage=1000&sort=bogus&roles[]=admins");
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data!.errors).sort()).toEqual(["perPage", "roles.0", "sort"]);
  });

  it("reads one user as data.user, 404 for an unknown id", async () => {
    const c = await signedIn(api.url, "providers");
    const list = await c.get<UserListItem[]>("/api/v1/users?roles[]=providers");
    const id = list.body.data![0].id;
    const r = await c.get<{ user: UserListItem }>(`/api/v1/users/${id}`);
    expect(r.status).toBe(200);
    expect(r.body.data!.user.id).toBe(id);
    expect((await c.get("/api/v1/users/99999999")).status).toBe(404);
    expect((await c.get("/api/v1/users/abc")).status).toBe(404);
  });
});
