/**
 * The patient's progress (issue 18; api/routes/progress.ts, contract api/contract/progress.ts): each call × role,
 * object-level refusals (a patient reaches only their own; staff only patients they may see: 404), logging a weight
 * (it becomes the current weight and BMI, a milestone is reached, audited), bad input (out of range, future, too old:
 * each with its message, nothing stored).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { progressSchema, type Progress } from "../../api/contract/progress.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
let patient: Client;
let emma = 0;
let stranger = 0;
const db = () => api.database.db;
const today = () => new Date().toISOString().slice(0, 10);
const entriesOf = async (id: number) => (await db().select().from(schema.weightEntries).where(eq(schema.weightEntries.patientId, id))).length;

beforeAll(async () => {
  api = await startTestApi();
  patient = await signedIn(api.url, "patients");
  emma = (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.patients)))[0]!.id;
  const providerUser = (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.providerUsers)))[0]!.id;
  for (const c of await db().select({ id: schema.patients.userId }).from(schema.patients).orderBy(schema.patients.userId).limit(80)) {
    if (!(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, c.id))) {
      stranger = c.id;
      break;
    }
  }
});
afterAll(() => api?.close());

describe("GET /api/v1/patient/progress", () => {
  it("the demo patient's weights oldest first, start / current / goal, BMI and milestones", async () => {
    const r = await patient.get("/api/v1/patient/progress");
    expect(r.status).toBe(200);
    const p = progressSchema.parse(r.body.data);
    expect(p.weights.length).toBeGreaterThanOrEqual(5);
    expect(p.weights.map((w) => w.measuredOn)).toEqual([...p.weights.map((w) => w.measuredOn)].sort());
    expect(p.weightCurrent).toBe(p.weights.at(-1)!.weightLb);
    expect(p.weightGoal).not.toBeNull();
    expect(p.bmiCurrent).not.toBeNull();
    expect(p.milestones.at(-1)).toMatchObject({ goal: true, targetLb: p.weightGoal });
  });

  it("staff get 403, a guest 401; the patient's own read writes no audit row", async () => {
    for (const role of ["providers", "medicalSupport", "customerSupport"] as const) {
      expect((await (await signedIn(api.url, role)).get("/api/v1/patient/progress")).status, role).toBe(403);
    }
    expect((await (await signedIn(api.url, "guest")).get("/api/v1/patient/progress")).status).toBe(401);
    const reads = await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "patient.progress.read"));
    expect(reads.filter((a) => a.actorId === emma)).toEqual([]);
  });
});

describe("POST /api/v1/patient/progress/weights", () => {
  it("logs a weight: the current weight and BMI follow, a milestone is reached, audited", async () => {
    const before = progressSchema.parse((await patient.get("/api/v1/patient/progress")).body.data);
    const goal = before.weightGoal!;
    const r = await patient.post<Progress>("/api/v1/patient/progress/weights", { weightLb: goal - 0.44, measuredOn: today() });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("progress.weightLogged");
    const p = progressSchema.parse(r.body.data);
    expect(p.weights.length).toBe(before.weights.length + 1);
    expect(p.weightCurrent).toBe(Math.round((goal - 0.44) * 10) / 10);
    expect(p.milestones.at(-1)!.reachedOn).toBe(today());
    const [row] = await db().select().from(schema.patients).where(eq(schema.patients.userId, emma));
    expect(row!.weightCurrent).toBe(p.weightCurrent);
    expect(row!.bmiCurrent).toBe(p.bmiCurrent);
    const [audit] = await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "progress.weight.log")).orderBy(desc(schema.auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ actorId: emma, patientId: emma, entityType: "weight_entry" });
  });

  it("an older date is kept in the history without changing the current weight", async () => {
    const before = progressSchema.parse((await patient.get("/api/v1/patient/progress")).body.data);
    const old = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 10);
    const p = progressSchema.parse((await patient.post("/api/v1/patient/progress/weights", { weightLb: 260, measuredOn: old })).body.data);
    expect(p.weights[0]!.measuredOn).toBe(old);
    expect(p.weightCurrent).toBe(before.weightCurrent);
  });

  it("bad input: out of range, in the future, too old, not a date — each its message, nothing stored", async () => {
    const count = await entriesOf(emma);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ weightLb: 49, measuredOn: today() }, "weightLb", "validation.progressWeight"],
      [{ weightLb: 1001, measuredOn: today() }, "weightLb", "validation.progressWeight"],
      [{ weightLb: "heavy", measuredOn: today() }, "weightLb", "validation.invalid"],
      [{ measuredOn: today() }, "weightLb", "validation.required"],
      [{ weightLb: 180, measuredOn: tomorrow }, "measuredOn", "validation.progressDateFuture"],
      [{ weightLb: 180, measuredOn: "2001-01-01" }, "measuredOn", "validation.progressDateTooOld"],
      [{ weightLb: 180, measuredOn: "2026-02-30" }, "measuredOn", "validation.invalid"],
    ];
    for (const [body, field, code] of cases) {
      const r = await patient.post<{ fieldCodes: Record<string, { code: string }[]>; errors: Record<string, string[]> }>("/api/v1/patient/progress/weights", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data!.fieldCodes[field]![0]!.code, JSON.stringify(body)).toBe(code);
      expect(r.body.data!.errors[field]![0]).not.toMatch(/^validation\./);
    }
    expect((await patient.post("/api/v1/patient/progress/weights", { weightLb: 180, measuredOn: today(), patientId: stranger })).status).toBe(400);
    expect(await entriesOf(emma)).toBe(count);
  });

  it("staff get 403, a guest 401, without the CSRF token 403", async () => {
    for (const role of ["providers", "medicalSupport"] as const) {
      expect((await (await signedIn(api.url, role)).post("/api/v1/patient/progress/weights", { weightLb: 180, measuredOn: today() })).status, role).toBe(403);
    }
    expect((await (await signedIn(api.url, "guest")).post("/api/v1/patient/progress/weights", { weightLb: 180, measuredOn: today() })).status).toBe(401);
    expect((await patient.post("/api/v1/patient/progress/weights", { weightLb: 180, measuredOn: today() }, { csrf: false })).status).toBe(403);
  });
});

describe("GET /api/v1/patient/{patientId}/progress (staff)", () => {
  it("every staff role reads a patient they may see, the same answer as the patient's, audited", async () => {
    const own = progressSchema.parse((await patient.get("/api/v1/patient/progress")).body.data);
    for (const role of ["providers", "providerUsers", "medicalSupport", "medicalSupportManagers", "customerSupport", "customerSupportManagers"] as const) {
      const r = await (await signedIn(api.url, role)).get(`/api/v1/patient/${emma}/progress`);
      expect(r.status, role).toBe(200);
      expect(progressSchema.parse(r.body.data)).toEqual(own);
    }
    const [audit] = await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "patient.progress.read")).orderBy(desc(schema.auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ patientId: emma });
  });

  it("a patient they may not see, an unknown or malformed id: 404; patients 403", async () => {
    const provider = await signedIn(api.url, "providerUsers");
    expect(stranger).toBeGreaterThan(0);
    for (const id of [stranger, 2147483647, "abc"]) expect((await provider.get(`/api/v1/patient/${id}/progress`)).status, String(id)).toBe(404);
    expect((await patient.get(`/api/v1/patient/${emma}/progress`)).status).toBe(403);
  });
});
