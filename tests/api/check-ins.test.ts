/**
 * Check-ins (issue 14/15; api/routes/check-ins.ts): every call × every role and a guest with the exact status, a
 * patient never reaches another patient's check-in (404), staff never a patient they may not see (404), refused
 * transitions 409 with their codes, bad input 400 with field codes, the weight entry of an answer, the audit rows,
 * the request's mail in the patient's language, the pending queue (oldest first, cursor, scoped) and the renewal rule.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import { latestApprovedCheckIn, renewalMayProceed } from "../../api/domain/check-ins.ts";
import { mailSettled } from "../../api/domain/mail.ts";
import type { CheckIn } from "../../api/contract/check-ins.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let emma = 0;
let liam = 0;
let providerUser = 0;
let stranger = 0;

const db = () => api.database.db;
async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}
const lastAudit = async (action: string) =>
  (await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, action)).orderBy(desc(schema.auditEvents.id)).limit(1))[0];

const ANSWERS = { currentWeightLb: 198.6, sideEffects: ["nausea"], doseSatisfaction: "satisfied", newMedications: "no" };
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** A check-in made directly: requested (answered: false) or answered and waiting. */
async function makeCheckIn(patientId: number, answered: boolean) {
  const now = new Date();
  const [row] = await db()
    .insert(schema.checkIns)
    .values({ patientId, dueAt: new Date(now.getTime() + 86_400_000), completedAt: answered ? now : null, answers: answered ? ANSWERS : null })
    .returning({ id: schema.checkIns.id });
  return row!.id;
}

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  emma = await idOf(LOGINS.patients);
  liam = await idOf("patient2@demo.test");
  providerUser = await idOf(LOGINS.providerUsers);
  const candidates = await db().select({ id: schema.patients.userId }).from(schema.patients).orderBy(schema.patients.userId).limit(80);
  for (const c of candidates) {
    if (!(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, c.id))) {
      stranger = c.id;
      break;
    }
  }
});
afterAll(() => api?.close());

const status = (role: Role, key: EndpointKey) => ((permissions[key].roles as readonly Role[]).includes(role) ? 200 : role === "guest" ? 401 : 403);

describe("who may call", () => {
  it("every call answers each role and a guest with the exact status", async () => {
    for (const role of ROLES) {
      const c = clients.get(role)!;
      const own = await makeCheckIn(emma, false);
      const answered = await makeCheckIn(emma, true);
      expect((await c.get("/api/v1/patient/check-ins")).status, `${role} own list`).toBe(status(role, "GET /api/v1/patient/check-ins"));
      expect((await c.get(`/api/v1/patient/check-ins/${own}`)).status, `${role} own one`).toBe(status(role, "GET /api/v1/patient/check-ins/:id"));
      expect((await c.post(`/api/v1/patient/check-ins/${own}/answer`, ANSWERS)).status, `${role} answer`).toBe(status(role, "POST /api/v1/patient/check-ins/:id/answer"));
      expect((await c.get(`/api/v1/patient/${emma}/check-ins`)).status, `${role} staff list`).toBe(status(role, "GET /api/v1/patient/:patientId/check-ins"));
      expect((await c.post(`/api/v1/patient/${emma}/check-ins`, { dueOn: inAWeek() })).status, `${role} request`).toBe(status(role, "POST /api/v1/patient/:patientId/check-ins"));
      expect((await c.put(`/api/v1/check-ins/${answered}/review`, { approval: "approved", note: "" })).status, `${role} review`).toBe(status(role, "PUT /api/v1/check-ins/:id/review"));
      expect((await c.get("/api/v1/check-ins/pending")).status, `${role} pending`).toBe(status(role, "GET /api/v1/check-ins/pending"));
    }
  });
});

describe("object level", () => {
  it("a patient never reaches another patient's check-in: 404 like an unknown id", async () => {
    const liams = await makeCheckIn(liam, false);
    const patient = clients.get("patients")!;
    for (const path of [`/api/v1/patient/check-ins/${liams}`, "/api/v1/patient/check-ins/2147483647", "/api/v1/patient/check-ins/abc"]) {
      const r = await patient.get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.code).toBe("checkIns.notFound");
    }
    expect((await patient.post(`/api/v1/patient/check-ins/${liams}/answer`, ANSWERS)).status).toBe(404);
    const own = await patient.get<CheckIn[]>("/api/v1/patient/check-ins?perPage=100");
    expect(own.body.data!.every((x) => x.patient.id === emma)).toBe(true);
  });

  it("staff never reach a patient they may not see: 404", async () => {
    const provider = clients.get("providerUsers")!;
    const theirs = await makeCheckIn(stranger, true);
    expect((await provider.get(`/api/v1/patient/${stranger}/check-ins`)).status).toBe(404);
    expect((await provider.post(`/api/v1/patient/${stranger}/check-ins`, { dueOn: inAWeek() })).status).toBe(404);
    expect((await provider.put(`/api/v1/check-ins/${theirs}/review`, { approval: "approved" })).status).toBe(404);
    const pending = await provider.get<CheckIn[]>("/api/v1/check-ins/pending?perPage=100");
    expect(pending.body.data!.some((x) => x.id === theirs)).toBe(false);
    // The manager sees every patient.
    expect((await clients.get("providers")!.get(`/api/v1/patient/${stranger}/check-ins`)).status).toBe(200);
  });
});

describe("the state machine through the API", () => {
  it("answer: requested → answered, with a weight entry and an audit row; answering again is 409", async () => {
    const id = await makeCheckIn(emma, false);
    const patient = clients.get("patients")!;
    const r = await patient.post<{ checkIn: CheckIn }>(`/api/v1/patient/check-ins/${id}/answer`, { ...ANSWERS, currentWeightLb: "187.25", newMedications: "yes", newMedicationsDetail: "Vitamin D" });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("checkIns.answered");
    expect(r.body.data!.checkIn).toMatchObject({ status: "answered", approval: "pending", can: { answer: false, review: false } });
    expect(r.body.data!.checkIn.answers).toMatchObject({ currentWeightLb: 187.3, newMedicationsDetail: "Vitamin D" });
    const [weight] = await db().select().from(schema.weightEntries).where(eq(schema.weightEntries.patientId, emma)).orderBy(desc(schema.weightEntries.id)).limit(1);
    expect(weight).toMatchObject({ weightLb: 187.3, source: "patient", measuredOn: new Date().toISOString().slice(0, 10) });
    const audit = await lastAudit("check_in.answer");
    expect(audit).toMatchObject({ entityId: String(id), patientId: emma, actorRole: "patients" });
    expect(JSON.stringify(audit!.meta)).not.toContain("187");
    const again = await patient.post(`/api/v1/patient/check-ins/${id}/answer`, ANSWERS);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "checkIns.alreadyAnswered", message: "This check-in has already been answered." });
  });

  it("review: only an answered check-in; approved and declined are final (409)", async () => {
    const nurse = clients.get("medicalSupport")!;
    const requested = await makeCheckIn(emma, false);
    const early = await nurse.put(`/api/v1/check-ins/${requested}/review`, { approval: "approved" });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("checkIns.notAnswered");
    const answered = await makeCheckIn(emma, true);
    const approved = await nurse.put<{ checkIn: CheckIn }>(`/api/v1/check-ins/${answered}/review`, { approval: "approved", note: "Fine." });
    expect(approved.status).toBe(200);
    expect(approved.body.code).toBe("checkIns.approved");
    expect(approved.body.data!.checkIn).toMatchObject({ status: "approved", approval: "approved", reviewNote: "Fine.", reviewedBy: { id: await idOf(LOGINS.medicalSupport) } });
    expect(await lastAudit("check_in.review")).toMatchObject({ entityId: String(answered), meta: { from: "answered", to: "approved" } });
    for (const approval of ["approved", "declined"]) {
      const r = await nurse.put(`/api/v1/check-ins/${answered}/review`, { approval, note: "Again" });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe("checkIns.alreadyReviewed");
    }
    const late = await clients.get("patients")!.post(`/api/v1/patient/check-ins/${answered}/answer`, ANSWERS);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("checkIns.alreadyReviewed");
  });

  it("decline needs a note; the patient reads it", async () => {
    const id = await makeCheckIn(emma, true);
    const provider = clients.get("providerUsers")!;
    const bare = await provider.put(`/api/v1/check-ins/${id}/review`, { approval: "declined", note: " " });
    expect(bare.status).toBe(400);
    expect(bare.body.data).toMatchObject({ fieldCodes: { note: [{ code: "validation.checkInDeclineNote" }] } });
    const r = await provider.put(`/api/v1/check-ins/${id}/review`, { approval: "declined", note: "Please book a video visit first." });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("checkIns.declined");
    const seen = await clients.get("patients")!.get<{ checkIn: CheckIn }>(`/api/v1/patient/check-ins/${id}`);
    expect(seen.body.data!.checkIn).toMatchObject({ status: "declined", reviewNote: "Please book a video visit first." });
  });
});

describe("bad input", () => {
  it("answers: 400 with each field's code, nothing saved", async () => {
    const id = await makeCheckIn(emma, false);
    const r = await clients.get("patients")!.post(`/api/v1/patient/check-ins/${id}/answer`, { currentWeightLb: "12", sideEffects: ["none", "nausea"], newMedications: "yes" });
    expect(r.status).toBe(400);
    expect(r.body.data).toMatchObject({
      fieldCodes: {
        currentWeightLb: [{ code: "validation.checkInWeight" }],
        sideEffects: [{ code: "validation.checkInNoneAlone" }],
        doseSatisfaction: [{ code: "validation.required" }],
        newMedicationsDetail: [{ code: "validation.required" }],
      },
    });
    expect((await clients.get("patients")!.post(`/api/v1/patient/check-ins/${id}/answer`, { ...ANSWERS, surprise: 1 })).status).toBe(400);
    const [row] = await db().select().from(schema.checkIns).where(eq(schema.checkIns.id, id));
    expect(row!.completedAt).toBeNull();
  });

  it("request: a due date is required, today up to a year ahead; a treatment must be the patient's", async () => {
    const nurse = clients.get("medicalSupportManagers")!;
    const path = `/api/v1/patient/${emma}/check-ins`;
    expect((await nurse.post(path, {})).body.data).toMatchObject({ fieldCodes: { dueOn: [{ code: "validation.required" }] } });
    expect((await nurse.post(path, { dueOn: "2001-01-01" })).body.data).toMatchObject({ fieldCodes: { dueOn: [{ code: "validation.checkInDueDate" }] } });
    expect((await nurse.post(path, { dueOn: "soon" })).body.data).toMatchObject({ fieldCodes: { dueOn: [{ code: "validation.invalid" }] } });
    const liamsTreatment = (await db().select({ id: schema.treatments.id }).from(schema.treatments).where(eq(schema.treatments.patientId, liam)).limit(1))[0]!.id;
    const foreign = await nurse.post(path, { dueOn: inAWeek(), treatmentId: liamsTreatment });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data).toMatchObject({ fieldCodes: { treatmentId: [{ code: "validation.invalid" }] } });
  });

  it("review: an approval is required", async () => {
    const id = await makeCheckIn(emma, true);
    const r = await clients.get("providers")!.put(`/api/v1/check-ins/${id}/review`, { approval: "maybe" });
    expect(r.status).toBe(400);
    expect(r.body.data).toMatchObject({ fieldCodes: { approval: [{ code: "validation.required" }] } });
  });
});

describe("requesting a check-in", () => {
  it("links the newest weight-loss treatment and its subscription, audits, and mails the patient in their language", async () => {
    await db().update(schema.users).set({ locale: "es-US" }).where(eq(schema.users.id, liam));
    const r = await clients.get("providers")!.post<{ checkIn: CheckIn }>(`/api/v1/patient/${liam}/check-ins`, { dueOn: inAWeek() });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("checkIns.requested");
    const checkIn = r.body.data!.checkIn;
    expect(checkIn).toMatchObject({ status: "requested", patient: { id: liam }, completedAt: null, can: { answer: false, review: false } });
    expect(checkIn.dueAt!.slice(0, 10)).toBe(inAWeek());
    expect(checkIn.questions.map((q) => q.key)).toContain("currentWeightLb");
    const [wl] = await db().select({ id: schema.treatments.id }).from(schema.treatments).where(and(eq(schema.treatments.patientId, liam), eq(schema.treatments.sectionType, 1))).orderBy(desc(schema.treatments.id)).limit(1);
    expect(checkIn.treatmentId).toBe(wl?.id ?? null);
    expect(await lastAudit("check_in.request")).toMatchObject({ entityId: String(checkIn.id), patientId: liam });
    await mailSettled();
    const [mail] = await db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, "patient2@demo.test")).orderBy(desc(schema.emailOutbox.id)).limit(1);
    expect(mail!.subject).toBe("Su control está listo");
    expect(mail!.textBody).toContain(`/patient/check-ins/${checkIn.id}`);
    await db().update(schema.users).set({ locale: "en-US" }).where(eq(schema.users.id, liam));
  });
});

describe("lists", () => {
  it("the patient's list is newest first and cursor-paged", async () => {
    const patient = clients.get("patients")!;
    const first = await patient.get<CheckIn[]>("/api/v1/patient/check-ins?perPage=2");
    const pages = first.body.pages as unknown as { hasMore: boolean; nextCursor: string };
    expect(first.body.data!).toHaveLength(2);
    expect(first.body.data![0]!.id).toBeGreaterThan(first.body.data![1]!.id);
    expect(pages.hasMore).toBe(true);
    const second = await patient.get<CheckIn[]>(`/api/v1/patient/check-ins?perPage=2&cursor=${pages.nextCursor}`);
    expect(second.body.data![0]!.id).toBeLessThan(first.body.data![1]!.id);
    expect((await patient.get("/api/v1/patient/check-ins?cursor=nonsense")).status).toBe(400);
  });

  it("the pending queue: answered and pending only, oldest answer first, cursor-paged, audited", async () => {
    const manager = clients.get("providers")!;
    const all: CheckIn[] = [];
    let cursor = "";
    for (let i = 0; i < 20; i++) {
      const r = await manager.get<CheckIn[]>(`/api/v1/check-ins/pending?perPage=5${cursor ? `&cursor=${cursor}` : ""}`);
      expect(r.status).toBe(200);
      all.push(...r.body.data!);
      const pages = r.body.pages as unknown as { nextCursor: string | null };
      if (!pages.nextCursor) break;
      cursor = pages.nextCursor;
    }
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((x) => x.status === "answered" && x.can.review)).toBe(true);
    const times = all.map((x) => x.completedAt!);
    expect([...times].sort()).toEqual(times);
    expect(new Set(all.map((x) => x.id)).size).toBe(all.length);
    expect(await lastAudit("checkIns.pending")).toMatchObject({ actorRole: "providers" });
    expect((await manager.get("/api/v1/check-ins/pending?cursor=bad")).status).toBe(400);
  });

  it("the demo seed gives the demo patient one due, one waiting and one approved check-in", async () => {
    const rows = await db().select().from(schema.checkIns).where(eq(schema.checkIns.patientId, emma)).orderBy(schema.checkIns.id).limit(3);
    expect(rows.map((r) => [r.completedAt === null, r.approval])).toEqual([
      [false, "approved"],
      [false, "pending"],
      [true, "pending"],
    ]);
  });
});

describe("the renewal rule", () => {
  it("a renewal waits for a check-in approved since the last renewal", async () => {
    const [sub] = await db().select({ id: schema.subscriptions.id, patientId: schema.subscriptions.patientId }).from(schema.subscriptions).limit(1);
    const since = new Date();
    expect((await renewalMayProceed(db(), sub!.id, since)).ok).toBe(false);
    const [row] = await db()
      .insert(schema.checkIns)
      .values({ patientId: sub!.patientId, subscriptionId: sub!.id, completedAt: new Date(), answers: ANSWERS, approval: "approved", reviewedAt: new Date(since.getTime() + 1000) })
      .returning({ id: schema.checkIns.id });
    expect((await latestApprovedCheckIn(db(), sub!.id))!.id).toBe(row!.id);
    expect(await renewalMayProceed(db(), sub!.id, since)).toEqual({ ok: true, checkInId: row!.id });
    expect((await renewalMayProceed(db(), sub!.id, new Date(since.getTime() + 60_000))).ok).toBe(false);
  });
});
