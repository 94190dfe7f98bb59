import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditEvents, users } from "../../api/db/schema.ts";
import { LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";
import type { Profile } from "../../api/contract/users.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe("profile", () => {
  it("returns the patient profile of spec §3 with addresses, flags and the unread count", async () => {
    const c = await signedIn(api.url, "patients");
    const r = await c.get<Profile>("/api/v1/profile");
    expect(r.status).toBe(200);
    const p = r.body.data!;
    expect(p.email).toBe(LOGINS.patients);
    expect(p.role).toBe("patients");
    expect(p.utcOffset).toMatch(/^[+-]\d{2}:\d{2}$/);
    expect(p.addresses.shippingAddress).toMatchObject({ addressType: "shipping" });
    expect(p.addresses.billingAddress).toMatchObject({ addressType: "billing" });
    expect(typeof p.isProgressAvailability).toBe("boolean");
    expect(typeof p.hasPharmacyAccess).toBe("boolean");
    expect(typeof p.isPharmacyAvailability).toBe("boolean");
    expect(Number.isInteger(p.unreadChatMessagesCount)).toBe(true);
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("returns a staff profile with the profession label", async () => {
    const c = await signedIn(api.url, "providers");
    const p = (await c.get<Profile>("/api/v1/profile")).body.data!;
    expect(p.role).toBe("providers");
    expect(p.profession?.label).toBeTruthy();
  });

  it("updates names, phone and time zone", async () => {
    const patient = await signedIn(api.url, "patients");
    const r = await patient.put<Profile>("/api/v1/profile", {
      firstName: "Ana María",
      middleName: "",
      lastName: "O'Neil-Smith",
      phone: "(555) 123-4567",
      utcOffsetMinutes: -300,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Your profile has been updated.");
    expect(r.body.data).toMatchObject({ firstName: "Ana María", lastName: "O'Neil-Smith", fullName: "Ana María O'Neil-Smith", phone: "+15551234567", utcOffset: "-05:00" });
  });

  it("rejects names with other characters, each field with its own message", async () => {
    const c = await signedIn(api.url, "patients");
    const r = await c.put<{ errors: Record<string, string[]> }>("/api/v1/profile", { firstName: "R2D2", lastName: "<b>x</b>", middleName: "ok", phone: "12" });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors).toEqual({
      firstName: ["Only letters, spaces, dashes and apostrophes are allowed"],
      lastName: ["Only letters, spaces, dashes and apostrophes are allowed"],
      phone: ["Enter a phone number in the format (555) 123-4567"],
    });
    const empty = await c.put<{ errors: Record<string, string[]> }>("/api/v1/profile", { firstName: "   " });
    expect(empty.body.data!.errors.firstName).toEqual(["Value is required"]);
    const long = await c.put<{ errors: Record<string, string[]> }>("/api/v1/profile", { lastName: "a".repeat(101) });
    expect(long.body.data!.errors.lastName).toEqual(["The maximum length allowed is 100"]);
    const unknown = await c.put("/api/v1/profile", { role: "providers" });
    expect(unknown.status).toBe(400);
  });

  it("does not change the email without confirmation (a link goes to the new address: account-email.test.ts)", async () => {
    const c = await signedIn(api.url, "patients");
    const r = await c.put<{ email: string }>("/api/v1/profile", { user: { email: "new@demo.test" } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("We sent a confirmation link to new@demo.test. Your email address changes when you open it.");
    expect(r.body.data!.email).toBe(LOGINS.patients);
    const [u] = await api.database.db.select({ email: users.email }).from(users).where(eq(users.email, LOGINS.patients));
    expect(u.email).toBe(LOGINS.patients);
  });

  it("writes no audit row for a patient reading their own profile (every patient page's menu does)", async () => {
    const c = await signedIn(api.url, "patients");
    const [u] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, LOGINS.patients));
    const reads = () =>
      api.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, u.id), eq(auditEvents.action, "profile.read")));
    const before = (await reads()).length;
    expect((await c.get("/api/v1/profile")).status).toBe(200);
    expect((await reads()).length).toBe(before);
    // A change is audited.
    expect((await c.put("/api/v1/profile", { middleName: "Audited" })).status).toBe(200);
    const [update] = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, u.id), eq(auditEvents.action, "profile.update")));
    expect(update).toMatchObject({ actorId: u.id, actorRole: "patients", ip: expect.any(String) });
  });
});
