/**
 * The patients list calls of spec §7 (contract: api/contract/provider-list.ts; SQL: api/domain/provider-list.ts):
 * GET /api/v1/treatments/provider-list, GET /api/v1/treatments/provider-list-past-due,
 * GET /api/v1/treatments/provider-workload (ours) and POST /api/v1/treatments/assign-provider-bulk.
 *
 * Every list shows only the patients the caller may see (visiblePatientsSql, api/domain/patient-access.ts) and
 * is audited once with the ids of the patients it returned (never the search text); a bulk assignment changes
 * every treatment or none, with one audit row per treatment (its patient) in the same transaction.
 */
import { Router, type Request } from "express";
import { inArray, sql, type SQL } from "drizzle-orm";
import {
  PAST_DUE_HOURS,
  PROVIDER_LIST_COUNT_CAP,
  assignProviderBulkSchema,
  dropEmpty,
  pastDueQuerySchema,
  providerListQuerySchema,
  type PatientListTab,
  type ProviderListPages,
  type TabCount,
  type Workload,
} from "../contract/provider-list.ts";
import { V, fieldCodesOf } from "../contract/validation.ts";
import { rows, rowsByBitmap, type Db } from "../db/client.ts";
import { viewerOf } from "./patient-access.ts";
import { auditEvents, treatments, users } from "../db/schema.ts";
import { scopedAccessIds, visiblePatientsSql } from "../domain/patient-access.ts";
import {
  cappedCountSql,
  countPlan,
  cursorAfter,
  decodeCursor,
  filterConditions,
  listPageSql,
  nameSearchSql,
  readByBitmap,
  listSourceFor,
  parseSearch,
  pastDueConditions,
  sampleTabCounts,
  sourceCondition,
  pastDuePageSql,
  toListItem,
  toTabCounts,
  unassignedSql,
  workloadSql,
  type ListRow,
} from "../domain/provider-list.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { badRequest, fieldCode, notFound, ok } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";



/** The audit row of a list read: the patients it returned, ids only; committed without waiting for the disk (see tasks). */
async function auditList(req: Request, action: string, patientIds: number[], meta: Record<string, string | number | boolean>): Promise<void> {
  await req.deps.db.execute(sql`INSERT INTO audit_events (actor_id, actor_role, action, entity_type, patient_ids, ip, outcome, meta)
    SELECT ${req.auth.user?.id ?? null}::int, ${req.auth.role}::text, ${action}::text, 'treatment'::text,
      ${`{${patientIds.join(",")}}`}::int[], ${clientIp(req) ?? null}::text, 'success'::text, ${JSON.stringify(meta)}::jsonb
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`);
}

const patientIdsOf = (items: ListRow[]) => [...new Set(items.map((r) => r.patientId))];

/** Runs nameSearchSql (ordered index scans off: rowsByBitmap) and splits its rows into the page and the counts. */
async function bitmapSearch(db: Db, statement: SQL, tab: PatientListTab, kind: "own" | "sample"): Promise<[ListRow[], Partial<Record<PatientListTab, TabCount>>]> {
  const out = await rowsByBitmap<ListRow & { counts: { tab: PatientListTab | null; n: number }[] }>(db, statement);
  const groups = out[0]?.counts ?? [];
  const page = out.filter((r) => r.id !== null);
  const counts = kind === "own" ? toTabCounts({ [tab]: groups.reduce((n, g) => n + g.n, 0) }) : sampleTabCounts(groups);
  return [page, counts];
}

export function providerListRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/treatments/provider-list", async (req, res) => {
    const who = viewerOf(req);
    const parsed = providerListQuerySchema.safeParse(dropEmpty(req.query as Record<string, unknown>));
    if (!parsed.success) throw badRequest("common.invalidFields", fieldCodesOf(parsed.error.issues));
    const q = parsed.data;
    const cursor = q.cursor ? decodeCursor(q.cursor, q.sort) : null;
    if (q.cursor && !cursor) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
    const { db } = req.deps;
    // A provider without a supervisor reads their own rows of staff_treatment_list (one index range per tab, filter
    // and sort); otherwise the treatments table filtered by visiblePatientsSql.
    const src = listSourceFor(await scopedAccessIds(db, who));
    const visible = src ? sourceCondition(src) : await visiblePatientsSql(db, who, sql`t.patient_id`);
    const search = q.search ? parseSearch(q.search) : null;
    const base = filterConditions(q, search, visible);
    // The first page counts every tab (the tab links show them); a page by cursor counts its own tab only; a search
    // by name counts its matches once, grouped by tab (the contract's "Counts").
    const plan = countPlan(q, base, cursor, search, visible !== undefined, src);
    const counting = async (): Promise<Partial<Record<PatientListTab, TabCount>>> => {
      if (plan.kind === "own") return toTabCounts({ [q.tab]: (await rows<{ n: number }>(db, plan.sql))[0].n });
      if (plan.kind === "sample") return sampleTabCounts(await rows<{ tab: PatientListTab | null; n: number }>(db, plan.sql));
      return toTabCounts((await rows<Record<PatientListTab, number>>(db, plan.sql))[0]);
    };
    // A provider's search by a part of the name: one statement through the trigram index (nameSearchSql).
    const bitmap = readByBitmap(src, search) && plan.kind !== "tabs" ? await bitmapSearch(db, nameSearchSql(q, base, cursor, src, plan.kind), q.tab, plan.kind) : null;
    const [page, counts] = bitmap ?? (await Promise.all([rows<ListRow>(db, listPageSql(q, base, cursor, src)), counting()]));
    const hasMore = page.length > q.perPage;
    const items = hasMore ? page.slice(0, q.perPage) : page;
    await auditList(req, "treatments.list", patientIdsOf(items), { tab: q.tab, cursor: Boolean(cursor), search: Boolean(q.search) });
    const tabCounts = plan.kind === "own" ? undefined : (counts as Record<PatientListTab, TabCount>);
    const own = counts[q.tab]!;
    const pages: ProviderListPages = {
      totalCount: own.count,
      totalCountCapped: own.capped,
      page: 1,
      perPage: q.perPage,
      hasMore,
      nextCursor: hasMore ? cursorAfter(items[items.length - 1], q.sort) : null,
      tabCounts,
    };
    ok(res, items.map(toListItem), "ok", pages);
  });

  endpoint(router, "GET /api/v1/treatments/provider-list-past-due", async (req, res) => {
    const who = viewerOf(req);
    const parsed = pastDueQuerySchema.safeParse(dropEmpty(req.query as Record<string, unknown>));
    if (!parsed.success) throw badRequest("common.invalidFields", fieldCodesOf(parsed.error.issues));
    const q = parsed.data;
    const cursor = q.cursor ? decodeCursor(q.cursor, "past_due") : null;
    if (q.cursor && !cursor) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
    const { db } = req.deps;
    const src = listSourceFor(await scopedAccessIds(db, who));
    const base = pastDueConditions(q, src ? sourceCondition(src) : await visiblePatientsSql(db, who, sql`t.patient_id`));
    const [page, [counted]] = await Promise.all([rows<ListRow>(db, pastDuePageSql(base, cursor, q.perPage, src)), rows<{ n: number }>(db, cappedCountSql(base, src))]);
    const hasMore = page.length > q.perPage;
    const items = hasMore ? page.slice(0, q.perPage) : page;
    await auditList(req, "treatments.pastDue", patientIdsOf(items), { cursor: Boolean(cursor), hours: PAST_DUE_HOURS });
    const pages: ProviderListPages = {
      totalCount: Math.min(counted.n, PROVIDER_LIST_COUNT_CAP),
      totalCountCapped: counted.n > PROVIDER_LIST_COUNT_CAP,
      page: 1,
      perPage: q.perPage,
      hasMore,
      nextCursor: hasMore ? cursorAfter(items[items.length - 1], "past_due") : null,
    };
    ok(res, items.map(toListItem), "ok", pages);
  });

  endpoint(router, "GET /api/v1/treatments/provider-workload", async (req, res) => {
    viewerOf(req);
    const { db } = req.deps;
    type Row = { id: number; fullName: string; role: "providers" | "providerUsers"; open: number; patients: number; pastDue: number };
    const [list, [unassigned]] = await Promise.all([rows<Row>(db, workloadSql()), rows<{ n: number }>(db, unassignedSql())]);
    const cap = PROVIDER_LIST_COUNT_CAP;
    const data: Workload = {
      providers: list.map((r) => ({
        provider: { id: r.id, fullName: r.fullName, role: r.role },
        openReviews: Math.min(r.open, cap),
        patients: Math.min(r.patients, cap),
        capped: r.open > cap,
        pastDue: Math.min(r.pastDue, cap),
      })),
      unassigned: { openReviews: Math.min(unassigned.n, cap), capped: unassigned.n > cap },
    };
    ok(res, data);
  });

  endpoint(router, "POST /api/v1/treatments/assign-provider-bulk", async (req, res) => {
    viewerOf(req);
    const input = parseBody(req, assignProviderBulkSchema);
    const { db } = req.deps;
    const [provider] = await db
      .select({ id: users.id, role: users.role, userStatus: users.userStatus })
      .from(users)
      .where(inArray(users.id, [input.providerId]));
    if (!provider || (provider.role !== "providers" && provider.role !== "providerUsers") || provider.userStatus !== "active") {
      throw badRequest("common.invalidFields", fieldCode("providerId", V.invalid));
    }
    const ids = await db.transaction(async (tx) => {
      const current = await tx
        .select({ id: treatments.id, patientId: treatments.patientId, providerId: treatments.providerId })
        .from(treatments)
        .where(inArray(treatments.id, input.ids))
        .orderBy(treatments.id)
        .for("update");
      if (current.length !== input.ids.length) throw notFound("providerList.notFound");
      await tx.update(treatments).set({ providerId: input.providerId, updatedAt: new Date() }).where(inArray(treatments.id, input.ids));
      await tx.insert(auditEvents).values(
        current.map((t) => ({
          actorId: req.auth.user?.id ?? null,
          actorRole: req.auth.role,
          action: "treatment.assignProvider",
          entityType: "treatment",
          entityId: String(t.id),
          patientId: t.patientId,
          ip: clientIp(req),
          outcome: "success" as const,
          meta: { from: t.providerId, to: input.providerId, bulk: true },
        })),
      );
      return current.map((t) => t.id);
    });
    ok(res, { ids, count: ids.length }, { code: "providerList.assigned", params: { count: ids.length } });
  });

  return router;
}
