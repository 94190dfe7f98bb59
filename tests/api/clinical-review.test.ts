/**
 * The clinical review's steps (issue 14, H2; api/routes/clinical-review.ts): every new call × every role and a guest
 * with the exact status, foreign ids 404 like unknown ones, bad input 400 with field codes (prescription instructions
 * required, message cannot be empty), refused prescriptions 409 (not approved, out of state), the audit rows, and the
 * informed patient's message read back through GET /api/v1/chats/messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let emma = 0;
let liam = 0;
let approved = 0; // Emma's approved treatment with a product
let liamTreatment = 0; // Liam's (pending) treatment
let stranger = 0;
let strangerTreatment = 0;
let providerUser = 0;

const db = () => api.database.db;
async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}
const lastAudit = async (action: string) =>
  (await db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, action)).orderBy(desc(schema.auditEvents.id)).limit(1))[0];

const RECORD = {
  visitType: "video",
  recordForm: { chiefComplaint: "Weight management", assessment: "Good candidate", plan: "Start the lowest dose", notes: "Discussed side effects", allergies: ["penicillin", "peanut"], bloodPressure: "120/80", heartRate: "72", followUpWeeks: "4", labsOrdered: true },
};
const RX = { diagnosisCode: "E66.9", instructions: "Inject 0.25 mg once weekly.", unitsDose: "0.25 mg weekly", dosageCycle: ["0.25mg", "0.5mg"] };

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  emma = await idOf(LOGINS.patients);
  liam = await idOf("patient2@demo.test");
  providerUser = await idOf(LOGINS.providerUsers);
  approved = (
    await db()
      .select({ id: schema.treatments.id })
      .from(schema.treatments)
      .innerJoin(schema.products, eq(schema.products.id, schema.treatments.productId))
      .where(and(eq(schema.treatments.patientId, emma), eq(schema.treatments.reviewStatus, "approved"), eq(schema.products.requiresPrescription, true)))
      .orderBy(schema.treatments.id)
      .limit(1)
  )[0]!.id;
  liamTreatment = (await db().select({ id: schema.treatments.id }).from(schema.treatments).where(eq(schema.treatments.patientId, liam)).orderBy(schema.treatments.id).limit(1))[0]!.id;
  const candidates = await db().select({ id: schema.patients.userId }).from(schema.patients).orderBy(schema.patients.userId).limit(80);
  for (const c of candidates) {
    if (await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, c.id)) continue;
    const [t] = await db().select({ id: schema.treatments.id }).from(schema.treatments).where(eq(schema.treatments.patientId, c.id)).limit(1);
    if (!t) continue;
    stranger = c.id;
    strangerTreatment = t.id;
    break;
  }
});
afterAll(() => api?.close());

const status = (role: Role, key: EndpointKey) => ((permissions[key].roles as readonly Role[]).includes(role) ? 200 : role === "guest" ? 401 : 403);

describe("who may call", () => {
  it("every call answers each role and a guest with the exact status", async () => {
    const prescriptionId = (await db().select({ id: schema.prescriptions.id }).from(schema.prescriptions).where(eq(schema.prescriptions.patientId, emma)).limit(1))[0]!.id;
    const chatId = (await db().select({ id: schema.chats.id }).from(schema.chats).where(eq(schema.chats.patientId, emma)).limit(1))[0]!.id;
    for (const role of ROLES) {
      const c = clients.get(role)!;
      const base = `/api/v1/patient/${emma}/treatment/${approved}`;
      expect((await c.post(`${base}/record`, RECORD)).status, `${role} record`).toBe(status(role, "POST /api/v1/patient/:patientId/treatment/:treatmentId/record"));
      expect((await c.get("/api/v1/allergies?q=pen")).status, `${role} allergies`).toBe(status(role, "GET /api/v1/allergies"));
      expect((await c.post(`${base}/notes`, { body: "Checked in." })).status, `${role} notes`).toBe(status(role, "POST /api/v1/patient/:patientId/treatment/:treatmentId/notes"));
      expect((await c.get(`/api/v1/treatments/${approved}/prescription`)).status, `${role} context`).toBe(status(role, "GET /api/v1/treatments/:id/prescription"));
      const variantId = (await db().select({ v: schema.prescriptions.variantId }).from(schema.prescriptions).where(and(eq(schema.prescriptions.treatmentId, approved), isNull(schema.prescriptions.supersededAt))))[0]!.v;
      expect((await c.put(`/api/v2/treatments/${approved}/update-dosage-instruction`, { ...RX, variantId })).status, `${role} rx`).toBe(status(role, "PUT /api/v2/treatments/:id/update-dosage-instruction"));
      expect((await c.get(`/api/v1/prescriptions/${prescriptionId}`)).status, `${role} print`).toBe(status(role, "GET /api/v1/prescriptions/:id"));
      expect((await c.get(`/api/v1/message-templates?treatmentId=${approved}`)).status, `${role} templates`).toBe(status(role, "GET /api/v1/message-templates"));
      expect((await c.post(`${base}/inform`, { message: "Hello from the matrix." })).status, `${role} inform`).toBe(status(role, "POST /api/v1/patient/:patientId/treatment/:treatmentId/inform"));
      expect((await c.get(`/api/v1/chats/messages?chatId=${chatId}`)).status, `${role} messages`).toBe(status(role, "GET /api/v1/chats/messages"));
    }
  });
});

describe("foreign and unknown ids answer 404", () => {
  it("a patient the provider may not see, a treatment of another patient, unknown ids", async () => {
    expect(stranger).toBeGreaterThan(0);
    const p = clients.get("providerUsers")!;
    for (const [path, body] of [
      [`/api/v1/patient/${stranger}/treatment/${strangerTreatment}/record`, RECORD],
      [`/api/v1/patient/${stranger}/treatment/${strangerTreatment}/inform`, { message: "Hi" }],
      [`/api/v1/patient/${emma}/treatment/${liamTreatment}/record`, RECORD],
      [`/api/v1/patient/${emma}/treatment/999999/notes`, { body: "x" }],
      [`/api/v1/patient/999999/treatment/${approved}/notes`, { body: "x" }],
    ] as const) {
      expect((await p.post(path, body)).status, path).toBe(404);
    }
    expect((await p.get(`/api/v1/treatments/${strangerTreatment}/prescription`)).status).toBe(404);
    expect((await p.get(`/api/v1/message-templates?treatmentId=${strangerTreatment}`)).status).toBe(404);
    expect((await p.get("/api/v1/prescriptions/999999")).status).toBe(404);
    const strangerChat = (await db().select({ id: schema.chats.id }).from(schema.chats).where(eq(schema.chats.patientId, stranger)).limit(1))[0];
    if (strangerChat) expect((await p.get(`/api/v1/chats/messages?chatId=${strangerChat.id}`)).status).toBe(404);
    // A patient reads only their own chats.
    const liamChat = (await db().select({ id: schema.chats.id }).from(schema.chats).where(eq(schema.chats.patientId, liam)).limit(1))[0];
    if (liamChat) expect((await clients.get("patients")!.get(`/api/v1/chats/messages?chatId=${liamChat.id}`)).status).toBe(404);
  });
});

describe("record a visit", () => {
  it("writes the record, audits it, and the visits tab's call reads it", async () => {
    const r = await clients.get("providerUsers")!.post<{ record: { id: number; recordForm: Record<string, unknown> } }>(`/api/v1/patient/${emma}/treatment/${approved}/record`, RECORD);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("visits.recorded");
    expect(r.body.data!.record.recordForm).toMatchObject({ chiefComplaint: "Weight management", allergies: ["penicillin", "peanut"], heartRate: 72, followUpWeeks: 4, labsOrdered: true });
    const audit = await lastAudit("visit.record");
    expect(audit).toMatchObject({ patientId: emma, actorId: providerUser, entityType: "visit_record", entityId: String(r.body.data!.record.id) });
    const records = await clients.get("providerUsers")!.get<{ id: number }[]>(`/api/v1/patient/${emma}/records?kind=visit`);
    expect(records.body.data!.map((x) => x.id)).toContain(r.body.data!.record.id);
  });
  it("bad input is a 400 with field codes", async () => {
    const p = clients.get("providers")!;
    const r = await p.post(`/api/v1/patient/${emma}/treatment/${approved}/record`, { visitType: "teleport", recordForm: { chiefComplaint: " ", assessment: "", plan: "x", allergies: ["kryptonite"], bloodPressure: "high" } });
    expect(r.status).toBe(400);
    const codes = (r.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes;
    expect(codes.visitType![0]!.code).toBe("validation.visitType");
    expect(codes["recordForm.chiefComplaint"]![0]!.code).toBe("validation.required");
    expect(codes["recordForm.assessment"]![0]!.code).toBe("validation.required");
    expect(codes["recordForm.bloodPressure"]![0]!.code).toBe("validation.bloodPressure");
    const unknownAllergy = await p.post(`/api/v1/patient/${emma}/treatment/${approved}/record`, { ...RECORD, recordForm: { ...RECORD.recordForm, allergies: ["kryptonite"] } });
    expect(unknownAllergy.status).toBe(400);
    expect((unknownAllergy.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes["recordForm.allergies.0"]![0]!.code).toBe("validation.allergy");
    const badProvider = await p.post(`/api/v1/patient/${emma}/treatment/${approved}/record`, { ...RECORD, providerId: emma });
    expect(badProvider.status).toBe(400);
  });
});

describe("allergies", () => {
  it("searches by prefix and word, in English and Spanish, accents ignored, limited", async () => {
    const c = clients.get("providerUsers")!;
    const names = async (q: string) => (await c.get<{ allergies: { id: string }[] }>(`/api/v1/allergies?q=${encodeURIComponent(q)}`)).body.data!.allergies.map((a) => a.id);
    expect((await names("pen"))[0]).toBe("penicillin");
    expect(await names("MANI")).toContain("peanut");
    expect(await names("nuts")).toContain("tree-nuts");
    expect(await names("")).toEqual([]);
    expect((await names("a")).length).toBeLessThanOrEqual(12);
  });
});

describe("record a note", () => {
  it("nurse notes for medical support, provider notes for clinicians; audited; empty is a 400", async () => {
    const nurse = await clients.get("medicalSupport")!.post<{ note: { id: number; kind: string } }>(`/api/v1/patient/${emma}/treatment/${approved}/notes`, { body: "Reviewed injection technique." });
    expect(nurse.status).toBe(200);
    expect(nurse.body.data!.note.kind).toBe("nurse");
    expect(await lastAudit("note.record")).toMatchObject({ patientId: emma, entityId: String(nurse.body.data!.note.id) });
    const provider = await clients.get("providerUsers")!.post<{ note: { kind: string } }>(`/api/v1/patient/${emma}/treatment/${approved}/notes`, { body: "Discussed titration." });
    expect(provider.body.data!.note.kind).toBe("provider");
    const empty = await clients.get("medicalSupport")!.post(`/api/v1/patient/${emma}/treatment/${approved}/notes`, { body: "   " });
    expect(empty.status).toBe(400);
    expect((empty.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes.body![0]!.code).toBe("validation.required");
  });
});

describe("prescriptions", () => {
  it("the step's context: medications, current prescription and history, license check, adapter", async () => {
    const r = await clients.get("providerUsers")!.get<{ medications: { variantId: number }[]; current: { id: number } | null; canPrescribe: { ok: boolean }; eprescribe: { provider: string; ssoUrl: string | null } }>(
      `/api/v1/treatments/${approved}/prescription`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data!.medications.length).toBeGreaterThan(0);
    expect(r.body.data!.current).not.toBeNull();
    expect(r.body.data!.canPrescribe.ok).toBe(true);
    expect(r.body.data!.eprescribe).toEqual({ provider: "local", configured: true, ssoUrl: null });
  });
  it("instructions are required (400 with the field code); an unknown diagnosis code and a foreign variant are refused", async () => {
    const p = clients.get("providerUsers")!;
    const variantId = (await db().select({ id: schema.productVariants.id }).from(schema.productVariants).innerJoin(schema.treatments, eq(schema.treatments.productId, schema.productVariants.productId)).where(eq(schema.treatments.id, approved)).limit(1))[0]!.id;
    const r = await p.put(`/api/v2/treatments/${approved}/update-dosage-instruction`, { ...RX, variantId, instructions: "  ", diagnosisCode: "X99" });
    expect(r.status).toBe(400);
    const codes = (r.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes;
    expect(codes.instructions![0]!.code).toBe("validation.instructionsRequired");
    expect(codes.diagnosisCode![0]!.code).toBe("validation.diagnosisCode");
    const otherVariant = (await db().select({ id: schema.productVariants.id }).from(schema.productVariants).where(sql`${schema.productVariants.productId} <> (select product_id from treatments where id = ${approved})`).limit(1))[0]!.id;
    const foreign = await p.put(`/api/v2/treatments/${approved}/update-dosage-instruction`, { ...RX, variantId: otherVariant });
    expect(foreign.status).toBe(400);
    expect((foreign.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes.variantId![0]!.code).toBe("validation.variant");
  });
  it("a change is a new row; the previous one is superseded; audited; the printable read answers it", async () => {
    const p = clients.get("providerUsers")!;
    const before = (await db().select().from(schema.prescriptions).where(and(eq(schema.prescriptions.treatmentId, approved), isNull(schema.prescriptions.supersededAt))))[0]!;
    const r = await p.put<{ prescription: { id: number; current: boolean; instructions: string; prescriber: { id: number } } }>(`/api/v2/treatments/${approved}/update-dosage-instruction`, { ...RX, variantId: before.variantId });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("prescriptions.saved");
    expect(r.body.data!.prescription).toMatchObject({ current: true, instructions: RX.instructions, prescriber: { id: providerUser } });
    const old = (await db().select().from(schema.prescriptions).where(eq(schema.prescriptions.id, before.id)))[0]!;
    expect(old.supersededAt).not.toBeNull();
    expect(await lastAudit("prescription.write")).toMatchObject({ patientId: emma, entityId: String(r.body.data!.prescription.id) });
    const printable = await p.get<{ prescription: { id: number }; patient: { fullName: string; address: string | null }; prescriberLicense: { state: string } | null }>(`/api/v1/prescriptions/${r.body.data!.prescription.id}`);
    expect(printable.status).toBe(200);
    expect(printable.body.data!.patient.fullName).toBe("Emma Carter");
    expect(printable.body.data!.prescriberLicense?.state).toBe("CA");
    expect(await lastAudit("prescription.read")).toMatchObject({ patientId: emma, actorId: providerUser });
  });
  it("a treatment that is not approved is a 409 with its code", async () => {
    const [pending] = await db()
      .select({ id: schema.treatments.id, patientId: schema.treatments.patientId, productId: schema.treatments.productId })
      .from(schema.treatments)
      .where(and(eq(schema.treatments.reviewStatus, "pending"), sql`${schema.treatments.productId} is not null`))
      .limit(1);
    const variantId = (await db().select({ id: schema.productVariants.id }).from(schema.productVariants).where(eq(schema.productVariants.productId, pending!.productId!)).limit(1))[0]!.id;
    const r = await clients.get("providers")!.put(`/api/v2/treatments/${pending!.id}/update-dosage-instruction`, { ...RX, variantId });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("prescriptions.notApproved");
  });
  it("a clinician not licensed in the patient's state is refused (409 licenses.outOfState)", async () => {
    // An approved treatment of a Texas patient, which the demo provider (expired TX license) is given access to.
    const [tx] = (
      (await db().execute(sql`select t.id, t.patient_id, t.product_id from treatments t join addresses a on a.user_id = t.patient_id and a.address_type = 'shipping'
        join products p on p.id = t.product_id
        where upper(a.administrative_area) = 'TX' and t.review_status = 'approved' order by t.id limit 1`)) as unknown as { rows: unknown[] }
    ).rows as { id: number; patient_id: number; product_id: number }[];
    expect(tx).toBeDefined();
    await db().insert(schema.staffPatientAccess).values({ patientId: tx!.patient_id, staffId: providerUser });
    const variantId = (await db().select({ id: schema.productVariants.id }).from(schema.productVariants).where(eq(schema.productVariants.productId, tx!.product_id)).limit(1))[0]!.id;
    const r = await clients.get("providerUsers")!.put(`/api/v2/treatments/${tx!.id}/update-dosage-instruction`, { ...RX, variantId });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("licenses.outOfState");
    expect(r.body.params).toEqual({ state: "TX" });
    const ctx = await clients.get("providerUsers")!.get<{ canPrescribe: { ok: boolean; code: string } }>(`/api/v1/treatments/${tx!.id}/prescription`);
    expect(ctx.body.data!.canPrescribe).toMatchObject({ ok: false, code: "licenses.outOfState" });
  });
  // The DoseSpot-style adapter (SSO URL, not configured) is covered by tests/unit/clinical-review.test.ts.
});

describe("inform the patient", () => {
  it("templates in the patient's language, filled with this treatment's values", async () => {
    const r = await clients.get("providerUsers")!.get<{ locale: string; templates: { category: string; text: string; variables: string[] }[] }>(`/api/v1/message-templates?treatmentId=${approved}`);
    expect(r.status).toBe(200);
    expect(r.body.data!.locale).toBe("en-US");
    const approvedTemplate = r.body.data!.templates.find((t) => t.category === "approved")!;
    expect(approvedTemplate.text).toMatch(/^Hi Emma,/);
    expect(approvedTemplate.text).not.toMatch(/\{\{/);
    expect(await lastAudit("messageTemplates.read")).toMatchObject({ patientId: emma });
    await db().update(schema.users).set({ locale: "es-US" }).where(eq(schema.users.id, liam));
    const es = await clients.get("providers")!.get<{ locale: string; templates: { text: string }[] }>(`/api/v1/message-templates?treatmentId=${liamTreatment}`);
    expect(es.body.data!.locale).toBe("es-US");
    expect(es.body.data!.templates[0]!.text).toMatch(/^Hola Liam/);
  });
  it("an empty message is a 400 'Message cannot be empty'; a sent one is sanitised, audited and in the patient's chat", async () => {
    const p = clients.get("providerUsers")!;
    for (const message of ["   ", "<p> </p>"]) {
      const r = await p.post(`/api/v1/patient/${emma}/treatment/${approved}/inform`, { message });
      expect(r.status, message).toBe(400);
      const codes = (r.body.data as { fieldCodes: Record<string, { code: string }[]>; errors: Record<string, string[]> });
      expect(codes.fieldCodes.message![0]!.code).toBe("validation.messageEmpty");
      expect(codes.errors.message![0]).toBe("Message cannot be empty");
    }
    const sent = await p.post<{ chatId: number; messageId: number }>(`/api/v1/patient/${emma}/treatment/${approved}/inform`, { message: "Hi Emma,\n\nApproved! <script>alert(1)</script><b>Welcome</b>", templateId: 1 });
    expect(sent.status).toBe(200);
    expect(sent.body.code).toBe("messages.sent");
    expect(await lastAudit("patient.inform")).toMatchObject({ patientId: emma, entityId: String(sent.body.data!.messageId) });
    const asPatient = await clients.get("patients")!.get<{ messages: { id: number; message: string; senderId: number }[] }>(`/api/v1/chats/messages?chatId=${sent.body.data!.chatId}`);
    expect(asPatient.status).toBe(200);
    const message = asPatient.body.data!.messages.find((m) => m.id === sent.body.data!.messageId)!;
    expect(message.senderId).toBe(providerUser);
    expect(message.message).toContain("<b>Welcome</b>");
    expect(message.message).toContain("<p>Hi Emma,</p>");
    expect(message.message).not.toContain("script");
  });
  it("the messages page keyset: nextBefore pages back", async () => {
    const chatId = (await db().select({ id: schema.chats.id }).from(schema.chats).where(and(eq(schema.chats.patientId, emma), eq(schema.chats.category, "medical"))))[0]!.id;
    const first = await clients.get("providers")!.get<{ messages: { id: number }[]; nextBefore: number | null }>(`/api/v1/chats/messages?chatId=${chatId}&perPage=1`);
    expect(first.body.data!.messages).toHaveLength(1);
    expect(first.body.data!.nextBefore).toBe(first.body.data!.messages[0]!.id);
    const second = await clients.get("providers")!.get<{ messages: { id: number }[] }>(`/api/v1/chats/messages?chatId=${chatId}&perPage=1&before=${first.body.data!.nextBefore}`);
    expect(second.body.data!.messages[0]!.id).toBeLessThan(first.body.data!.messages[0]!.id);
  });
});
