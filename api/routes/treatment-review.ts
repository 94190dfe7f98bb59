/**
 * The clinical review of a treatment (issue 14; contract and decisions in api/contract/treatments.ts, the machine
 * in api/domain/treatment-review.ts):
 *   GET  /api/v1/treatments/{id}/review          what the reviewer needs, in one read (audited)
 *   PUT  /api/v1/treatments/{id}/modify-request  back to the patient for changes (message to their chat)
 *   PUT  /api/v1/treatments/{id}/approve-v2      license-aware approval
 *   PUT  /api/v1/treatments/{id}/decline-v2      reason required; the patient reads 'Intake denied: …'
 *   PUT  /api/v1/treatments/{id}/cancel-v2       reason required
 *   PUT  /api/v1/treatments/{id}/no-show         the patient did not come to the visit
 *   POST /api/v1/treatments/{id}/resume          reopen a cancelled or declined review
 * The clinicians only (permission matrix); a treatment of a patient the caller may not see answers 404. Each action
 * runs in one transaction: the transition (row locked, 409 when refused), the patient's status, a visit note of
 * kind provider, the chat message where there is one, and the audit row.
 */
import { Router, type Request } from "express";
import { and, eq, inArray, sql } from "drizzle-orm";
import { PATIENT_STATUS_OF_KEY } from "../contract/patient-record-rules.ts";
import { bmiOf, contraindicationFlags, INTAKE_QUESTIONS, type DeclineReason } from "../contract/review-rules.ts";
import {
  approveSchema,
  cancelSchema,
  declineSchema,
  modifyRequestSchema,
  noShowSchema,
  resumeSchema,
  type TreatmentReview,
} from "../contract/treatments.ts";
import type { ApiCode } from "../contract/codes.ts";
import type { SubscriptionStatus } from "../contract/enums.ts";
import type { Db } from "../db/client.ts";
import { auditEvents, chatMessages, chats, patients, subscriptionItems, subscriptions, treatments, visitNotes } from "../db/schema.ts";
import { auditRead } from "../domain/audit.ts";
import { checkLicensedFor } from "../domain/licenses.ts";
import { loadOverview, loadTreatments } from "../domain/patient-record.ts";
import { allowedActions, applyAction, patientStatusAfter, type ClinicalAction } from "../domain/treatment-review.ts";
import { reviewStepState } from "../contract/enums.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { visibleTreatment } from "./treatments.ts";

/** What the patient reads in their chat after a decline (spec §8). */
export const INTAKE_DENIED_MESSAGE = "Intake denied: not eligible for the requested treatment";

/** The English words of each action in the visit note (the note is the clinical record, written once). */
const NOTE_TITLE: Record<ClinicalAction, string> = {
  "modify-request": "Changes requested from the patient",
  approve: "Intake approved",
  decline: "Intake declined",
  cancel: "Treatment cancelled",
  "no-show": "Patient did not show up",
  resume: "Review resumed",
};
const DECLINE_REASON_TEXT: Record<DeclineReason, string> = {
  contraindication: "Contraindication",
  bmiOutOfRange: "BMI out of range",
  identityNotVerified: "Identity not verified",
  incompleteIntake: "Incomplete intake",
  notClinicallyAppropriate: "Not clinically appropriate",
  other: "Other",
};
const SUCCESS_CODE: Record<ClinicalAction, ApiCode> = {
  "modify-request": "treatments.changesRequested",
  approve: "treatments.approved",
  decline: "treatments.declined",
  cancel: "treatments.cancelled",
  "no-show": "treatments.noShow",
  resume: "treatments.resumed",
};

/** Writes a message from `senderId` to the patient's medical chat (the chat is created when it does not exist yet). */
async function messagePatient(tx: Db, patientId: number, treatmentId: number, senderId: number, text: string): Promise<void> {
  await tx.insert(chats).values({ patientId, treatmentId, category: "medical" }).onConflictDoNothing();
  const [chat] = await tx.select({ id: chats.id }).from(chats).where(and(eq(chats.patientId, patientId), eq(chats.category, "medical"))).limit(1);
  const now = new Date();
  await tx.insert(chatMessages).values({ chatId: chat!.id, senderId, message: `<p>${escapeHtml(text)}</p>`, createdAt: now });
  await tx.update(chats).set({ lastMessageAt: now }).where(eq(chats.id, chat!.id));
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\n/g, "<br>");

type ActionInput =
  | { action: "modify-request"; message: string }
  | { action: "approve" }
  | { action: "decline"; reason: DeclineReason; note: string }
  | { action: "cancel"; reason: string }
  | { action: "no-show" }
  | { action: "resume"; subscriptionItemIdsToRemove: number[] };

function noteBody(input: ActionInput): string {
  const title = NOTE_TITLE[input.action];
  switch (input.action) {
    case "modify-request":
      return `${title}: ${input.message}`;
    case "decline":
      return `${title}. Reason: ${DECLINE_REASON_TEXT[input.reason]}.${input.note ? ` ${input.note}` : ""}`;
    case "cancel":
      return `${title}. Reason: ${input.reason}`;
    default:
      return `${title}.`;
  }
}

async function act(req: Request, input: ActionInput) {
  const row = await visibleTreatment(req, req.params.id);
  const user = req.auth.user!;
  const { db } = req.deps;
  if (input.action === "approve") {
    const license = await checkLicensedFor(db, user.id, row.patientId);
    if (!license.ok) throw new ApiError(409, license.code, { params: license.params });
  }
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ reviewStatus: treatments.reviewStatus, reviewKind: treatments.reviewKind })
      .from(treatments)
      .where(eq(treatments.id, row.id))
      .for("update");
    const result = applyAction(input.action, current!.reviewStatus);
    if (!result.ok) throw new ApiError(409, result.code, { params: result.params });
    const [sub] = await tx
      .select({ id: subscriptions.id, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.treatmentId, row.id))
      .orderBy(sql`${subscriptions.id} desc`)
      .limit(1);
    if (input.action === "resume" && input.subscriptionItemIdsToRemove.length) {
      const ids = [...new Set(input.subscriptionItemIdsToRemove)];
      const found = sub
        ? await tx
            .select({ id: subscriptionItems.id })
            .from(subscriptionItems)
            .where(and(eq(subscriptionItems.subscriptionId, sub.id), eq(subscriptionItems.isAddon, true), inArray(subscriptionItems.id, ids)))
        : [];
      if (found.length !== ids.length) throw badRequest("common.invalidFields", fieldCode("subscriptionItemIdsToRemove", "validation.invalid"));
      await tx.delete(subscriptionItems).where(inArray(subscriptionItems.id, ids));
    }
    const now = new Date();
    await tx
      .update(treatments)
      .set({ reviewStatus: result.to, reviewedAt: result.to === "pending" ? null : now, updatedAt: now })
      .where(eq(treatments.id, row.id));
    const statusKey = patientStatusAfter(input.action, { subscriptionStatus: (sub?.status ?? null) as SubscriptionStatus | null, reviewKind: current!.reviewKind });
    const [before] = await tx.select({ statusKey: patients.statusKey }).from(patients).where(eq(patients.userId, row.patientId)).for("update");
    await tx.update(patients).set({ status: PATIENT_STATUS_OF_KEY[statusKey], statusKey, updatedAt: now }).where(eq(patients.userId, row.patientId));
    await tx.insert(visitNotes).values({ patientId: row.patientId, treatmentId: row.id, authorId: user.id, kind: "provider", body: noteBody(input), createdAt: now });
    if (input.action === "modify-request") await messagePatient(tx, row.patientId, row.id, user.id, input.message);
    if (input.action === "decline") await messagePatient(tx, row.patientId, row.id, user.id, INTAKE_DENIED_MESSAGE);
    const meta: Record<string, string | number | boolean | null> = {
      from: current!.reviewStatus,
      to: result.to,
      patientStatusFrom: before?.statusKey ?? null,
      patientStatusTo: statusKey,
    };
    if (input.action === "decline") meta.reason = input.reason;
    if (input.action === "resume") meta.itemsRemoved = input.subscriptionItemIdsToRemove.length;
    await tx.insert(auditEvents).values({
      actorId: user.id,
      actorRole: req.auth.role,
      action: `treatment.${input.action}`,
      entityType: "treatment",
      entityId: String(row.id),
      patientId: row.patientId,
      ip: clientIp(req),
      outcome: "success",
      meta,
    });
  });
  const [treatment] = await loadTreatments(db, sql`t.id = ${row.id}`, 1);
  return { treatment: treatment!, code: SUCCESS_CODE[input.action] };
}

/** Whether the manage-prescription step shows (spec §2): a prescribing URL, or a dosage cycle on an item of this treatment. */
function showsPrescription(doseSpotUrl: string | null, detail: TreatmentReview["treatment"]): boolean {
  return Boolean(doseSpotUrl) || (detail.subscription?.items.some((i) => i.dosageCycleEnabled) ?? false);
}

type AnswerValue = TreatmentReview["intake"][number]["value"];
function answerValue(v: unknown): AnswerValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
  return JSON.stringify(v);
}

/** The answers as question/answer pairs: the known questions first in their order, then the others. */
function intakeRows(answers: Record<string, unknown> | null): TreatmentReview["intake"] {
  const a = answers ?? {};
  const known = INTAKE_QUESTIONS.filter((k) => k in a);
  const others = Object.keys(a).filter((k) => !(INTAKE_QUESTIONS as readonly string[]).includes(k));
  return [...known, ...others].map((key) => ({ key, value: answerValue(a[key]) }));
}

export function treatmentReviewRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/treatments/:id/review", async (req, res) => {
    const row = await visibleTreatment(req, req.params.id);
    const { db } = req.deps;
    const user = req.auth.user!;
    const [patient, list, license] = await Promise.all([
      loadOverview(db, row.patientId),
      loadTreatments(db, sql`t.patient_id = ${row.patientId}`),
      checkLicensedFor(db, user.id, row.patientId),
    ]);
    if (!patient) throw notFound("treatments.notFound");
    const detail = list.find((t) => t.id === row.id)!;
    const answers = row.intakeAnswers ?? null;
    const height = typeof answers?.heightInches === "number" ? answers.heightInches : patient.heightInches;
    const weight = typeof answers?.weightLb === "number" ? answers.weightLb : patient.weightStart ?? patient.weightCurrent;
    const bmi = bmiOf(height, weight) ?? patient.bmiStart ?? patient.bmiCurrent;
    const steps = (["review", "recordVisit", "managePrescription", "informPatient"] as const)
      .filter((s) => s !== "managePrescription" || showsPrescription(patient.doseSpotUrl, detail))
      .map((step) => ({ step, state: reviewStepState(step, "review", row.reviewStatus) }));
    await auditRead(req, { action: "treatment.review.read", patientId: row.patientId, entityType: "treatment", entityId: row.id });
    const review: TreatmentReview = {
      treatment: detail,
      patient,
      intake: intakeRows(answers),
      bmi,
      flags: contraindicationFlags(row.sectionType, answers, bmi),
      priorTreatments: list.filter((t) => t.id !== row.id),
      steps,
      actions: allowedActions(row.reviewStatus),
      license: license.ok ? { ok: true, state: license.state, code: null } : { ok: false, state: "state" in license.params ? license.params.state : null, code: license.code },
    };
    ok(res, review);
  });

  endpoint(router, "PUT /api/v1/treatments/:id/modify-request", async (req, res) => {
    const input = parseBody(req, modifyRequestSchema);
    const { treatment, code } = await act(req, { action: "modify-request", ...input });
    ok(res, { treatment }, code);
  });
  endpoint(router, "PUT /api/v1/treatments/:id/approve-v2", async (req, res) => {
    parseBody(req, approveSchema);
    const { treatment, code } = await act(req, { action: "approve" });
    ok(res, { treatment }, code);
  });
  endpoint(router, "PUT /api/v1/treatments/:id/decline-v2", async (req, res) => {
    const input = parseBody(req, declineSchema);
    const { treatment, code } = await act(req, { action: "decline", ...input });
    ok(res, { treatment }, code);
  });
  endpoint(router, "PUT /api/v1/treatments/:id/cancel-v2", async (req, res) => {
    const input = parseBody(req, cancelSchema);
    const { treatment, code } = await act(req, { action: "cancel", ...input });
    ok(res, { treatment }, code);
  });
  endpoint(router, "PUT /api/v1/treatments/:id/no-show", async (req, res) => {
    parseBody(req, noShowSchema);
    const { treatment, code } = await act(req, { action: "no-show" });
    ok(res, { treatment }, code);
  });
  endpoint(router, "POST /api/v1/treatments/:id/resume", async (req, res) => {
    const input = parseBody(req, resumeSchema);
    const { treatment, code } = await act(req, { action: "resume", ...input });
    ok(res, { treatment }, code);
  });

  return router;
}
