/**
 * Check-ins (issue 14/15; contract and decisions api/contract/check-ins.ts; state machine api/domain/check-ins.ts):
 *   GET  /api/v1/patient/check-ins, GET /api/v1/patient/check-ins/{id}, POST /api/v1/patient/check-ins/{id}/answer
 *   GET  /api/v1/patient/{patientId}/check-ins, POST /api/v1/patient/{patientId}/check-ins
 *   PUT  /api/v1/check-ins/{id}/review, GET /api/v1/check-ins/pending
 * A patient reaches only their own check-ins; staff only patients they may see (api/domain/patient-access.ts):
 * anything else answers 404 like an unknown id. A change and its audit row are one transaction; staff reads are
 * audited. Registered before the patient record's routes: /api/v1/patient/check-ins is not a patient id.
 */
import { Router, type Request } from "express";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import {
  CHECK_IN_REVIEWER_ROLES,
  WEIGHT_LOSS_CHECK_IN,
  checkInAnswerRequestSchema,
  checkInRequestSchema,
  checkInReviewSchema,
  checkInsQuerySchema,
  checkInStatus,
  validateCheckInAnswers,
  type CheckIn,
  type CheckInApproval,
  type CheckInPages,
} from "../contract/check-ins.ts";
import { dropEmpty } from "../contract/provider-list.ts";
import type { Role } from "../contract/roles.ts";
import { V } from "../contract/validation.ts";
import { rows } from "../db/client.ts";
import { auditEvents, checkIns, subscriptions, treatments, users, weightEntries } from "../db/schema.ts";
import { auditRead } from "../domain/audit.ts";
import { approvalOf, checkInTransition } from "../domain/check-ins.ts";
import { deliverLater, renderMail, sendMail, type MailLocale } from "../domain/mail.ts";
import { canSeePatient, visiblePatientsSql } from "../domain/patient-access.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok } from "../http/errors.ts";
import { parseBody, parseWith } from "../http/validate.ts";
import { viewerOf } from "./patient-access.ts";
import { visiblePatient } from "./patients.ts";
import { decodeCursor as decode, encodeCursor as encode, validId } from "../domain/cursors.ts";

/** Weight loss (service_sections id 1): the journey whose renewals wait for a check-in. */
const WEIGHT_LOSS_SECTION = 1;
const QUESTIONS = WEIGHT_LOSS_CHECK_IN.map((q) => ({ key: q.key, type: q.type }));

type Row = {
  id: number;
  patientId: number;
  patientName: string;
  treatmentId: number | null;
  subscriptionId: number | null;
  approval: CheckInApproval;
  requestedAt: string;
  dueAt: string | null;
  completedAt: string | null;
  questions: Array<{ key: string; type: string }>;
  answers: Record<string, string | number | string[]> | null;
  reviewedById: number | null;
  reviewerName: string | null;
  reviewedAt: string | null;
  reviewNote: string | null;
};

const TS = (col: SQL) => sql`to_char((${col}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const SELECT = sql`c.id, c.patient_id AS "patientId", pu.full_name AS "patientName", c.treatment_id AS "treatmentId",
  c.subscription_id AS "subscriptionId", c.approval, ${TS(sql`c.requested_at`)} AS "requestedAt", ${TS(sql`c.due_at`)} AS "dueAt",
  ${TS(sql`c.completed_at`)} AS "completedAt", c.questions, c.answers, c.reviewed_by_id AS "reviewedById", ru.full_name AS "reviewerName",
  ${TS(sql`c.reviewed_at`)} AS "reviewedAt", c.review_note AS "reviewNote"`;
const JOINS = sql`JOIN users pu ON pu.id = c.patient_id LEFT JOIN users ru ON ru.id = c.reviewed_by_id`;

const isReviewer = (role: Role) => (CHECK_IN_REVIEWER_ROLES as readonly Role[]).includes(role);

function toCheckIn(r: Row, role: Role): CheckIn {
  const status = checkInStatus(r);
  return {
    id: r.id,
    patient: { id: r.patientId, fullName: r.patientName },
    treatmentId: r.treatmentId,
    subscriptionId: r.subscriptionId,
    status,
    approval: r.approval,
    requestedAt: r.requestedAt,
    dueAt: r.dueAt,
    completedAt: r.completedAt,
    questions: r.questions,
    answers: r.answers,
    reviewedBy: r.reviewedById === null ? null : { id: r.reviewedById, fullName: r.reviewerName ?? "" },
    reviewedAt: r.reviewedAt,
    reviewNote: r.reviewNote,
    can: { answer: role === "patients" && status === "requested", review: isReviewer(role) && status === "answered" },
  };
}

async function loadRow(req: Request, id: number): Promise<Row | undefined> {
  const [row] = await rows<Row>(req.deps.db, sql`SELECT ${SELECT} FROM check_ins c ${JOINS} WHERE c.id = ${id}`);
  return row;
}

/** The check-in of the path, the caller's own (a patient) or of a patient the caller may see (staff); else 404. */
async function visibleCheckIn(req: Request, raw: unknown): Promise<Row> {
  const who = viewerOf(req);
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("checkIns.notFound");
  const row = await loadRow(req, parsed.data);
  if (!row) throw notFound("checkIns.notFound");
  const visible = who.role === "patients" ? row.patientId === who.id : await canSeePatient(req.deps.db, who, row.patientId);
  if (!visible) throw notFound("checkIns.notFound");
  return row;
}

function changeAudit(req: Request, action: string, patientId: number, checkInId: number, meta: Record<string, string | number | boolean | null>): typeof auditEvents.$inferInsert {
  return { actorId: req.auth.user?.id ?? null, actorRole: req.auth.role, action, entityType: "check_in", entityId: String(checkInId), patientId, ip: clientIp(req), outcome: "success", meta };
}

// Cursors: base64url JSON. Lists of a patient: { id } (newest first); the pending queue: { d: completedAt, id }.
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const badCursor = () => badRequest("common.invalidFields", fieldCode("cursor", V.invalid));

const listQuery = (req: Request) => parseWith(checkInsQuerySchema, dropEmpty(req.query as Record<string, unknown>));

/** One patient's check-ins, newest first (check_ins_patient_idx: patient_id, id). */
async function patientList(req: Request, patientId: number) {
  const q = listQuery(req);
  const c = q.cursor ? decode(q.cursor) : null;
  if (q.cursor && !(c && validId(c.id))) throw badCursor();
  const before = c ? sql`AND id < ${c.id as number}` : sql``;
  const page = await rows<Row>(
    req.deps.db,
    sql`SELECT ${SELECT} FROM (SELECT * FROM check_ins WHERE patient_id = ${patientId} ${before} ORDER BY id DESC LIMIT ${q.perPage + 1}) c ${JOINS} ORDER BY c.id DESC`,
  );
  const hasMore = page.length > q.perPage;
  const items = hasMore ? page.slice(0, q.perPage) : page;
  const last = items[items.length - 1];
  const pages: CheckInPages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore && last ? encode({ id: last.id }) : null };
  return { items, pages };
}

const mdy = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;

export function checkInsRoutes(): Router {
  const router = Router();

  // ── The patient's own ────────────────────────────────────────────────────────────────────────────

  endpoint(router, "GET /api/v1/patient/check-ins", async (req, res) => {
    const who = viewerOf(req);
    const { items, pages } = await patientList(req, who.id);
    ok(res, items.map((r) => toCheckIn(r, who.role)), "ok", pages);
  });

  endpoint(router, "GET /api/v1/patient/check-ins/:id", async (req, res) => {
    const row = await visibleCheckIn(req, req.params.id);
    ok(res, { checkIn: toCheckIn(row, req.auth.role) });
  });

  endpoint(router, "POST /api/v1/patient/check-ins/:id/answer", async (req, res) => {
    const row = await visibleCheckIn(req, req.params.id);
    const input = parseBody(req, checkInAnswerRequestSchema);
    const { answers } = validateCheckInAnswers(input);
    const { db } = req.deps;
    await db.transaction(async (tx) => {
      // The row lock orders two answers of the same check-in: the second sees it answered (409).
      const [current] = await tx.select({ completedAt: checkIns.completedAt, approval: checkIns.approval }).from(checkIns).where(eq(checkIns.id, row.id)).for("update");
      const result = checkInTransition("answer", checkInStatus(current!));
      if (!result.ok) throw new ApiError(409, result.code);
      const now = new Date();
      await tx.update(checkIns).set({ answers, questions: QUESTIONS, completedAt: now, updatedAt: now }).where(eq(checkIns.id, row.id));
      const weight = answers.currentWeightLb;
      let weightEntryId: number | null = null;
      if (typeof weight === "number") {
        const [entry] = await tx.insert(weightEntries).values({ patientId: row.patientId, weightLb: weight, measuredOn: now.toISOString().slice(0, 10), source: "patient" }).returning({ id: weightEntries.id });
        weightEntryId = entry!.id;
      }
      await tx.insert(auditEvents).values(changeAudit(req, "check_in.answer", row.patientId, row.id, { from: "requested", to: "answered", weightEntryId }));
    });
    ok(res, { checkIn: toCheckIn((await loadRow(req, row.id))!, req.auth.role) }, "checkIns.answered");
  });

  // ── Staff ────────────────────────────────────────────────────────────────────────────────────────

  endpoint(router, "GET /api/v1/patient/:patientId/check-ins", async (req, res) => {
    const patientId = await visiblePatient(req, req.params.patientId);
    const { items, pages } = await patientList(req, patientId);
    await auditRead(req, { action: "checkIns.list", patientId, entityType: "check_in", meta: { count: items.length } });
    ok(res, items.map((r) => toCheckIn(r, req.auth.role)), "ok", pages);
  });

  endpoint(router, "POST /api/v1/patient/:patientId/check-ins", async (req, res) => {
    const patientId = await visiblePatient(req, req.params.patientId);
    const input = parseBody(req, checkInRequestSchema);
    const { db } = req.deps;
    const [treatment] = await db
      .select({ id: treatments.id })
      .from(treatments)
      .where(input.treatmentId !== undefined ? and(eq(treatments.id, input.treatmentId), eq(treatments.patientId, patientId)) : and(eq(treatments.patientId, patientId), eq(treatments.sectionType, WEIGHT_LOSS_SECTION)))
      .orderBy(desc(treatments.id))
      .limit(1);
    if (input.treatmentId !== undefined && !treatment) throw badRequest("common.invalidFields", fieldCode("treatmentId", V.invalid));
    const [subscription] = treatment
      ? await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.treatmentId, treatment.id)).orderBy(desc(subscriptions.id)).limit(1)
      : [];
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(checkIns)
        .values({ patientId, treatmentId: treatment?.id ?? null, subscriptionId: subscription?.id ?? null, dueAt: new Date(`${input.dueOn}T12:00:00Z`), questions: QUESTIONS })
        .returning({ id: checkIns.id });
      await tx.insert(auditEvents).values(changeAudit(req, "check_in.request", patientId, created!.id, { treatmentId: treatment?.id ?? null, subscriptionId: subscription?.id ?? null }));
      return created!.id;
    });
    const [patient] = await db.select({ email: users.email, firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.id, patientId)).limit(1);
    if (patient) {
      const deps = { db, config: req.deps.config, logger: req.deps.logger };
      const link = new URL(`/patient/check-ins/${id}`, req.deps.config.publicUrl).toString();
      deliverLater(deps, () => sendMail(deps, { to: patient.email, ...renderMail("checkInRequested", patient.locale as MailLocale, { name: patient.firstName, link, when: mdy(input.dueOn) }) }));
    }
    ok(res, { checkIn: toCheckIn((await loadRow(req, id))!, req.auth.role) }, "checkIns.requested");
  });

  endpoint(router, "PUT /api/v1/check-ins/:id/review", async (req, res) => {
    const row = await visibleCheckIn(req, req.params.id);
    const input = parseBody(req, checkInReviewSchema);
    const action = input.approval === "approved" ? "approve" : "decline";
    await req.deps.db.transaction(async (tx) => {
      const [current] = await tx.select({ completedAt: checkIns.completedAt, approval: checkIns.approval }).from(checkIns).where(eq(checkIns.id, row.id)).for("update");
      const from = checkInStatus(current!);
      const result = checkInTransition(action, from);
      if (!result.ok) throw new ApiError(409, result.code);
      const now = new Date();
      await tx
        .update(checkIns)
        .set({ approval: approvalOf(action), reviewedById: req.auth.user!.id, reviewedAt: now, reviewNote: input.note || null, updatedAt: now })
        .where(eq(checkIns.id, row.id));
      await tx.insert(auditEvents).values(changeAudit(req, "check_in.review", row.patientId, row.id, { from, to: result.to }));
    });
    ok(res, { checkIn: toCheckIn((await loadRow(req, row.id))!, req.auth.role) }, action === "approve" ? "checkIns.approved" : "checkIns.declined");
  });

  /** Answered check-ins waiting for review, oldest answer first (check_ins_pending_completed_idx). */
  endpoint(router, "GET /api/v1/check-ins/pending", async (req, res) => {
    const who = viewerOf(req);
    const q = listQuery(req);
    const c = q.cursor ? decode(q.cursor) : null;
    if (q.cursor && !(c && typeof c.d === "string" && TIMESTAMP_TEXT.test(c.d) && validId(c.id))) throw badCursor();
    const { db } = req.deps;
    const visible = await visiblePatientsSql(db, who, sql`p.patient_id`);
    const conds: SQL[] = [sql`p.approval = 'pending'`, sql`p.completed_at IS NOT NULL`];
    if (c) conds.push(sql`(p.completed_at, p.id) > (${c.d as string}::timestamptz, ${c.id as number})`);
    if (visible) conds.push(visible);
    const page = await rows<Row>(
      db,
      sql`SELECT ${SELECT} FROM (SELECT p.* FROM check_ins p WHERE ${sql.join(conds, sql` AND `)} ORDER BY p.completed_at, p.id LIMIT ${q.perPage + 1}) c ${JOINS} ORDER BY c.completed_at, c.id`,
    );
    const hasMore = page.length > q.perPage;
    const items = hasMore ? page.slice(0, q.perPage) : page;
    const last = items[items.length - 1];
    await auditRead(req, { action: "checkIns.pending", patientIds: [...new Set(items.map((r) => r.patientId))], entityType: "check_in", meta: { cursor: Boolean(c) } });
    const pages: CheckInPages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore && last ? encode({ d: last.completedAt, id: last.id }) : null };
    ok(res, items.map((r) => toCheckIn(r, who.role)), "ok", pages);
  });

  return router;
}
