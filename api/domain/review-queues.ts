/**
 * The SQL of the clinical review queues (contract: api/contract/review-queues.ts). Every list is keyset-paged and
 * reads one index range per page (LIMIT before the joins):
 * - ready for review: review_queue (kept by triggers, migration 0017) by (patient_state, created_at, treatment_id)
 *   for each licensed state, then (created_at, treatment_id) for the rest;
 * - charts: chart_reviews by (status, created_at, treatment_id);
 * - uploads: uploads by (status, id) or (status, category, id).
 * A scoped viewer's lists add the visibility condition of api/domain/patient-access.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import { REVIEW_PROMISE_HOURS, type ChartReviewStatus, type ChartTab, type ReadyKind } from "../contract/review-queue-rules.ts";
import type { ChartListItem, ReadyItem, ReadyQuery, ReviewUpload, UploadsReviewQuery } from "../contract/review-queues.ts";
import { uploadFilePath } from "../contract/patients.ts";
import { decodeCursor as decode, encodeCursor as encode, validId } from "./cursors.ts";

/** The review promise as an SQL interval literal (a constant, not a parameter). */
const PROMISE = sql.raw(`${Number(REVIEW_PROMISE_HOURS)} hours`);
const and = (conds: SQL[]): SQL => (conds.length ? sql.join(conds, sql` AND `) : sql`true`);
const TS = (col: SQL) => sql`to_char((${col}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

// ---------------------------------------------------------------------------------------------------
// Cursors: base64url JSON. Ready: { p: part (0 licensed states, 1 the rest), d, id }; charts: { t: tab, d, id };
// uploads: { id }.


export type ReadyCursor = { p: 0 | 1; d: string; id: number };
export function decodeReadyCursor(text: string): ReadyCursor | null {
  const c = decode(text);
  if (!c || (c.p !== 0 && c.p !== 1) || typeof c.d !== "string" || !TIMESTAMP_TEXT.test(c.d) || !validId(c.id)) return null;
  return { p: c.p, d: c.d, id: c.id };
}
export type ChartCursor = { t: ChartTab; d: string; id: number };
export function decodeChartCursor(text: string, tab: ChartTab): ChartCursor | null {
  const c = decode(text);
  if (!c || c.t !== tab || typeof c.d !== "string" || !TIMESTAMP_TEXT.test(c.d) || !validId(c.id)) return null;
  return { t: tab, d: c.d, id: c.id };
}
export function decodeUploadCursor(text: string): { id: number } | null {
  const c = decode(text);
  return c && validId(c.id) ? { id: c.id } : null;
}
export const encodeCursor = encode;

// ---------------------------------------------------------------------------------------------------
// Ready for review

export type ReadyRow = {
  id: number;
  patientId: number;
  patientName: string;
  sectionType: number;
  kind: ReadyKind;
  waitingSince: string;
  dueAt: string;
  minutesLeft: number;
  providerId: number | null;
  providerName: string | null;
  patientState: string | null;
  part: 0 | 1;
};

function readyBase(q: ReadyQuery, cursor: { d: string; id: number } | null, visible: SQL | undefined): SQL[] {
  const conds: SQL[] = [];
  if (q.kind) conds.push(sql`q.review_kind = ${q.kind}`);
  if (cursor) conds.push(sql`(q.created_at, q.treatment_id) > (${cursor.d}::timestamptz, ${cursor.id})`);
  if (visible) conds.push(visible);
  return conds;
}

/**
 * One part of the queue: part 0 the licensed states (one index range per state, merged), part 1 every other row
 * (no or another state). `limit` rows at most, oldest first.
 */
export function readyPartSql(part: 0 | 1, states: string[], q: ReadyQuery, cursor: { d: string; id: number } | null, visible: SQL | undefined, limit: number, scopedIds?: number[]): SQL {
  // A scoped viewer (a provider): their rows of staff_treatment_list in the review_ready tab (one index range of a
  // few rows, kept by the triggers of migration 0015, the same patients as visiblePatientsSql) as an array, then
  // review_queue by its key (= ANY: one probe per id, whatever the planner guesses of the range), sorted.
  const scoped = scopedIds !== undefined;
  const base = readyBase(q, cursor, scoped ? undefined : visible);
  const readyPick = (where: SQL, lim: number) =>
    scoped
      ? sql`(SELECT q.* FROM review_queue q
          WHERE q.treatment_id = ANY(ARRAY(SELECT l.treatment_id FROM staff_treatment_list l
                                            WHERE l.staff_id = ANY(${`{${scopedIds.join(",")}}`}::int[]) AND l.list_tab = 'review_ready'))
            AND ${where}
          ORDER BY q.created_at, q.treatment_id LIMIT ${lim})`
      : sql`(SELECT q.* FROM review_queue q WHERE ${where} ORDER BY q.created_at, q.treatment_id LIMIT ${lim})`;
  let source: SQL;
  if (part === 0) {
    source = sql.join(
      states.map((s) => readyPick(and([sql`q.patient_state = ${s}`, ...base]), limit)),
      sql` UNION ALL `,
    );
  } else {
    const notIn = states.length ? sql`(q.patient_state IS NULL OR q.patient_state <> ALL(${`{${states.join(",")}}`}::text[]))` : sql`true`;
    source = readyPick(and([notIn, ...base]), limit);
  }
  return sql`SELECT q.treatment_id AS id, q.patient_id AS "patientId", t.patient_name AS "patientName", t.section_type AS "sectionType",
      q.review_kind AS kind, ${TS(sql`q.created_at`)} AS "waitingSince",
      ${TS(sql`(q.created_at + interval '${PROMISE}')`)} AS "dueAt",
      floor(extract(epoch FROM (q.created_at + interval '${PROMISE}' - now())) / 60)::int AS "minutesLeft",
      t.provider_id AS "providerId", pr.full_name AS "providerName", q.patient_state AS "patientState", ${part}::int AS part
    FROM (SELECT x.* FROM (${source}) x ORDER BY x.created_at, x.treatment_id LIMIT ${limit}) q
    JOIN treatments t ON t.id = q.treatment_id
    LEFT JOIN users pr ON pr.id = t.provider_id
    ORDER BY q.created_at, q.treatment_id`;
}

export function toReadyItem(r: ReadyRow, licensed: boolean): ReadyItem {
  return {
    id: r.id,
    patient: { id: r.patientId, fullName: r.patientName },
    sectionType: r.sectionType,
    kind: r.kind,
    waitingSince: r.waitingSince,
    dueAt: r.dueAt,
    minutesLeft: r.minutesLeft,
    provider: r.providerId === null ? null : { id: r.providerId, fullName: r.providerName ?? "" },
    patientState: r.patientState,
    inLicensedState: licensed ? r.part === 0 : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Charts

export type ChartRow = {
  id: number;
  patientId: number;
  patientName: string;
  sectionType: number;
  status: ChartReviewStatus;
  readySince: string;
  providerId: number | null;
  providerName: string | null;
  signedById: number | null;
  signedByName: string | null;
  signedAt: string | null;
};

export function chartsPageSql(tab: ChartTab, cursor: ChartCursor | null, visible: SQL | undefined, limit: number): SQL {
  const asc = tab === "to_review";
  const conds: SQL[] = [sql`c.status = ${tab}`];
  if (cursor) conds.push(asc ? sql`(c.created_at, c.treatment_id) > (${cursor.d}::timestamptz, ${cursor.id})` : sql`(c.created_at, c.treatment_id) < (${cursor.d}::timestamptz, ${cursor.id})`);
  if (visible) conds.push(visible);
  const order = asc ? sql`c.created_at ASC, c.treatment_id ASC` : sql`c.created_at DESC, c.treatment_id DESC`;
  return sql`SELECT c.treatment_id AS id, c.patient_id AS "patientId", t.patient_name AS "patientName", t.section_type AS "sectionType",
      c.status, ${TS(sql`c.created_at`)} AS "readySince", t.provider_id AS "providerId", pr.full_name AS "providerName",
      c.signed_by_id AS "signedById", sb.full_name AS "signedByName", ${TS(sql`c.signed_at`)} AS "signedAt"
    FROM (SELECT c.* FROM chart_reviews c WHERE ${and(conds)} ORDER BY ${order} LIMIT ${limit}) c
    JOIN treatments t ON t.id = c.treatment_id
    LEFT JOIN users pr ON pr.id = t.provider_id
    LEFT JOIN users sb ON sb.id = c.signed_by_id
    ORDER BY ${order}`;
}

export function toChartListItem(r: ChartRow): ChartListItem {
  return {
    id: r.id,
    patient: { id: r.patientId, fullName: r.patientName },
    sectionType: r.sectionType,
    status: r.status,
    readySince: r.readySince,
    provider: r.providerId === null ? null : { id: r.providerId, fullName: r.providerName ?? "" },
    signedBy: r.signedById === null ? null : { id: r.signedById, fullName: r.signedByName ?? "" },
    signedAt: r.signedAt,
  };
}

// ---------------------------------------------------------------------------------------------------
// Uploads review

export type UploadRow = {
  id: number;
  patientId: number;
  patientName: string;
  category: number;
  title: string;
  fileName: string;
  mimeType: string;
  status: "for_review" | "completed";
  visibility: number;
  createdAt: string;
};

export const uploadSelect = sql`u.id, u.patient_id AS "patientId", pu.full_name AS "patientName", u.category, u.title, u.file_name AS "fileName",
  u.mime_type AS "mimeType", u.status, u.visibility::int AS visibility, ${TS(sql`u.created_at`)} AS "createdAt"`;

export function uploadsPageSql(q: UploadsReviewQuery, cursor: { id: number } | null, visible: SQL | undefined, limit: number): SQL {
  const conds: SQL[] = [sql`u.status = ${q.status}`];
  if (q.category !== undefined) conds.push(sql`u.category = ${q.category}`);
  if (cursor) conds.push(sql`u.id > ${cursor.id}`);
  if (visible) conds.push(visible);
  return sql`SELECT ${uploadSelect}
    FROM (SELECT u.* FROM uploads u WHERE ${and(conds)} ORDER BY u.id LIMIT ${limit}) u
    JOIN users pu ON pu.id = u.patient_id
    ORDER BY u.id`;
}

export function toReviewUpload(r: UploadRow): ReviewUpload {
  return {
    id: r.id,
    patient: { id: r.patientId, fullName: r.patientName },
    category: r.category,
    title: r.title,
    fileName: r.fileName,
    mimeType: r.mimeType,
    isImage: r.mimeType.startsWith("image/"),
    status: r.status,
    visibility: r.visibility,
    createdAt: r.createdAt,
    url: uploadFilePath(r.patientId, r.id),
  };
}
