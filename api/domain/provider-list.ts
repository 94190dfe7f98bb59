/**
 * The SQL of the patients list (api/contract/provider-list.ts): conditions from the query, the search by its
 * shape, keyset cursors, the capped per-tab counts, past due and the workload. Every query reads treatments
 * through one of the indexes of migration 0011 and joins the page's rows only (LIMIT before the joins).
 */
import { sql, type SQL } from "drizzle-orm";
import {
  PAST_DUE_HOURS,
  PATIENT_LIST_TABS,
  PROVIDER_LIST_COUNT_CAP,
  displayedStateOf,
  type PatientListTab,
  type ProviderListItem,
  type ProviderListQuery,
  type ProviderListSort,
  type PastDueQuery,
  type ReviewStatus,
  type TabCount,
} from "../contract/provider-list.ts";
import type { PatientStatusKey, ReadyToReviewKind } from "../contract/enums.ts";

// ---------------------------------------------------------------------------------------------------
// Search

export type Search =
  | { kind: "id"; id: number }
  | { kind: "phone"; phones: string[] }
  | { kind: "dob"; date: string }
  | { kind: "email"; prefix: string }
  | { kind: "name"; text: string }
  /** Several words: the start of the full name ("first last"), read from an index range (see the contract). */
  | { kind: "fullName"; prefix: string };

function realDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Reads the search box by its shape (the contract's table). */
export function parseSearch(text: string): Search | null {
  const s = text.trim();
  if (!s) return null;
  if (/^\d{1,9}$/.test(s)) return { kind: "id", id: Number(s) };
  if (/^\+?[\d\s().-]+$/.test(s)) {
    const digits = s.replace(/\D/g, "");
    if (digits.length === 10) return { kind: "phone", phones: [`+1${digits}`] };
    if (digits.length >= 11 && digits.length <= 15) return { kind: "phone", phones: [`+${digits}`] };
  }
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) {
    const date = realDate(Number(m[3]), Number(m[1]), Number(m[2]));
    if (date) return { kind: "dob", date };
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) {
    const date = realDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (date) return { kind: "dob", date };
  }
  if (s.includes("@")) return { kind: "email", prefix: s.toLowerCase() };
  if (/\s/.test(s)) return { kind: "fullName", prefix: s.toLowerCase().replace(/\s+/g, " ") };
  return { kind: "name", text: s };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchSql(search: Search): SQL {
  switch (search.kind) {
    case "id":
      return sql`(t.id = ${search.id} OR t.patient_id = ${search.id})`;
    case "phone":
      return sql`t.patient_id IN (SELECT u.id FROM users u WHERE u.phone = ANY(${`{${search.phones.join(",")}}`}::text[]) AND u.role = 'patients')`;
    case "dob":
      return sql`t.patient_id IN (SELECT p.user_id FROM patients p WHERE p.date_of_birth = ${search.date}::date)`;
    case "email":
      return sql`t.patient_id IN (SELECT u.id FROM users u WHERE lower(u.email) LIKE ${likeEscape(search.prefix) + "%"} AND u.role = 'patients')`;
    case "name":
      return sql`t.patient_name ILIKE ${"%" + likeEscape(search.text) + "%"}`;
    case "fullName":
      return sql`lower(t.patient_name) COLLATE "C" LIKE ${likeEscape(search.prefix) + "%"}`;
  }
}

// ---------------------------------------------------------------------------------------------------
// Cursors

export type ListCursor = { s: ProviderListSort | "past_due"; id: number; n?: string; d?: string };

export function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify(c), "utf8").toString("base64url");
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** The cursor if it is well formed and made for this sort; otherwise null. */
export function decodeCursor(text: string, sort: ListCursor["s"]): ListCursor | null {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!c || typeof c !== "object") return null;
  const { s, id, n, d } = c as Record<string, unknown>;
  if (s !== sort || !Number.isInteger(id) || (id as number) < 0 || (id as number) > 2147483647) return null;
  if (sort.startsWith("name_") && !(typeof n === "string" && n.length <= 300)) return null;
  if (sort === "past_due" && !(typeof d === "string" && TIMESTAMP_TEXT.test(d))) return null;
  return { s: sort, id: id as number, ...(typeof n === "string" ? { n } : {}), ...(typeof d === "string" ? { d } : {}) };
}

// ---------------------------------------------------------------------------------------------------
// The list

const and = (conds: SQL[]): SQL => (conds.length ? sql.join(conds, sql` AND `) : sql`true`);

/** The conditions of the query that do not depend on the tab or the cursor. */
export function filterConditions(q: Pick<ProviderListQuery, "status" | "readyToReview" | "reviewStatus" | "journey" | "providerId">, search: Search | null, visible: SQL | undefined): SQL[] {
  const conds: SQL[] = [];
  if (q.status === "inactive") conds.push(sql`t.patient_status = 0`);
  if (q.status === "active") conds.push(sql`t.patient_status <> 0`);
  if (q.readyToReview) conds.push(sql`t.review_status = 'pending' AND t.review_kind = ${q.readyToReview}`);
  if (q.reviewStatus) conds.push(sql`t.review_status = ${q.reviewStatus}`);
  if (q.journey !== undefined) conds.push(sql`t.section_type = ${q.journey}`);
  if (q.providerId !== undefined) conds.push(sql`t.provider_id = ${q.providerId}`);
  if (search) conds.push(searchSql(search));
  if (visible) conds.push(visible);
  return conds;
}

/**
 * Where a list reads its treatments. `null`: the treatments table, filtered by the viewer's visibility condition. A
 * scoped viewer with no supervisor: their own rows of staff_treatment_list (migrations 0015 and 0017, kept by
 * triggers), which carry the treatments' list columns under the same names, so that every tab, filter, sort and the
 * past-due page is one index range with staff_id first however few of the table's rows are theirs; the staff_id
 * condition is then the visibility condition. A page's display columns are read from treatments for its rows only.
 * A viewer with a supervisor (several access ids) reads the treatments table: the staff list rows of two staff
 * members would hold the same treatment twice.
 */
export type ListSource = { staffId: number } | null;

/** The source of a list request: the staff list table for one access id (no supervisor). */
export function listSourceFor(accessIds: number[] | undefined): ListSource {
  if (!accessIds || accessIds.length !== 1) return null;
  return { staffId: accessIds[0] };
}

/**
 * Whether a list's statements are read by bitmap scans only (rowsByBitmap in api/db/client.ts): a scoped viewer's
 * search by a part of the name (3 characters or more, which the trigram index can use). The planner costs an ordered
 * scan of the viewer's whole range, filtered row by row with ILIKE, as cheaper than the trigram index (70 ms against
 * 4 ms for a common last name at 1,000,000 treatments).
 */
export const readByBitmap = (src: ListSource, search: Search | null): boolean =>
  src !== null && search?.kind === "name" && search.text.length >= 3;

/** The visibility condition of a list read from `src` (undefined for the treatments table). */
export const sourceCondition = (src: ListSource): SQL | undefined => (src ? sql`t.staff_id = ${src.staffId}` : undefined);

/** The rows a list reads, as `t` with the treatments' column names. */
const fromSql = (src: ListSource): SQL =>
  src
    ? sql`(SELECT l.staff_id, l.treatment_id AS id, l.list_tab, l.patient_id, l.patient_status, l.patient_name, l.section_type,
          l.provider_id, l.review_status, l.review_kind, l.created_at FROM staff_treatment_list l) t`
    : sql`treatments t`;

const tabCondition = (tab: PatientListTab): SQL | null => (tab === "all" ? null : sql`t.list_tab = ${tab}`);

function orderBy(sort: ProviderListSort | "past_due"): SQL {
  switch (sort) {
    case "id_desc":
      return sql`t.id DESC`;
    case "id_asc":
      return sql`t.id ASC`;
    case "name_asc":
      return sql`t.patient_name ASC, t.id ASC`;
    case "name_desc":
      return sql`t.patient_name DESC, t.id DESC`;
    case "past_due":
      return sql`t.created_at ASC, t.id ASC`;
  }
}

function keyset(c: ListCursor): SQL {
  switch (c.s) {
    case "id_desc":
      return sql`t.id < ${c.id}`;
    case "id_asc":
      return sql`t.id > ${c.id}`;
    case "name_asc":
      return sql`(t.patient_name, t.id) > (${c.n!}, ${c.id})`;
    case "name_desc":
      return sql`(t.patient_name, t.id) < (${c.n!}, ${c.id})`;
    case "past_due":
      return sql`(t.created_at, t.id) > (${c.d!}::timestamptz, ${c.id})`;
  }
}

/**
 * One page (perPage + 1 rows, to know whether another follows) with what a row shows. `keys`: where the page's ids are
 * chosen, when not the list's source (the matches of a name search, nameSearchSql).
 */
function pageSql(conds: SQL[], sort: ProviderListSort | "past_due", limit: number, src: ListSource = null, keys?: SQL): SQL {
  return sql`SELECT t.id, t.patient_id AS "patientId", t.patient_name AS "patientName", t.section_type AS "sectionType",
      t.review_status AS "reviewStatus", t.review_kind AS "reviewKind", t.patient_status AS "patientStatus",
      t.patient_status_key AS "patientStatusKey", t.list_tab AS "tab", t.provider_id AS "providerId",
      to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
      to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "updatedAt",
      to_char(t.reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "reviewedAt",
      floor(extract(epoch FROM now() - t.created_at) / 3600)::int AS "waitingHours",
      u.email, u.phone, to_char(p.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
      date_part('year', age(p.date_of_birth))::int AS age, pr.full_name AS "providerName",
      (SELECT s.status FROM subscriptions s WHERE s.treatment_id = t.id ORDER BY s.id DESC LIMIT 1)::int AS "subscriptionStatus"
    FROM (${
      src || keys
        ? sql`SELECT tr.* FROM (SELECT t.id FROM ${keys ?? fromSql(src)} WHERE ${and(conds)} ORDER BY ${orderBy(sort)} LIMIT ${limit}) k JOIN treatments tr ON tr.id = k.id`
        : sql`SELECT t.* FROM treatments t WHERE ${and(conds)} ORDER BY ${orderBy(sort)} LIMIT ${limit}`
    }) t
    JOIN users u ON u.id = t.patient_id
    LEFT JOIN patients p ON p.user_id = t.patient_id
    LEFT JOIN users pr ON pr.id = t.provider_id
    ORDER BY ${orderBy(sort)}`;
}

export function listPageSql(q: ProviderListQuery, base: SQL[], cursor: ListCursor | null, src: ListSource = null): SQL {
  const conds = [...base];
  const tab = tabCondition(q.tab);
  if (tab) conds.push(tab);
  if (cursor) conds.push(keyset(cursor));
  return pageSql(conds, q.sort, q.perPage + 1, src);
}

const CAP = PROVIDER_LIST_COUNT_CAP;

/**
 * A list read by bitmap (readByBitmap: a scoped viewer's search by a part of the name) in ONE statement: the matches
 * are read once from the trigram index (a materialized set of id, tab and name), then the page and the counts of the
 * count plan ("own": the tab's capped count; "sample": at most CAP + 1 matches grouped by tab) come from that set.
 * Two statements read the index twice. Every row carries `counts` ([{ tab, n }]); a page with no rows is one row whose
 * id is null.
 */
export function nameSearchSql(q: ProviderListQuery, base: SQL[], cursor: ListCursor | null, src: ListSource, plan: "own" | "sample"): SQL {
  const conds: SQL[] = [];
  const tab = tabCondition(q.tab);
  if (tab) conds.push(tab);
  if (cursor) conds.push(keyset(cursor));
  const counted =
    plan === "own" && q.tab !== "all"
      ? sql`SELECT m.list_tab FROM m WHERE m.list_tab = ${q.tab} LIMIT ${CAP + 1}`
      : sql`SELECT m.list_tab FROM m LIMIT ${CAP + 1}`;
  return sql`WITH m AS MATERIALIZED (SELECT t.id, t.list_tab, t.patient_name FROM ${fromSql(src)} WHERE ${and(base)}),
    c AS (SELECT coalesce(json_agg(json_build_object('tab', x.list_tab, 'n', x.n)), '[]'::json) AS counts
      FROM (SELECT y.list_tab, count(*)::int AS n FROM (${counted}) y GROUP BY y.list_tab) x)
    SELECT c.counts, p.* FROM c LEFT JOIN LATERAL (${pageSql(conds, q.sort, q.perPage + 1, src, sql`m t`)}) p ON true`;
}

/** Every tab's count under the filters, each over at most CAP + 1 rows: one statement. */
export function tabCountsSql(base: SQL[], src: ListSource = null): SQL {
  const columns = PATIENT_LIST_TABS.map((tab) => {
    const conds = [...base];
    const cond = tabCondition(tab);
    if (cond) conds.push(cond);
    return sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${fromSql(src)} WHERE ${and(conds)} LIMIT ${CAP + 1}) x) AS ${sql.identifier(tab)}`;
  });
  return sql`SELECT ${sql.join(columns, sql`, `)}`;
}

/**
 * The tab counts of a search by name: one scan of at most CAP + 1 matching rows, grouped by tab (see the contract).
 * Answers the same shape as tabCountsSql, plus `total` (the rows scanned).
 */
export function tabCountsSampleSql(base: SQL[], src: ListSource = null): SQL {
  return sql`SELECT x.list_tab AS tab, count(*)::int AS n FROM (SELECT t.list_tab FROM ${fromSql(src)} WHERE ${and(base)} LIMIT ${CAP + 1}) x GROUP BY x.list_tab`;
}

export function sampleTabCounts(groups: { tab: PatientListTab | null; n: number }[]): Record<PatientListTab, TabCount> {
  const total = groups.reduce((sum, g) => sum + g.n, 0);
  const capped = total > CAP;
  return Object.fromEntries(
    PATIENT_LIST_TABS.map((tab) => {
      const n = tab === "all" ? total : (groups.find((g) => g.tab === tab)?.n ?? 0);
      return [tab, { count: Math.min(n, CAP), capped }];
    }),
  ) as Record<PatientListTab, TabCount>;
}

export function toTabCounts(row: Partial<Record<PatientListTab, number>>): Record<PatientListTab, TabCount> {
  return Object.fromEntries(PATIENT_LIST_TABS.filter((tab) => row[tab] !== undefined).map((tab) => [tab, { count: Math.min(row[tab]!, CAP), capped: row[tab]! > CAP }])) as Record<PatientListTab, TabCount>;
}

// ---------------------------------------------------------------------------------------------------
// Past due

export function pastDueConditions(q: PastDueQuery, visible: SQL | undefined): SQL[] {
  const conds: SQL[] = [sql`t.review_status = 'pending'`, sql`t.created_at < now() - make_interval(hours => ${PAST_DUE_HOURS})`];
  if (q.journey !== undefined) conds.push(sql`t.section_type = ${q.journey}`);
  if (q.providerId !== undefined) conds.push(sql`t.provider_id = ${q.providerId}`);
  if (visible) conds.push(visible);
  return conds;
}

export function pastDuePageSql(base: SQL[], cursor: ListCursor | null, perPage: number, src: ListSource = null): SQL {
  return pageSql(cursor ? [...base, keyset(cursor)] : base, "past_due", perPage + 1, src);
}

export function cappedCountSql(base: SQL[], src: ListSource = null): SQL {
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromSql(src)} WHERE ${and(base)} LIMIT ${CAP + 1}) x`;
}

// ---------------------------------------------------------------------------------------------------
// Workload

/**
 * Open reviews per active clinician, their distinct patients and the past-due ones, over at most CAP + 1 open reviews
 * each (index-only, treatments_provider_pending_patient_idx): past due is then counted among those (a lower bound).
 */
export function workloadSql(): SQL {
  return sql`SELECT u.id, u.full_name AS "fullName", u.role, w.open, w.patients, w.past_due AS "pastDue"
    FROM users u
    CROSS JOIN LATERAL (SELECT count(*)::int AS open, count(DISTINCT x.patient_id)::int AS patients,
        count(*) FILTER (WHERE x.created_at < now() - make_interval(hours => ${PAST_DUE_HOURS}))::int AS past_due
      FROM (SELECT t.patient_id, t.created_at FROM treatments t WHERE t.provider_id = u.id AND t.review_status = 'pending' LIMIT ${CAP + 1}) x) w
    WHERE u.role IN ('providers', 'providerUsers') AND u.user_status = 'active'
    ORDER BY w.open DESC, u.full_name, u.id`;
}

export function unassignedSql(): SQL {
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM treatments t WHERE t.provider_id IS NULL AND t.review_status = 'pending' LIMIT ${CAP + 1}) x`;
}

// ---------------------------------------------------------------------------------------------------
// Rows

export type ListRow = {
  id: number;
  patientId: number;
  patientName: string;
  sectionType: number;
  reviewStatus: ReviewStatus;
  reviewKind: ReadyToReviewKind;
  patientStatus: number;
  patientStatusKey: PatientStatusKey;
  tab: PatientListTab | null;
  providerId: number | null;
  createdAt: string;
  updatedAt: string;
  reviewedAt: string | null;
  waitingHours: number;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  age: number | null;
  providerName: string | null;
  subscriptionStatus: number | null;
};

export function toListItem(r: ListRow): ProviderListItem {
  return {
    id: r.id,
    patient: { id: r.patientId, fullName: r.patientName, email: r.email, phone: r.phone, dateOfBirth: r.dateOfBirth, age: r.age },
    sectionType: r.sectionType,
    reviewStatus: r.reviewStatus,
    reviewKind: r.reviewKind,
    displayedState: displayedStateOf(r.reviewStatus, r.subscriptionStatus),
    subscriptionStatus: r.subscriptionStatus,
    patientStatus: r.patientStatus,
    patientStatusKey: r.patientStatusKey,
    tab: r.tab,
    provider: r.providerId !== null && r.providerName !== null ? { id: r.providerId, fullName: r.providerName } : null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    reviewedAt: r.reviewedAt,
    waitingHours: r.reviewStatus === "pending" ? r.waitingHours : null,
  };
}

/** The cursor after the last row of a page. */
export function cursorAfter(r: ListRow, sort: ListCursor["s"]): string {
  if (sort === "past_due") return encodeCursor({ s: sort, id: r.id, d: r.createdAt });
  if (sort.startsWith("name_")) return encodeCursor({ s: sort, id: r.id, n: r.patientName });
  return encodeCursor({ s: sort, id: r.id });
}

/**
 * Which count statement a list request runs (the contract's "Counts"): every tab's capped count on a first page,
 * one scan grouped by tab for a search by name or a scoped viewer (providerUsers), and only the tab's own capped count on a page by cursor or with
 * counts=false.
 */
export function countPlan(q: ProviderListQuery, base: SQL[], cursor: ListCursor | null, search: Search | null, scoped: boolean, src: ListSource = null): { kind: "own" | "sample" | "tabs"; sql: SQL } {
  if (cursor || !q.counts) return { kind: "own", sql: cappedCountSql(q.tab === "all" ? base : [...base, sql`t.list_tab = ${q.tab}`], src) };
  // A scoped viewer's counts: one grouped scan of at most CAP + 1 of their rows (the contract's "Counts").
  if (search?.kind === "name" || scoped) return { kind: "sample", sql: tabCountsSampleSql(base, src) };
  return { kind: "tabs", sql: tabCountsSql(base, src) };
}

