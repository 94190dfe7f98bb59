/**
 * The clinical review queues (contract and decisions: api/contract/review-queues.ts; SQL: api/domain/review-queues.ts):
 *   GET  /api/v1/treatments/ready-for-review   pending reviews of ready-to-review patients, licensed states first
 *   GET  /api/v1/charts, GET /api/v1/charts/{id}, POST …/sign, …/cancel, …/addenda   chart review and sign-off
 *   GET  /api/v1/uploads/review, PUT /api/v1/uploads/{id}/review, PUT /api/v1/uploads/{id}/visibility
 * Every call shows only patients the caller may see (api/domain/patient-access.ts; another one answers 404 like an
 * unknown id). Lists are audited with the patients they returned, chart reads and every change too (a change and
 * its audit row in one transaction).
 */
import { signatureForSigning } from "../domain/signature-snapshot.ts";
import { Router, type Request } from "express";
import { sql, type SQL } from "drizzle-orm";
import {
  CHART_CONSENT_VERSION,
  CHART_SIGNER_ROLES,
  chartAddendumSchema,
  chartCancelSchema,
  chartSignSchema,
  chartsQuerySchema,
  readyQuerySchema,
  uploadReviewStatusSchema,
  uploadsReviewQuerySchema,
  uploadVisibilitySchema,
  type Chart,
  type ChartReviewStatus,
  type QueuePages,
} from "../contract/review-queues.ts";
import { dropEmpty } from "../contract/provider-list.ts";
import { SIGNATURE_URL_PREFIX } from "../contract/signature-rules.ts";
import { V } from "../contract/validation.ts";
import type { Role } from "../contract/roles.ts";
import { rows, type Db } from "../db/client.ts";
import { viewerOf } from "./patient-access.ts";
import { auditEvents } from "../db/schema.ts";
import { auditRead } from "../domain/audit.ts";
import { chartTransition, canChart, type ChartAction } from "../domain/chart-review.ts";
import { activeLicenseStates } from "../domain/licenses.ts";
import { canSeePatient, scopedAccessIds, visiblePatientsSql } from "../domain/patient-access.ts";
import {
  chartsPageSql,
  decodeChartCursor,
  decodeReadyCursor,
  decodeUploadCursor,
  encodeCursor,
  readyPartSql,
  toChartListItem,
  toReadyItem,
  toReviewUpload,
  uploadSelect,
  uploadsPageSql,
  type ChartRow,
  type ReadyRow,
  type UploadRow,
} from "../domain/review-queues.ts";
import { idParam } from "../contract/common.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok } from "../http/errors.ts";
import { parseBody, parseWith } from "../http/validate.ts";
import type { z } from "zod";



/** A list's query: empty values are ignored (a GET form sends every field); 400 with the fields named. */
const listQuery = <S extends z.ZodType>(req: Request, schema: S): z.output<S> => parseWith(schema, dropEmpty(req.query as Record<string, unknown>));

const uniq = (ids: number[]) => [...new Set(ids)];
const isSigner = (role: Role) => (CHART_SIGNER_ROLES as readonly Role[]).includes(role);

function changeAudit(req: Request, action: string, entityType: string, entityId: number, patientId: number, meta: Record<string, string | number | boolean | null>): typeof auditEvents.$inferInsert {
  return { actorId: req.auth.user?.id ?? null, actorRole: req.auth.role, action, entityType, entityId: String(entityId), patientId, ip: clientIp(req), outcome: "success", meta };
}

// ---------------------------------------------------------------------------------------------------
// Charts

type ChartHead = {
  id: number;
  patientId: number;
  patientName: string;
  dateOfBirth: string | null;
  sectionType: number;
  reviewKind: "new_patient" | "refill";
  treatmentStatus: Chart["treatmentStatus"];
  providerId: number | null;
  providerName: string | null;
  approvedAt: string | null;
  status: ChartReviewStatus;
  readySince: string;
  intakeAnswers: Record<string, unknown> | null;
  signedById: number | null;
  signedByName: string | null;
  signatureName: string | null;
  signatureKey: string | null;
  signedAt: string | null;
  consentVersion: string | null;
  cancelledById: number | null;
  cancelledByName: string | null;
  cancelledAt: string | null;
};
const TS = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** The signature the chart was signed with (copied at signing, api/contract/signatures.ts), or null when there was none. */
const signatureView = (typedName: string | null, key: string | null) => (typedName === null ? null : { typedName, imageUrl: key ? SIGNATURE_URL_PREFIX + key : null });
const person = (id: number | null, name: string | null) => (id === null ? null : { id, fullName: name ?? "" });

type FormValue = string | number | boolean | string[] | null;
function formValue(v: unknown): FormValue {
  if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map(String);
  return JSON.stringify(v);
}

/** The chart of a treatment the caller may see, or 404 (`charts.notFound`). */
async function chartHead(req: Request, raw: unknown): Promise<ChartHead> {
  const who = viewerOf(req);
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("charts.notFound");
  const [head] = await rows<ChartHead>(
    req.deps.db,
    sql`SELECT c.treatment_id AS id, c.patient_id AS "patientId", pu.full_name AS "patientName", to_char(p.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
        t.section_type AS "sectionType", t.review_kind AS "reviewKind", t.review_status AS "treatmentStatus", t.provider_id AS "providerId",
        pr.full_name AS "providerName", ${TS(sql`t.reviewed_at`)} AS "approvedAt", c.status, ${TS(sql`c.created_at`)} AS "readySince",
        t.intake_answers AS "intakeAnswers", c.signed_by_id AS "signedById", sb.full_name AS "signedByName", ${TS(sql`c.signed_at`)} AS "signedAt",
        c.signature_typed_name AS "signatureName", c.signature_image_key AS "signatureKey",
        c.consent_version AS "consentVersion", c.cancelled_by_id AS "cancelledById", cb.full_name AS "cancelledByName", ${TS(sql`c.cancelled_at`)} AS "cancelledAt"
      FROM chart_reviews c
      JOIN treatments t ON t.id = c.treatment_id
      JOIN users pu ON pu.id = c.patient_id
      LEFT JOIN patients p ON p.user_id = c.patient_id
      LEFT JOIN users pr ON pr.id = t.provider_id
      LEFT JOIN users sb ON sb.id = c.signed_by_id
      LEFT JOIN users cb ON cb.id = c.cancelled_by_id
      WHERE c.treatment_id = ${parsed.data}`,
  );
  if (!head || !(await canSeePatient(req.deps.db, who, head.patientId))) throw notFound("charts.notFound");
  return head;
}

async function loadChart(req: Request, head: ChartHead): Promise<Chart> {
  const { db } = req.deps;
  type Visit = { id: number; visitType: string; providerId: number | null; providerName: string | null; createdAt: string; recordForm: Record<string, unknown> };
  type Note = { id: number; kind: "provider" | "nurse"; authorId: number | null; authorName: string | null; body: string; createdAt: string };
  type Addendum = { id: number; authorId: number | null; authorName: string | null; body: string; createdAt: string };
  const [visits, notes, addenda] = await Promise.all([
    rows<Visit>(db, sql`SELECT v.id, v.visit_type AS "visitType", v.provider_id AS "providerId", u.full_name AS "providerName", ${TS(sql`v.created_at`)} AS "createdAt", v.record_form AS "recordForm"
      FROM visit_records v LEFT JOIN users u ON u.id = v.provider_id WHERE v.treatment_id = ${head.id} ORDER BY v.created_at, v.id LIMIT 50`),
    rows<Note>(db, sql`SELECT n.id, n.kind, n.author_id AS "authorId", u.full_name AS "authorName", n.body, ${TS(sql`n.created_at`)} AS "createdAt"
      FROM visit_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.treatment_id = ${head.id} ORDER BY n.created_at, n.id LIMIT 50`),
    rows<Addendum>(db, sql`SELECT a.id, a.author_id AS "authorId", u.full_name AS "authorName", a.body, ${TS(sql`a.created_at`)} AS "createdAt"
      FROM chart_addenda a LEFT JOIN users u ON u.id = a.author_id WHERE a.treatment_id = ${head.id} ORDER BY a.id`),
  ]);
  const signer = isSigner(req.auth.role);
  return {
    id: head.id,
    patient: { id: head.patientId, fullName: head.patientName, dateOfBirth: head.dateOfBirth },
    sectionType: head.sectionType,
    reviewKind: head.reviewKind,
    treatmentStatus: head.treatmentStatus,
    provider: person(head.providerId, head.providerName),
    approvedAt: head.approvedAt,
    status: head.status,
    readySince: head.readySince,
    intakeAnswers: Object.entries(head.intakeAnswers ?? {}).map(([question, answer]) => ({ question, answer: formValue(answer) })),
    visits: visits.map((v) => ({
      id: v.id,
      visitType: v.visitType,
      provider: person(v.providerId, v.providerName),
      createdAt: v.createdAt,
      recordForm: Object.fromEntries(Object.entries(v.recordForm ?? {}).map(([k, val]) => [k, formValue(val)])),
    })),
    notes: notes.map((n) => ({ id: n.id, kind: n.kind, author: person(n.authorId, n.authorName), body: n.body, createdAt: n.createdAt })),
    signedBy: person(head.signedById, head.signedByName),
    signedAt: head.signedAt,
    signature: signatureView(head.signatureName, head.signatureKey),
    consentVersion: head.consentVersion,
    cancelledBy: person(head.cancelledById, head.cancelledByName),
    cancelledAt: head.cancelledAt,
    addenda: addenda.map((a) => ({ id: a.id, author: person(a.authorId, a.authorName), body: a.body, createdAt: a.createdAt })),
    can: { sign: signer && canChart("sign", head.status), cancel: signer && canChart("cancel", head.status), addAddendum: signer && canChart("addendum", head.status) },
  };
}

/** Runs a chart action under a row lock: the state machine decides (409 when refused), then `apply` and its audit row. */
async function chartAction(req: Request, head: ChartHead, action: ChartAction, apply: (tx: Db) => Promise<Record<string, string | number | boolean | null>>): Promise<void> {
  await req.deps.db.transaction(async (tx) => {
    const [current] = await rows<{ status: ChartReviewStatus }>(tx, sql`SELECT status FROM chart_reviews WHERE treatment_id = ${head.id} FOR UPDATE`);
    const result = chartTransition(action, current!.status);
    if (!result.ok) throw new ApiError(409, result.code, { params: result.params });
    const meta = await apply(tx);
    await tx.insert(auditEvents).values(changeAudit(req, `chart.${action}`, "chart", head.id, head.patientId, { from: current!.status, to: result.to, ...meta }));
  });
}

// ---------------------------------------------------------------------------------------------------
// Uploads

async function visibleUpload(req: Request, raw: unknown): Promise<UploadRow> {
  const who = viewerOf(req);
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("uploads.notFound");
  const [row] = await rows<UploadRow>(req.deps.db, sql`SELECT ${uploadSelect} FROM uploads u JOIN users pu ON pu.id = u.patient_id WHERE u.id = ${parsed.data}`);
  if (!row || !(await canSeePatient(req.deps.db, who, row.patientId))) throw notFound("uploads.notFound");
  return row;
}

export function reviewQueuesRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/treatments/ready-for-review", async (req, res) => {
    const who = viewerOf(req);
    const q = listQuery(req, readyQuerySchema);
    const cursor = q.cursor ? decodeReadyCursor(q.cursor) : null;
    if (q.cursor && !cursor) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
    const { db } = req.deps;
    const [states, visible, scopedIds] = await Promise.all([activeLicenseStates(db, who.id), visiblePatientsSql(db, who, sql`q.patient_id`), scopedAccessIds(db, who)]);
    const want = q.perPage + 1;
    // Part 0 (the licensed states) first, then part 1 (the rest) to fill the page; a cursor in part 1 skips part 0.
    let page: ReadyRow[] = [];
    if (states.length && (!cursor || cursor.p === 0)) page = await rows<ReadyRow>(db, readyPartSql(0, states, q, cursor, visible, want, scopedIds));
    if (page.length < want) {
      const restCursor = cursor?.p === 1 ? cursor : null;
      page = page.concat(await rows<ReadyRow>(db, readyPartSql(1, states, q, restCursor, visible, want - page.length, scopedIds)));
    }
    const hasMore = page.length > q.perPage;
    const items = hasMore ? page.slice(0, q.perPage) : page;
    const last = items[items.length - 1];
    await auditRead(req, { action: "treatments.readyForReview", patientIds: uniq(items.map((r) => r.patientId)), entityType: "treatment", meta: { cursor: Boolean(cursor) } });
    const pages: QueuePages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore && last ? encodeCursor({ p: last.part, d: last.waitingSince, id: last.id }) : null };
    ok(res, items.map((r) => toReadyItem(r, true)), "ok", pages);
  });

  endpoint(router, "GET /api/v1/charts", async (req, res) => {
    const who = viewerOf(req);
    const q = listQuery(req, chartsQuerySchema);
    const cursor = q.cursor ? decodeChartCursor(q.cursor, q.tab) : null;
    if (q.cursor && !cursor) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
    const { db } = req.deps;
    const visible = await visiblePatientsSql(db, who, sql`c.patient_id`);
    const page = await rows<ChartRow>(db, chartsPageSql(q.tab, cursor, visible, q.perPage + 1));
    const hasMore = page.length > q.perPage;
    const items = hasMore ? page.slice(0, q.perPage) : page;
    const last = items[items.length - 1];
    await auditRead(req, { action: "charts.list", patientIds: uniq(items.map((r) => r.patientId)), entityType: "chart", meta: { tab: q.tab, cursor: Boolean(cursor) } });
    const pages: QueuePages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore && last ? encodeCursor({ t: q.tab, d: last.readySince, id: last.id }) : null };
    ok(res, items.map(toChartListItem), "ok", pages);
  });

  endpoint(router, "GET /api/v1/charts/:id", async (req, res) => {
    const head = await chartHead(req, req.params.id);
    await auditRead(req, { action: "chart.read", patientId: head.patientId, entityType: "chart", entityId: head.id });
    ok(res, { chart: await loadChart(req, head) });
  });

  endpoint(router, "POST /api/v1/charts/:id/sign", async (req, res) => {
    const head = await chartHead(req, req.params.id);
    parseBody(req, chartSignSchema);
    const me = viewerOf(req);
    await chartAction(req, head, "sign", async (tx) => {
      // The chart keeps the signature it is signed with (api/domain/signature-snapshot.ts).
      const signature = await signatureForSigning(tx, me.id);
      await tx.execute(sql`UPDATE chart_reviews SET status = 'reviewed', signed_by_id = ${me.id}, signed_at = now(), consent_version = ${CHART_CONSENT_VERSION},
          signature_typed_name = ${signature?.typedName ?? null}, signature_image_key = ${signature?.imageKey ?? null}, updated_at = now()
        WHERE treatment_id = ${head.id}`);
      return { consentVersion: CHART_CONSENT_VERSION, signature: signature ? (signature.imageKey ? "image" : "typedName") : "none" };
    });
    ok(res, { chart: await loadChart(req, await chartHead(req, head.id)) }, "charts.signed");
  });

  endpoint(router, "POST /api/v1/charts/:id/cancel", async (req, res) => {
    const head = await chartHead(req, req.params.id);
    parseBody(req, chartCancelSchema);
    const me = viewerOf(req);
    await chartAction(req, head, "cancel", async (tx) => {
      await tx.execute(sql`UPDATE chart_reviews SET status = 'cancelled', cancelled_by_id = ${me.id}, cancelled_at = now(), updated_at = now() WHERE treatment_id = ${head.id}`);
      return {};
    });
    ok(res, { chart: await loadChart(req, await chartHead(req, head.id)) }, "charts.cancelled");
  });

  endpoint(router, "POST /api/v1/charts/:id/addenda", async (req, res) => {
    const head = await chartHead(req, req.params.id);
    const input = parseBody(req, chartAddendumSchema);
    const me = viewerOf(req);
    await chartAction(req, head, "addendum", async (tx) => {
      const [added] = await rows<{ id: number }>(tx, sql`INSERT INTO chart_addenda (treatment_id, author_id, body) VALUES (${head.id}, ${me.id}, ${input.body}) RETURNING id`);
      return { addendumId: added!.id };
    });
    ok(res, { chart: await loadChart(req, await chartHead(req, head.id)) }, "charts.addendumAdded");
  });

  endpoint(router, "GET /api/v1/uploads/review", async (req, res) => {
    const who = viewerOf(req);
    const q = listQuery(req, uploadsReviewQuerySchema);
    const cursor = q.cursor ? decodeUploadCursor(q.cursor) : null;
    if (q.cursor && !cursor) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
    const { db } = req.deps;
    const visible = await visiblePatientsSql(db, who, sql`u.patient_id`);
    const page = await rows<UploadRow>(db, uploadsPageSql(q, cursor, visible, q.perPage + 1));
    const hasMore = page.length > q.perPage;
    const items = hasMore ? page.slice(0, q.perPage) : page;
    const last = items[items.length - 1];
    await auditRead(req, { action: "uploads.reviewList", patientIds: uniq(items.map((r) => r.patientId)), entityType: "upload", meta: { status: q.status, cursor: Boolean(cursor) } });
    const pages: QueuePages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore && last ? encodeCursor({ id: last.id }) : null };
    ok(res, items.map(toReviewUpload), "ok", pages);
  });

  endpoint(router, "PUT /api/v1/uploads/:id/review", async (req, res) => {
    const row = await visibleUpload(req, req.params.id);
    const input = parseBody(req, uploadReviewStatusSchema);
    await req.deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE uploads SET status = ${input.status} WHERE id = ${row.id}`);
      await tx.insert(auditEvents).values(changeAudit(req, "upload.review", "upload", row.id, row.patientId, { from: row.status, to: input.status }));
    });
    ok(res, { upload: toReviewUpload({ ...row, status: input.status }) }, "uploads.reviewUpdated");
  });

  endpoint(router, "PUT /api/v1/uploads/:id/visibility", async (req, res) => {
    const row = await visibleUpload(req, req.params.id);
    const input = parseBody(req, uploadVisibilitySchema);
    await req.deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE uploads SET visibility = ${input.visibility} WHERE id = ${row.id}`);
      await tx.insert(auditEvents).values(changeAudit(req, "upload.visibility", "upload", row.id, row.patientId, { from: row.visibility, to: input.visibility }));
    });
    ok(res, { upload: toReviewUpload({ ...row, visibility: input.visibility }) }, "uploads.visibilityUpdated");
  });

  return router;
}
