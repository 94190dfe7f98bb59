/**
 * The clinical review (api/routes/treatment-review.ts): the review read and the treatment actions, by role, on
 * foreign and unknown ids, with bad input, refused transitions, out-of-state approval, and what each action leaves
 * behind (review status, patient status, visit note, chat message, audit row). The role × endpoint walk of every
 * call is in permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import { treatmentReviewSchema, type TreatmentReview } from "../../api/contract/treatments.ts";
import { INTAKE_DENIED_MESSAGE } from "../../api/routes/treatment-review.ts";
import { signedIn, startTestApi, type Client, type TestApi } from "./harness.ts";

let api: TestApi;
let provider: Client;
let manager: Client;
let providerId = 0;
/** Pending reviews of the demo provider: in licensed states (CA/CO…) and in Texas (expired license). */
let inState: { id: number; patientId: number }[] = [];
let texas: { id: number; patientId: number }[] = [];
/** A pending treatment of a patient the demo provider may not see. */
let foreignId = 0;

const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

beforeAll(async () => {
  api = await startTestApi();
  provider = await signedIn(api.url, "providerUsers");
  manager = await signedIn(api.url, "providers");
  const db = api.database.db;
  providerId = (await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, "provider@demo.test")))[0]!.id;
  const pending = rowsOf<{ id: number; patientId: number; state: string }>(
    await db.execute(sql`select t.id, t.patient_id as "patientId", a.administrative_area as state from treatments t
      join addresses a on a.user_id = t.patient_id and a.address_type = 'shipping'
      where t.review_status = 'pending' and t.provider_id = ${providerId} order by t.id`),
  );
  texas = pending.filter((r) => r.state === "TX");
  inState = pending.filter((r) => ["AZ", "CA", "CO", "NV", "OR", "UT", "WA"].includes(r.state));
  const visible = rowsOf<{ patient_id: number }>(await db.execute(sql`select distinct patient_id from staff_patient_visibility where staff_id = ${providerId}`)).map((r) => r.patient_id);
  const [other] = await db
    .select({ id: schema.treatments.id })
    .from(schema.treatments)
    .where(and(eq(schema.treatments.reviewStatus, "pending"), sql`${schema.treatments.patientId} not in (${sql.join(visible.length ? visible : [0], sql`, `)})`))
    .limit(1);
  foreignId = other!.id;
});
afterAll(() => api?.close());

async function reviewStatusOf(id: number) {
  return (await api.database.db.select({ s: schema.treatments.reviewStatus }).from(schema.treatments).where(eq(schema.treatments.id, id)))[0]!.s;
}
async function patientStatusOf(patientId: number) {
  return (await api.database.db.select({ k: schema.patients.statusKey }).from(schema.patients).where(eq(schema.patients.userId, patientId)))[0]!.k;
}
async function auditOf(action: string, id: number) {
  return api.database.db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, action), eq(schema.auditEvents.entityId, String(id))));
}
async function notesOf(id: number) {
  return api.database.db.select().from(schema.visitNotes).where(eq(schema.visitNotes.treatmentId, id)).orderBy(desc(schema.visitNotes.id));
}

describe("the seed", () => {
  it("has pending reviews of the demo provider in licensed states and in Texas", () => {
    expect(inState.length).toBeGreaterThanOrEqual(3);
    expect(texas.length).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /api/v1/treatments/:id/review", () => {
  it("answers the treatment, patient, answers, BMI, flags, prior treatments, steps and actions, audited", async () => {
    const t = inState[0]!;
    const r = await provider.get<TreatmentReview>(`/api/v1/treatments/${t.id}/review`);
    expect(r.status).toBe(200);
    const review = treatmentReviewSchema.parse(r.body.data);
    expect(review.treatment.id).toBe(t.id);
    expect(review.patient.id).toBe(t.patientId);
    expect(review.intake.map((a) => a.key)).toContain("allergies");
    expect(review.steps[0]).toEqual({ step: "review", state: "active" });
    expect(review.steps.find((s) => s.step === "recordVisit")?.state).toBe("disabled");
    expect(review.actions).toEqual(["modify-request", "approve", "cancel", "decline", "no-show"]);
    expect(review.license.ok).toBe(true);
    expect((await auditOf("treatment.review.read", t.id)).length).toBeGreaterThan(0);
  });

  it("tells an out-of-state clinician before they try", async () => {
    const r = await provider.get<TreatmentReview>(`/api/v1/treatments/${texas[0]!.id}/review`);
    expect(r.body.data!.license).toEqual({ ok: false, state: "TX", code: "licenses.outOfState" });
  });

  it("foreign and unknown ids are 404; support, nursing and patients 403; a guest 401", async () => {
    expect((await provider.get(`/api/v1/treatments/${foreignId}/review`)).status).toBe(404);
    expect((await provider.get(`/api/v1/treatments/999999/review`)).status).toBe(404);
    expect((await manager.get(`/api/v1/treatments/${foreignId}/review`)).status).toBe(200);
    for (const role of ["customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers", "patients"] as const) {
      expect((await (await signedIn(api.url, role)).get(`/api/v1/treatments/${inState[0]!.id}/review`)).status, role).toBe(403);
    }
    expect((await (await signedIn(api.url, "guest")).get(`/api/v1/treatments/${inState[0]!.id}/review`)).status).toBe(401);
  });
});

describe("treatment actions", () => {
  it("approve: approved, the patient active or subscribed, a provider note and an audit row; again is 409", async () => {
    const t = inState[0]!;
    const r = await provider.put(`/api/v1/treatments/${t.id}/approve-v2`, {});
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("treatments.approved");
    expect(await reviewStatusOf(t.id)).toBe("approved");
    expect(["active", "subscribed"]).toContain(await patientStatusOf(t.patientId));
    expect((await notesOf(t.id))[0]).toMatchObject({ kind: "provider", authorId: providerId, body: "Intake approved." });
    expect((await auditOf("treatment.approve", t.id))[0]).toMatchObject({ patientId: t.patientId, meta: expect.objectContaining({ from: "pending", to: "approved" }) });
    const again = await provider.put(`/api/v1/treatments/${t.id}/approve-v2`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("treatments.transitionRefused");
    const review = (await provider.get<TreatmentReview>(`/api/v1/treatments/${t.id}/review`)).body.data!;
    expect(review.steps[0]!.state).toBe("approved");
    expect(review.steps.find((s) => s.step === "recordVisit")!.state).toBe("not-active");
  });

  it("approve out of state is 409 licenses.outOfState for the provider; the manager licensed there may", async () => {
    const t = texas[0]!;
    const r = await provider.put(`/api/v1/treatments/${t.id}/approve-v2`, {});
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: "licenses.outOfState", params: { state: "TX" } });
    expect(await reviewStatusOf(t.id)).toBe("pending");
    expect((await manager.put(`/api/v1/treatments/${t.id}/approve-v2`, {})).status).toBe(200);
  });

  it("decline needs a reason (and a note for other); then the patient is declined and told in their chat", async () => {
    const t = inState[1]!;
    const missing = await provider.put<{ fieldCodes: Record<string, { code: string }[]> }>(`/api/v1/treatments/${t.id}/decline-v2`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.data!.fieldCodes.reason![0]!.code).toBe("validation.required");
    const other = await provider.put<{ fieldCodes: Record<string, { code: string }[]> }>(`/api/v1/treatments/${t.id}/decline-v2`, { reason: "other" });
    expect(other.status).toBe(400);
    expect(other.body.data!.fieldCodes.note![0]!.code).toBe("validation.required");
    expect((await provider.put(`/api/v1/treatments/${t.id}/decline-v2`, { reason: "nonsense" })).status).toBe(400);
    const r = await provider.put(`/api/v1/treatments/${t.id}/decline-v2`, { reason: "contraindication", note: "History of pancreatitis." });
    expect(r.status).toBe(200);
    expect(await reviewStatusOf(t.id)).toBe("declined");
    expect(await patientStatusOf(t.patientId)).toBe("declined");
    const chatIds = (await api.database.db.select({ id: schema.chats.id }).from(schema.chats).where(and(eq(schema.chats.patientId, t.patientId), eq(schema.chats.category, "medical")))).map((c) => c.id);
    const messages = await api.database.db.select().from(schema.chatMessages).where(inArray(schema.chatMessages.chatId, chatIds)).orderBy(desc(schema.chatMessages.id)).limit(1);
    expect(messages[0]).toMatchObject({ senderId: providerId, message: `<p>${INTAKE_DENIED_MESSAGE}</p>` });
    expect((await notesOf(t.id))[0]!.body).toBe("Intake declined. Reason: Contraindication. History of pancreatitis.");
    expect((await auditOf("treatment.decline", t.id))[0]!.meta).toMatchObject({ reason: "contraindication" });
    expect((await provider.put(`/api/v1/treatments/${t.id}/decline-v2`, { reason: "contraindication" })).status).toBe(409);
    expect((await provider.put(`/api/v1/treatments/${t.id}/approve-v2`, {})).status).toBe(409);
  });

  it("modify-request needs the message; the review stays pending, the patient is missing information and reads it", async () => {
    const t = inState[2]!;
    const empty = await provider.put(`/api/v1/treatments/${t.id}/modify-request`, { message: "  " });
    expect(empty.status).toBe(400);
    const r = await provider.put(`/api/v1/treatments/${t.id}/modify-request`, { message: "Please upload a clearer ID photo." });
    expect(r.status).toBe(200);
    expect(await reviewStatusOf(t.id)).toBe("pending");
    expect(await patientStatusOf(t.patientId)).toBe("missing_information");
    const [chat] = await api.database.db.select({ id: schema.chats.id }).from(schema.chats).where(and(eq(schema.chats.patientId, t.patientId), eq(schema.chats.category, "medical")));
    const [last] = await api.database.db.select().from(schema.chatMessages).where(eq(schema.chatMessages.chatId, chat!.id)).orderBy(desc(schema.chatMessages.id)).limit(1);
    expect(last!.message).toBe("<p>Please upload a clearer ID photo.</p>");
  });

  it("no-show closes the review (cancelled, patient no_show); resume reopens it; a cancelled one cannot be declined", async () => {
    const t = inState[2]!;
    expect((await provider.put(`/api/v1/treatments/${t.id}/no-show`, {})).status).toBe(200);
    expect(await reviewStatusOf(t.id)).toBe("cancelled");
    expect(await patientStatusOf(t.patientId)).toBe("no_show");
    expect((await provider.put(`/api/v1/treatments/${t.id}/decline-v2`, { reason: "contraindication" })).status).toBe(409);
    expect((await provider.put(`/api/v1/treatments/${t.id}/no-show`, {})).status).toBe(409);
    expect((await provider.post(`/api/v1/treatments/${t.id}/resume`, { subscriptionItemIdsToRemove: [999999] })).status).toBe(400);
    const r = await provider.post(`/api/v1/treatments/${t.id}/resume`, {});
    expect(r.status).toBe(200);
    expect(await reviewStatusOf(t.id)).toBe("pending");
    expect(await patientStatusOf(t.patientId)).toMatch(/^ready_to_review_/);
    expect((await provider.post(`/api/v1/treatments/${t.id}/resume`, {})).status).toBe(409);
  });

  it("cancel needs a reason; cancels an approved treatment", async () => {
    const t = inState[0]!;
    expect((await provider.put(`/api/v1/treatments/${t.id}/cancel-v2`, {})).status).toBe(400);
    expect((await provider.put(`/api/v1/treatments/${t.id}/cancel-v2`, { reason: "Patient moved abroad." })).status).toBe(200);
    expect(await reviewStatusOf(t.id)).toBe("cancelled");
    expect((await notesOf(t.id))[0]!.body).toBe("Treatment cancelled. Reason: Patient moved abroad.");
  });

  it("every action on a foreign or unknown id is 404; support and patients 403", async () => {
    for (const id of [foreignId, 999999]) {
      expect((await provider.put(`/api/v1/treatments/${id}/approve-v2`, {})).status).toBe(404);
      expect((await provider.put(`/api/v1/treatments/${id}/no-show`, {})).status).toBe(404);
      expect((await provider.post(`/api/v1/treatments/${id}/resume`, {})).status).toBe(404);
    }
    expect(await reviewStatusOf(foreignId)).toBe("pending");
    for (const role of ["customerSupport", "medicalSupportManagers", "patients"] as const) {
      expect((await (await signedIn(api.url, role)).put(`/api/v1/treatments/${inState[1]!.id}/approve-v2`, {})).status, role).toBe(403);
    }
  });
});
