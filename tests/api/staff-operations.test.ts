/**
 * Schedules and availability, licenses, payouts (issue 19 part B; api/routes/schedule.ts, staff-licenses.ts,
 * payouts.ts): every call × every role with the exact status (own id; managers another staff member's; a
 * non-manager reaching another id 404), the calendar in Pacific time across both daylight-saving changes of 2027,
 * overlapping ranges refused with nothing changed, licenses flagged 30 days ahead and read by the review rule,
 * payouts computed at the configured rates with 'Payout request error' when nothing is payable, and the PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { activeLicenseStates } from "../../api/domain/licenses.ts";
import type { Calendar, ScheduleSettings } from "../../api/contract/schedule.ts";
import type { Licenses, License } from "../../api/contract/staff-licenses.ts";
import type { Payable, PayoutInvoice } from "../../api/contract/payouts.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
const ids = new Map<Role, number>();
let patientId = 0;
const db = () => api.database.db;
async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}

beforeAll(async () => {
  api = await startTestApi({ env: { PAYOUT_REVIEW_RATE_CENTS: "2500", PAYOUT_VISIT_RATE_CENTS: "4000" } });
  for (const role of ROLES) {
    clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
    if (role !== "guest") ids.set(role, await idOf(LOGINS[role as keyof typeof LOGINS]));
  }
  patientId = ids.get("patients")!;
});
afterAll(() => api?.close());

const allowed = (role: Role, key: EndpointKey) => (permissions[key].roles as readonly Role[]).includes(role);
const status = (role: Role, key: EndpointKey) => (allowed(role, key) ? 200 : role === "guest" ? 401 : 403);
const c = (role: Role) => clients.get(role)!;
const nurse = () => ids.get("medicalSupport")!;

describe("who may call", () => {
  it("every schedule, availability and license call answers each role and a guest with the exact status (own id)", async () => {
    for (const role of ROLES) {
      const me = ids.get(role) ?? 1;
      const x = c(role);
      expect((await x.get(`/api/v1/staff-schedule-settings/${me}`)).status, `${role} settings`).toBe(status(role, "GET /api/v1/staff-schedule-settings/:id"));
      expect((await x.post(`/api/v1/staff-schedule-settings/${me}`, { weekly: [{ weekday: 2, ranges: [{ start: "08:00", end: "12:00" }] }] })).status, `${role} save`).toBe(status(role, "POST /api/v1/staff-schedule-settings/:id"));
      expect((await x.post(`/api/v1/staff-schedule-set-day-bulk/${me}`, { dates: ["2027-04-01"], mode: "off" })).status, `${role} bulk`).toBe(status(role, "POST /api/v1/staff-schedule-set-day-bulk/:id"));
      expect((await x.get(`/api/v1/staff-schedule-calendar/${me}/?yearMonth=2027-04`)).status, `${role} calendar`).toBe(status(role, "GET /api/v1/staff-schedule-calendar/:id"));
      expect((await x.get("/api/v1/staff-schedule-availability")).status, `${role} own availability`).toBe(status(role, "GET /api/v1/staff-schedule-availability"));
      expect((await x.get(`/api/v1/staff-schedule-availability/${me}`)).status, `${role} availability`).toBe(status(role, "GET /api/v1/staff-schedule-availability/:staffId"));
      expect((await x.post(`/api/v1/staff-schedule-availability/${me}`, { staffId: me, availability: "available" })).status, `${role} set availability`).toBe(status(role, "POST /api/v1/staff-schedule-availability/:staffId"));
      expect((await x.get(`/api/v1/staff-licenses/${me}`)).status, `${role} licenses`).toBe(status(role, "GET /api/v1/staff-licenses/:staffId"));
      const added = await x.post<{ license: License }>(`/api/v1/staff-licenses/${me}`, { state: "WY", licenseType: "RN", licenseNumber: `RN-${role}`, expiresOn: "2099-01-01" });
      expect(added.status, `${role} add license`).toBe(status(role, "POST /api/v1/staff-licenses/:staffId"));
      const licenseId = added.body.data?.license.id ?? 2147483647;
      expect((await x.put(`/api/v1/staff-licenses/${me}/${licenseId}`, { state: "WY", licenseType: "RN", licenseNumber: `RN2-${role}`, expiresOn: "2099-01-02" })).status, `${role} edit`).toBe(
        allowed(role, "PUT /api/v1/staff-licenses/:staffId/:id") ? 200 : status(role, "PUT /api/v1/staff-licenses/:staffId/:id"),
      );
      expect((await x.delete(`/api/v1/staff-licenses/${me}/${licenseId}`)).status, `${role} remove`).toBe(status(role, "DELETE /api/v1/staff-licenses/:staffId/:id"));
      expect((await x.get("/api/v1/payouts")).status, `${role} payouts`).toBe(status(role, "GET /api/v1/payouts"));
      expect((await x.get("/api/v1/payouts/payable")).status, `${role} payable`).toBe(status(role, "GET /api/v1/payouts/payable"));
    }
  });

  it("managers reach another staff member's schedule, availability and licenses; others get 404, a patient's id 404", async () => {
    for (const role of ["providers", "customerSupportManagers", "medicalSupportManagers"] as const) {
      expect((await c(role).get(`/api/v1/staff-schedule-settings/${nurse()}`)).status, role).toBe(200);
      expect((await c(role).get(`/api/v1/staff-licenses/${nurse()}`)).status, role).toBe(200);
      expect((await c(role).get(`/api/v1/staff-schedule-settings/${patientId}`)).status, `${role} patient`).toBe(404);
      expect((await c(role).get("/api/v1/staff-schedule-calendar/2147483647/?yearMonth=2027-04")).status, `${role} unknown`).toBe(404);
    }
    for (const role of ["providerUsers", "customerSupport"] as const) {
      const r = await c(role).get(`/api/v1/staff-schedule-settings/${nurse()}`);
      expect(r.status, role).toBe(404);
      expect(r.body.code).toBe("schedule.staffNotFound");
      expect((await c(role).post(`/api/v1/staff-schedule-availability/${nurse()}`, { availability: "unavailable" })).status).toBe(404);
      expect((await c(role).get(`/api/v1/staff-licenses/${nurse()}`)).status).toBe(404);
    }
  });
});

describe("availability", () => {
  it("own availability, a manager sets another's by staffId (payload staffId must match), audited", async () => {
    const r = await c("providers").post<{ staffId: number; availability: string }>(`/api/v1/staff-schedule-availability/${nurse()}`, { staffId: nurse(), availability: "unavailable" });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("schedule.availabilitySaved");
    expect((await c("medicalSupport").get<{ availability: string }>("/api/v1/staff-schedule-availability")).body.data).toEqual({ staffId: nurse(), availability: "unavailable" });
    const summary = await c("medicalSupport").post<{ summary: { availability: string } }>("/api/v1/users/session-info", { summary: true });
    expect(summary.body.data!.summary.availability).toBe("unavailable");
    const mismatch = await c("providers").post(`/api/v1/staff-schedule-availability/${nurse()}`, { staffId: nurse() + 1, availability: "available" });
    expect(mismatch.status).toBe(400);
    expect((await c("providers").post(`/api/v1/staff-schedule-availability/${nurse()}`, { availability: "maybe" })).status).toBe(400);
    const [a] = await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "schedule.availability")).orderBy(desc(schema.auditEvents.id)).limit(1);
    expect(a!.entityId).toBe(String(nurse()));
    expect(a!.actorId).toBe(ids.get("providers"));
  });
});

describe("schedule", () => {
  const me = () => ids.get("providerUsers")!;
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: "09:00", end: "12:00" }, { start: "13:00", end: "17:00" }] }));

  it("saves the weekly settings (seven days, Sunday first, Pacific time); overlapping ranges refused, nothing changed", async () => {
    const saved = await c("providerUsers").post<ScheduleSettings>(`/api/v1/staff-schedule-settings/${me()}`, { weekly: [...weekdays, { weekday: 0, ranges: [] }, { weekday: 6, ranges: [] }] });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.timeZone).toBe("America/Los_Angeles");
    expect(saved.body.data!.weekly.map((d) => d.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(saved.body.data!.weekly[1]!.ranges).toEqual([{ start: "09:00", end: "12:00" }, { start: "13:00", end: "17:00" }]);

    const overlap = await c("providerUsers").post(`/api/v1/staff-schedule-settings/${me()}`, { weekly: [{ weekday: 1, ranges: [{ start: "09:00", end: "12:00" }, { start: "11:30", end: "14:00" }] }] });
    expect(overlap.status).toBe(400);
    expect(overlap.body.code).toBe("schedule.overlap");
    expect((overlap.body.data as { fieldCodes: Record<string, unknown> }).fieldCodes).toEqual({ "weekly.0.ranges.1": [{ code: "validation.schedule.overlap" }] });
    const reversed = await c("providerUsers").post(`/api/v1/staff-schedule-settings/${me()}`, { weekly: [{ weekday: 1, ranges: [{ start: "17:00", end: "09:00" }] }] });
    expect(reversed.status).toBe(400);
    expect((reversed.body.data as { fieldCodes: Record<string, unknown> }).fieldCodes).toEqual({ "weekly.0.ranges.0": [{ code: "validation.schedule.order" }] });
    expect((await c("providerUsers").post(`/api/v1/staff-schedule-settings/${me()}`, { weekly: [{ weekday: 1, ranges: [{ start: "9am", end: "17:00" }] }] })).status).toBe(400);
    const after = await c("providerUsers").get<ScheduleSettings>(`/api/v1/staff-schedule-settings/${me()}`);
    expect(after.body.data!.weekly[1]!.ranges).toHaveLength(2);
  });

  it("the calendar of March 2027 (spring forward on Sunday the 14th): weeks from Sunday, 9 am Pacific is 17:00Z before and 16:00Z after", async () => {
    const r = await c("providerUsers").get<Calendar>(`/api/v1/staff-schedule-calendar/${me()}/?yearMonth=2027-03`);
    expect(r.status).toBe(200);
    const cal = r.body.data!;
    expect(cal.weekStartsOn).toBe(0);
    expect(cal.weeks).toHaveLength(5);
    expect(cal.weeks.every((w) => w.length === 7 && new Date(`${w[0]!.date}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    expect(cal.weeks[0]![0]).toMatchObject({ date: "2027-02-28", inMonth: false });
    const day = (d: string) => cal.weeks.flat().find((x) => x.date === d)!;
    expect(day("2027-03-12").ranges[0]).toMatchObject({ start: "09:00", end: "12:00", startsAt: "2027-03-12T17:00:00.000Z" });
    expect(day("2027-03-12").utcOffsetMinutes).toBe(-480);
    expect(day("2027-03-15").ranges[0]).toMatchObject({ start: "09:00", startsAt: "2027-03-15T16:00:00.000Z" });
    expect(day("2027-03-15").utcOffsetMinutes).toBe(-420);
    expect(day("2027-03-15").minutes).toBe(7 * 60);
    expect(day("2027-03-14").ranges).toEqual([]);
  });

  it("sets several days at once (hours, off, back to weekly); a whole day across each change has 23 and 25 hours", async () => {
    const all = [{ start: "00:00", end: "24:00" }];
    const bulk = await c("providerUsers").post<{ updated: number }>(`/api/v1/staff-schedule-set-day-bulk/${me()}`, { dates: ["2027-03-14", "2027-11-07", "2027-11-14"], mode: "hours", ranges: all });
    expect(bulk.status).toBe(200);
    expect(bulk.body.code).toBe("schedule.daysSaved");
    expect(bulk.body.data!.updated).toBe(3);
    const march = (await c("providerUsers").get<Calendar>(`/api/v1/staff-schedule-calendar/${me()}/?yearMonth=2027-03`)).body.data!;
    const sunday = march.weeks.flat().find((d) => d.date === "2027-03-14")!;
    expect(sunday).toMatchObject({ source: "day", minutes: 23 * 60 });
    expect(sunday.ranges[0]).toMatchObject({ startsAt: "2027-03-14T08:00:00.000Z", endsAt: "2027-03-15T07:00:00.000Z" });
    const november = (await c("providerUsers").get<Calendar>(`/api/v1/staff-schedule-calendar/${me()}/?yearMonth=2027-11`)).body.data!;
    const fallBack = november.weeks.flat().find((d) => d.date === "2027-11-07")!;
    expect(fallBack).toMatchObject({ source: "day", minutes: 25 * 60 });
    expect(november.weeks.flat().find((d) => d.date === "2027-11-14")!.minutes).toBe(24 * 60);
    // Monday after the fall change: 9 am is 17:00Z again.
    expect(november.weeks.flat().find((d) => d.date === "2027-11-08")!.ranges[0]!.startsAt).toBe("2027-11-08T17:00:00.000Z");

    await c("providerUsers").post(`/api/v1/staff-schedule-set-day-bulk/${me()}`, { dates: ["2027-11-08", "2027-11-09"], mode: "off" });
    const off = (await c("providerUsers").get<Calendar>(`/api/v1/staff-schedule-calendar/${me()}/?yearMonth=2027-11`)).body.data!.weeks.flat();
    expect(off.find((d) => d.date === "2027-11-08")).toMatchObject({ source: "day", ranges: [], minutes: 0 });
    await c("providerUsers").post(`/api/v1/staff-schedule-set-day-bulk/${me()}`, { dates: ["2027-11-08"], mode: "weekly" });
    const back = (await c("providerUsers").get<Calendar>(`/api/v1/staff-schedule-calendar/${me()}/?yearMonth=2027-11`)).body.data!.weeks.flat();
    expect(back.find((d) => d.date === "2027-11-08")).toMatchObject({ source: "weekly", minutes: 7 * 60 });
  });

  it("bad input: overlapping or missing ranges, bad dates, a bad month — 400, nothing changed", async () => {
    const path = `/api/v1/staff-schedule-set-day-bulk/${me()}`;
    const overlap = await c("providerUsers").post(path, { dates: ["2027-05-03"], mode: "hours", ranges: [{ start: "10:00", end: "12:00" }, { start: "08:00", end: "10:30" }] });
    expect(overlap.status).toBe(400);
    expect(overlap.body.code).toBe("schedule.overlap");
    expect((await c("providerUsers").post(path, { dates: ["2027-05-03"], mode: "hours", ranges: [] })).status).toBe(400);
    expect((await c("providerUsers").post(path, { dates: ["2027-02-30"], mode: "off" })).status).toBe(400);
    expect((await c("providerUsers").post(path, { dates: [], mode: "off" })).status).toBe(400);
    const rows = await db().select().from(schema.staffScheduleDays).where(and(eq(schema.staffScheduleDays.staffId, me()), eq(schema.staffScheduleDays.day, "2027-05-03")));
    expect(rows).toHaveLength(0);
    for (const bad of ["2027-13", "27-03", ""]) {
      expect((await c("providerUsers").get(`/api/v1/staff-schedule-calendar/${me()}/?yearMonth=${bad}`)).status, bad).toBe(400);
    }
  });
});

describe("licenses", () => {
  const me = () => ids.get("providerUsers")!;
  const path = () => `/api/v1/staff-licenses/${me()}`;
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it("adds, lists with its status (flagged 30 days ahead), edits and removes; the review rule reads them", async () => {
    const doctors = (await c("providerUsers").get<Licenses>(path())).body.data!.doctors;
    expect(doctors.length).toBeGreaterThan(0);
    const added = await c("providerUsers").post<{ license: License }>(path(), { state: "ME", licenseType: "NP", licenseNumber: "ME-NP-1", expiresOn: inDays(10), collaboratingDoctorId: doctors[0]!.id });
    expect(added.status).toBe(200);
    expect(added.body.code).toBe("licenses.added");
    expect(added.body.data!.license).toMatchObject({ state: "ME", status: "expiringSoon", owner: { id: me() }, collaboratingDoctor: { id: doctors[0]!.id } });
    expect(await activeLicenseStates(db(), me())).toContain("ME");
    const list = (await c("providerUsers").get<Licenses>(path())).body.data!;
    expect(list.owner.id).toBe(me());
    // The seed's expired Texas license stays listed, flagged.
    expect(list.licenses.find((l) => l.state === "TX")!.status).toBe("expired");
    expect(list.licenses.find((l) => l.state === "CA")!.status).toBe("active");
    const id = added.body.data!.license.id;
    const edited = await c("providerUsers").put<{ license: License }>(`${path()}/${id}`, { state: "ME", licenseType: "NP", licenseNumber: "ME-NP-1", expiresOn: inDays(400), collaboratingDoctorId: "" });
    expect(edited.status).toBe(200);
    expect(edited.body.data!.license).toMatchObject({ status: "active", collaboratingDoctor: null });
    expect((await c("providerUsers").delete(`${path()}/${id}`)).status).toBe(200);
    expect(await activeLicenseStates(db(), me())).not.toContain("ME");
    expect((await c("providerUsers").get<Licenses>(path())).body.data!.licenses.some((l) => l.id === id)).toBe(false);
    expect((await c("providerUsers").delete(`${path()}/${id}`)).status).toBe(404);
    // Another staff member's license through one's own path: 404.
    const [other] = await db().select({ id: schema.staffLicenses.id }).from(schema.staffLicenses).where(eq(schema.staffLicenses.staffId, ids.get("providers")!)).limit(1);
    expect((await c("providerUsers").delete(`${path()}/${other!.id}`)).status).toBe(404);
  });

  it("bad input: a past expiry, an unknown state, a doctor who is not one, a duplicate — clear codes, nothing added", async () => {
    const before = (await c("providerUsers").get<Licenses>(path())).body.data!.licenses.length;
    const expired = await c("providerUsers").post(path(), { state: "ME", licenseType: "NP", licenseNumber: "ME-X", expiresOn: inDays(-1) });
    expect(expired.status).toBe(400);
    expect((expired.body.data as { fieldCodes: Record<string, unknown> }).fieldCodes).toEqual({ expiresOn: [{ code: "validation.license.expired" }] });
    expect((await c("providerUsers").post(path(), { state: "ZZ", licenseType: "NP", licenseNumber: "ZZ-1", expiresOn: inDays(90) })).status).toBe(400);
    const notDoctor = await c("providerUsers").post(path(), { state: "ME", licenseType: "NP", licenseNumber: "ME-Y", expiresOn: inDays(90), collaboratingDoctorId: nurse() });
    expect((notDoctor.body.data as { fieldCodes: Record<string, unknown> }).fieldCodes).toEqual({ collaboratingDoctorId: [{ code: "validation.license.doctor" }] });
    const [ca] = (await c("providerUsers").get<Licenses>(path())).body.data!.licenses.filter((l) => l.state === "CA");
    const dup = await c("providerUsers").post(path(), { state: "CA", licenseType: ca!.licenseType, licenseNumber: ca!.licenseNumber.toLowerCase(), expiresOn: inDays(90) });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("licenses.duplicate");
    expect((await c("providerUsers").get<Licenses>(path())).body.data!.licenses.length).toBe(before);
  });
});

describe("payouts", () => {
  it("nothing payable: 409 'Payout request error', nothing made; then reviews and visits at the configured rates", async () => {
    const me = ids.get("providerUsers")!;
    // Whatever the seed left payable is invoiced first, so the test starts from nothing payable.
    await c("providerUsers").post("/api/v1/payouts/request", {});
    const none = await c("providerUsers").post("/api/v1/payouts/request", {});
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("payouts.requestError");
    expect(none.body.message).toBe("Payout request error");
    expect((await c("providerUsers").get<Payable>("/api/v1/payouts/payable")).body.data).toMatchObject({ reviews: 0, visits: 0, amountCents: 0 });
    const before = (await c("providerUsers").get<PayoutInvoice[]>("/api/v1/payouts")).body.data!.length;

    const [t] = await db().insert(schema.treatments).values({ patientId, sectionType: 1, providerId: me, reviewStatus: "approved", reviewedAt: new Date() }).returning({ id: schema.treatments.id });
    await db().insert(schema.treatments).values({ patientId, sectionType: 1, providerId: me, reviewStatus: "declined", reviewedAt: new Date() });
    await db().insert(schema.treatments).values({ patientId, sectionType: 1, providerId: me, reviewStatus: "pending" });
    await db().insert(schema.visitRecords).values({ patientId, treatmentId: t!.id, providerId: me, visitType: "video" });
    const payable = (await c("providerUsers").get<Payable>("/api/v1/payouts/payable")).body.data!;
    expect(payable).toMatchObject({ reviews: 2, visits: 1, amountCents: 2 * 2500 + 4000, rates: { reviewCents: 2500, visitCents: 4000 } });

    const r = await c("providerUsers").post<{ invoice: PayoutInvoice }>("/api/v1/payouts/request", {});
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("payouts.requested");
    const invoice = r.body.data!.invoice;
    expect(invoice).toMatchObject({ reviews: 2, visits: 1, amountCents: 9000, status: "open" });
    expect(invoice.number).toMatch(new RegExp(`^PO-${me}-\\d{4}$`));
    expect(Date.parse(invoice.periodStart)).toBeLessThan(Date.parse(invoice.periodEnd));
    expect((await c("providerUsers").post("/api/v1/payouts/request", {})).status).toBe(409);
    const list = (await c("providerUsers").get<PayoutInvoice[]>("/api/v1/payouts")).body.data!;
    expect(list.length).toBe(before + 1);
    expect(list[0]!.id).toBe(invoice.id);

    const pdf = await fetch(`${api.url}/api/v1/payouts/${invoice.id}/pdf`, { headers: { Cookie: [...c("providerUsers").cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    // Another provider's statement: 404.
    const [other] = await db()
      .insert(schema.payoutInvoices)
      .values({ staffId: ids.get("providers")!, number: "PO-OTHER-1", periodStart: new Date(Date.now() - 2e6), periodEnd: new Date(Date.now() - 1e6), reviews: 1, visits: 0, reviewRateCents: 1, visitRateCents: 1, amountCents: 1, payoutDate: "2027-01-01" })
      .returning({ id: schema.payoutInvoices.id });
    expect((await c("providerUsers").get(`/api/v1/payouts/${other!.id}/pdf`)).status).toBe(404);
  });

  it("pages the invoices with a cursor, newest first", async () => {
    const first = await c("providerUsers").get<PayoutInvoice[]>("/api/v1/payouts?perPage=1");
    const pages = first.body.pages as unknown as { hasMore: boolean; nextCursor: string | null };
    expect(first.body.data).toHaveLength(1);
    if (pages.hasMore) {
      const next = await c("providerUsers").get<PayoutInvoice[]>(`/api/v1/payouts?perPage=1&cursor=${pages.nextCursor}`);
      expect(next.body.data![0]!.id).toBeLessThan(first.body.data![0]!.id);
    }
    expect((await c("providerUsers").get("/api/v1/payouts?cursor=nonsense")).status).toBe(400);
  });
});
