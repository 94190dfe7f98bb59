/**
 * The patient record (issue 13, H2): every new call × every role and a guest with the exact status, a patient the
 * caller may not see (a provider's patient of someone else) answering 404 like an unknown id, malformed input 400,
 * the profile update all or nothing, the treatment status machine's 409, and the audit rows of reads and changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import { patientAnswerSchema, patientRecordSchema, patientOrderSchema, patientUploadSchema, patientWeightsSchema, type PatientOverview } from "../../api/contract/patients.ts";
import { treatmentsListSchema, type TreatmentDetail } from "../../api/contract/treatments.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let emma = 0; // patient@demo.test: the demo provider's patient (every staff role sees her)
let stranger = 0; // a patient the demo provider (providerUsers) may not see
let providerUser = 0;
let strangerTreatment = 0;
let emmaUpload = 0;

const db = () => api.database.db;
async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  emma = await idOf(LOGINS.patients);
  providerUser = await idOf(LOGINS.providerUsers);
  const candidates = await db().select({ id: schema.patients.userId }).from(schema.patients).orderBy(schema.patients.userId).limit(60);
  for (const c of candidates) {
    if (!(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, c.id))) {
      const [t] = await db().select({ id: schema.treatments.id }).from(schema.treatments).where(eq(schema.treatments.patientId, c.id)).limit(1);
      if (!t) continue;
      stranger = c.id;
      strangerTreatment = t.id;
      break;
    }
  }
  emmaUpload = (await db().select({ id: schema.uploads.id }).from(schema.uploads).where(eq(schema.uploads.patientId, emma)).limit(1))[0]!.id;
});
afterAll(() => api?.close());

/** Reads of the record, for any patient id. */
const READS = (id: number) => [
  `/api/v1/patient/${id}`,
  `/api/v1/patient/${id}/records`,
  `/api/v1/patient/${id}/orders`,
  `/api/v1/patient/${id}/uploads`,
  `/api/v1/patient/${id}/weights`,
  `/api/v1/treatments-v2?patientId=${id}`,
  `/api/v1/treatments-v2/latest-approved?patientId=${id}`,
];

describe("who may call", () => {
  const keys = Object.keys(permissions).filter((k) => /patient|treatments/.test(k)) as EndpointKey[];
  it("the record's reads answer 200 to every staff role, 403 to a patient, 401 to a guest", async () => {
    for (const role of ROLES) {
      const expected = role === "guest" ? 401 : role === "patients" ? 403 : 200;
      for (const path of READS(emma)) expect((await clients.get(role)!.get(path)).status, `${role} ${path}`).toBe(expected);
    }
  });
  it("treatment changes: clinical roles only (customer support 403)", async () => {
    const [t] = await db().select({ id: schema.treatments.id, providerId: schema.treatments.providerId }).from(schema.treatments).where(eq(schema.treatments.patientId, emma)).limit(1);
    for (const role of ROLES) {
      const allowed = (permissions["PUT /api/v1/treatments/:id/assign-provider"].roles as readonly Role[]).includes(role);
      const r = await clients.get(role)!.put(`/api/v1/treatments/${t!.id}/assign-provider`, { providerId: t!.providerId });
      expect(r.status, role).toBe(allowed ? 200 : role === "guest" ? 401 : 403);
    }
    expect(keys.length).toBeGreaterThanOrEqual(12);
  });
});

describe("a patient the caller may not see is a 404, like an unknown id", () => {
  it("found a patient outside the demo provider's access", () => {
    expect(stranger).toBeGreaterThan(0);
  });
  it("every read and change, as the demo provider (providerUsers)", async () => {
    const provider = clients.get("providerUsers")!;
    for (const path of READS(stranger)) expect((await provider.get(path)).status, path).toBe(404);
    expect((await provider.get(`/api/v1/treatments-v2/${strangerTreatment}`)).status).toBe(404);
    expect((await provider.put(`/api/v1/treatments/${strangerTreatment}/assign-provider`, { providerId: providerUser })).status).toBe(404);
    expect((await provider.put(`/api/v1/treatments/${strangerTreatment}/update-status`, { reviewStatus: "cancelled" })).status).toBe(404);
    expect((await provider.post(`/api/v2/patients/${stranger}/update`, { firstName: "Mallory" })).status).toBe(404);
    expect((await provider.post("/api/v1/patient/update-status", { patientId: stranger, statusKey: "active" })).status).toBe(404);
    // The same answer as an id nobody has.
    const unknown = await provider.get("/api/v1/patient/2147483647");
    const hidden = await provider.get(`/api/v1/patient/${stranger}`);
    expect(hidden.body).toEqual(unknown.body);
    // Nothing changed.
    const [u] = await db().select({ firstName: schema.users.firstName }).from(schema.users).where(eq(schema.users.id, stranger));
    expect(u!.firstName).not.toBe("Mallory");
  });
  it("the clinic-wide manager sees the same patient", async () => {
    expect((await clients.get("providers")!.get(`/api/v1/patient/${stranger}`)).status).toBe(200);
  });
  it("unknown, malformed and non-patient ids are 404", async () => {
    const nurse = clients.get("medicalSupport")!;
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999", String(providerUser)]) {
      expect((await nurse.get(`/api/v1/patient/${id}`)).status, id).toBe(404);
      expect((await nurse.get(`/api/v1/patient/${id}/records`)).status, id).toBe(404);
    }
  });
});

describe("malformed queries and bodies are 400 with field errors", () => {
  it("treatments-v2 without a patient id, records with a bad page", async () => {
    const nurse = clients.get("medicalSupport")!;
    const missing = await nurse.get<{ fieldCodes: Record<string, unknown> }>("/api/v1/treatments-v2");
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data!.fieldCodes)).toEqual(["patientId"]);
    expect((await nurse.get("/api/v1/treatments-v2/latest-approved?patientId=abc")).status).toBe(400);
    expect((await nurse.get(`/api/v1/patient/${emma}/records?page=abc`)).status).toBe(400);
    expect((await nurse.get(`/api/v1/patient/${emma}/records?type=chart`)).status).toBe(400);
    expect((await nurse.get(`/api/v1/patient/${emma}/uploads?category=9`)).status).toBe(400);
    const status = await nurse.post<{ fieldCodes: Record<string, unknown> }>("/api/v1/patient/update-status", { patientId: emma, statusKey: "sleeping" });
    expect(status.status).toBe(400);
    expect(Object.keys(status.body.data!.fieldCodes)).toEqual(["statusKey"]);
  });
});

describe("GET /api/v1/patient/{id}: the overview", () => {
  it("answers the §3 text catalogue with image URLs and the §4 status label, and audits the read", async () => {
    const r = await clients.get("medicalSupport")!.get<{ patient: PatientOverview }>(`/api/v1/patient/${emma}`);
    expect(r.status).toBe(200);
    const { patient } = patientAnswerSchema.parse(r.body.data);
    expect(patient).toMatchObject({ id: emma, fullName: "Emma Carter", dateOfBirth: "1988-04-17", gender: "female", heightInches: 65, weightStart: 212, weightGoal: 160, statusKey: "active", statusLabel: "Active", status: 1, planStatus: "active" });
    expect(patient.shippingAddress?.addressLine1).toBe("1250 Market St");
    expect(patient.billingAddress?.addressLine1).toBe("77 Howard St");
    for (const image of [patient.idPhoto, patient.selfie, patient.insuranceCardFront, patient.insuranceCardBack]) {
      expect(image?.url).toMatch(new RegExp(`^/api/v1/patient/${emma}/uploads/\\d+/file$`));
    }
    expect(patient.treatmentStatus).toBeTruthy();
    const audits = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "patient.read"), eq(schema.auditEvents.patientId, emma)));
    expect(audits.length).toBeGreaterThan(0);
    expect(audits[audits.length - 1]!.actorRole).toBe("medicalSupport");
  });

  it("an image is served to staff allowed on the patient only, never cached", async () => {
    const url = `/api/v1/patient/${emma}/uploads/${emmaUpload}/file`;
    const r = await clients.get("customerSupport")!.request("HEAD", url);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.headers.get("content-type")).toMatch(/^image\//);
    const [other] = await db().select({ id: schema.uploads.id }).from(schema.uploads).where(sql`${schema.uploads.patientId} <> ${emma}`).limit(1);
    // Another patient's upload under Emma's id: 404.
    expect((await clients.get("customerSupport")!.request("HEAD", `/api/v1/patient/${emma}/uploads/${other!.id}/file`)).status).toBe(404);
    expect((await clients.get("patients")!.request("HEAD", url)).status).toBe(403);
  });
});

describe("the tabs' reads", () => {
  it("records, orders, uploads, weights and treatments have rows for the demo patient, each read audited", async () => {
    const nurse = clients.get("medicalSupportManagers")!;
    const records = await nurse.get<unknown[]>(`/api/v1/patient/${emma}/records`);
    const parsed = records.body.data!.map((x) => patientRecordSchema.parse(x));
    expect(parsed.some((x) => x.type === "visit")).toBe(true);
    expect(parsed.some((x) => x.type === "note" && x.kind === "nurse")).toBe(true);
    expect(records.body.pages!.totalCount).toBe(parsed.length);
    const visits = await nurse.get<{ type: string }[]>(`/api/v1/patient/${emma}/records?type=visit`);
    expect(visits.body.data!.every((x) => x.type === "visit")).toBe(true);
    const orders = await nurse.get<unknown[]>(`/api/v1/patient/${emma}/orders`);
    const o = orders.body.data!.map((x) => patientOrderSchema.parse(x));
    expect(o.some((x) => x.trackingUrl && x.items.length > 0)).toBe(true);
    const uploads = await nurse.get<unknown[]>(`/api/v1/patient/${emma}/uploads`);
    const u = uploads.body.data!.map((x) => patientUploadSchema.parse(x));
    expect(new Set(u.map((x) => x.category))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(u.map((x) => x.visibility))).toEqual(new Set([0, 1]));
    expect(new Set(u.map((x) => x.status))).toEqual(new Set(["for_review", "completed"]));
    const weights = patientWeightsSchema.parse((await nurse.get(`/api/v1/patient/${emma}/weights`)).body.data);
    expect(weights.weights.length).toBeGreaterThanOrEqual(5);
    // The intake weight (the journeys seed adds two years of monthly weights before it: api/db/seed/journeys.ts).
    expect(weights.weights.find((w) => w.source === "intake")!.weightLb).toBe(212);
    const list = treatmentsListSchema.parse((await nurse.get(`/api/v1/treatments-v2?patientId=${emma}`)).body.data);
    expect(list.treatments.length).toBeGreaterThanOrEqual(3);
    expect(list.treatments.some((t) => t.subscription && t.subscription.items.length > 0)).toBe(true);
    const latest = await nurse.get<{ treatment: TreatmentDetail | null }>(`/api/v1/treatments-v2/latest-approved?patientId=${emma}`);
    expect(latest.body.data!.treatment?.reviewStatus).toBe("approved");
    const actions = (await db().select({ action: schema.auditEvents.action }).from(schema.auditEvents).where(and(eq(schema.auditEvents.patientId, emma), eq(schema.auditEvents.actorRole, "medicalSupportManagers")))).map((a) => a.action);
    for (const action of ["patient.records.read", "patient.orders.read", "patient.uploads.read", "patient.weights.read", "treatments.list", "treatments.latestApproved.read"]) {
      expect(actions, action).toContain(action);
    }
  });
});

describe("POST /api/v2/patients/{id}/update", () => {
  it("is all or nothing: one bad field saves none, and every bad field is named", async () => {
    const support = clients.get("customerSupport")!;
    const r = await support.post<{ fieldCodes: Record<string, { code: string }[]> }>(`/api/v2/patients/${emma}/update`, { firstName: "Emmy", dateOfBirth: "2015-01-01", heightInches: "9", weightGoal: "abc", lastName: "" });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data!.fieldCodes).sort()).toEqual(["dateOfBirth", "heightInches", "lastName", "weightGoal"]);
    expect(r.body.data!.fieldCodes.dateOfBirth![0]!.code).toBe("validation.dateOfBirth.underage");
    const [u] = await db().select({ firstName: schema.users.firstName }).from(schema.users).where(eq(schema.users.id, emma));
    expect(u!.firstName).toBe("Emma");
  });
  it("refuses an email another user has", async () => {
    const r = await clients.get("customerSupport")!.post(`/api/v2/patients/${emma}/update`, { email: LOGINS.providers });
    expect(r.status).toBe(400);
  });
  it("saves every field, recomputes the BMI, and writes an audit row naming the fields", async () => {
    const nurse = clients.get("medicalSupport")!;
    const r = await nurse.post<{ patient: PatientOverview }>(`/api/v2/patients/${stranger}/update`, {
      firstName: "Ana María", lastName: "O'Neil", dateOfBirth: "04/17/1980", gender: "female", heightInches: "64", weightStart: "220", weightCurrent: "200", weightGoal: "170", phone: "(415) 555-0199",
    });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("patients.updated");
    expect(r.body.data!.patient).toMatchObject({ fullName: "Ana María O'Neil", dateOfBirth: "1980-04-17", heightInches: 64, weightCurrent: 200, phone: "+14155550199", bmiCurrent: 34.3 });
    const [audit] = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "patient.update"), eq(schema.auditEvents.patientId, stranger)));
    expect(audit!.meta).toMatchObject({ fields: expect.stringContaining("dateOfBirth") });
    expect(JSON.stringify(audit!.meta)).not.toContain("Ana");
  });
});

describe("POST /api/v1/patient/update-status", () => {
  it("sets the string status and its numeric code, audited", async () => {
    const r = await clients.get("customerSupportManagers")!.post<{ status: number; statusKey: string }>("/api/v1/patient/update-status", { patientId: stranger, statusKey: "on_pause" });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ patientId: stranger, status: 19, statusKey: "on_pause" });
    const [p] = await db().select().from(schema.patients).where(eq(schema.patients.userId, stranger));
    expect([p!.status, p!.statusKey]).toEqual([19, "on_pause"]);
    const audits = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "patient.status.update"), eq(schema.auditEvents.patientId, stranger)));
    expect(audits.length).toBe(1);
  });
});

describe("treatments: assign provider and update status", () => {
  it("assigns an active provider, refuses anyone else, and audits", async () => {
    const manager = clients.get("providers")!;
    const bad = await manager.put(`/api/v1/treatments/${strangerTreatment}/assign-provider`, { providerId: await idOf(LOGINS.customerSupport) });
    expect(bad.status).toBe(400);
    const r = await manager.put<{ treatment: TreatmentDetail }>(`/api/v1/treatments/${strangerTreatment}/assign-provider`, { providerId: providerUser });
    expect(r.status).toBe(200);
    expect(r.body.data!.treatment.provider?.id).toBe(providerUser);
    // Now the demo provider sees that patient.
    expect((await clients.get("providerUsers")!.get(`/api/v1/patient/${stranger}`)).status).toBe(200);
    const audits = await db().select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "treatment.assignProvider"), eq(schema.auditEvents.entityId, String(strangerTreatment))));
    expect(audits.length).toBe(1);
  });
  it("follows the state machine: an allowed change is 200, a refused one 409 with its code, nothing saved", async () => {
    const nurse = clients.get("medicalSupport")!;
    const [t] = await db().select().from(schema.treatments).where(eq(schema.treatments.id, strangerTreatment));
    const path = `/api/v1/treatments/${strangerTreatment}/update-status`;
    // Bring it to pending first (cancel, then reopen, as the machine allows).
    if (t!.reviewStatus === "approved") expect((await nurse.put(path, { reviewStatus: "cancelled" })).status).toBe(200);
    if (t!.reviewStatus !== "pending") expect((await nurse.put(path, { reviewStatus: "pending" })).status).toBe(200);
    const approved = await nurse.put<{ treatment: TreatmentDetail }>(path, { reviewStatus: "approved" });
    expect(approved.status).toBe(200);
    expect(approved.body.data!.treatment.nextStatuses).toEqual(["cancelled"]);
    const refused = await nurse.put(path, { reviewStatus: "declined" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "treatments.transitionRefused", params: { from: "approved", to: "declined" } });
    const [after] = await db().select().from(schema.treatments).where(eq(schema.treatments.id, strangerTreatment));
    expect(after!.reviewStatus).toBe("approved");
    expect((await nurse.put(path, { reviewStatus: "bogus" })).status).toBe(400);
  });
});
