/**
 * The staff task calls of spec §7 (contract: api/contract/tasks.ts; rules and SQL: api/domain/tasks.ts).
 *
 * Every change runs in one transaction with its activity entries (task_comments, kind 'activity', English
 * sentences of TASK_ACTIVITY_TEMPLATES) and its audit records (one per affected patient; meta holds field
 * names and ids only, never titles, descriptions or comments). Reads of a task with a patient are audited
 * too, and every list read is audited once, with the ids of the patients whose tasks it returned (patient_ids).
 */
import { Router, type Request } from "express";
import { eq, inArray, sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import {
  TASKS_MAX_OFFSET,
  TASK_ACTIVITY_TEMPLATES,
  TV,
  parseTasksQuery,
  taskCommentCreateSchema,
  taskCreateSchema,
  taskUpdateSchema,
  tasksMassDeleteSchema,
  tasksMassUpdateSchema,
  idField,
  type TaskPages,
} from "../contract/tasks.ts";
import { fieldCodesOf } from "../contract/validation.ts";
import type { FieldCodes } from "../contract/codes.ts";
import { rows, type Db } from "../db/client.ts";
import { auditEvents, taskComments, tasks, users } from "../db/schema.ts";
import { isStaffRole } from "../contract/roles.ts";
import { descriptionToHtml } from "../domain/sanitize.ts";
import {
  activitySentences,
  buildListPlan,
  changedFields,
  countResult,
  cursorAfter,
  dayBounds,
  decodeCursor,
  descriptionUpdatesSql,
  oneTaskSql,
  toDescriptionUpdate,
  toTask,
  toTaskListItem,
  type CommentRow,
  type TaskFields,
  type TaskPatch,
  type TaskRow,
} from "../domain/tasks.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";

/** node-postgres and PGlite both answer { rows } through drizzle's execute. */

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

function taskId(req: Request): number {
  const parsed = idParam.safeParse(req.params.id);
  if (!parsed.success) throw notFound("tasks.notFound");
  return parsed.data;
}

type AuditRow = typeof auditEvents.$inferInsert;
/** An audit record of a task event, written inside the change's transaction (same fields as audit()). */
function auditRow(req: Request, action: string, task: { id: number | null; patientId: number | null }, meta?: Record<string, string | number | boolean | null>): AuditRow {
  return {
    actorId: req.auth.user?.id ?? null,
    actorRole: req.auth.role,
    action,
    entityType: "task",
    entityId: task.id === null ? null : String(task.id),
    patientId: task.patientId,
    ip: clientIp(req),
    outcome: "success",
    meta: meta ?? null,
  };
}

/**
 * Writes the audit record of a read. The read's answer waits for it, so it commits without waiting for the
 * WAL flush (synchronous_commit off for this one statement, set with set_config(…, true) inside it): ~0.2 ms
 * instead of an fsync (3–6 ms measured here), in one round trip. The record reaches disk with the WAL
 * writer's next flush (within ~0.6 s); a crash of the database in that window can lose the last read records,
 * never a change or its record: changes write their audit rows in their own synchronous transaction.
 */
async function auditRead(req: Request, row: AuditRow): Promise<void> {
  await req.deps.db.execute(sql`INSERT INTO audit_events (actor_id, actor_role, action, entity_type, entity_id, patient_id, patient_ids, ip, outcome, meta)
    SELECT ${row.actorId ?? null}::int, ${row.actorRole}::text, ${row.action}::text, ${row.entityType ?? null}::text, ${row.entityId ?? null}::text,
      ${row.patientId ?? null}::int, ${row.patientIds ? `{${row.patientIds.join(",")}}` : null}::int[], ${row.ip ?? null}::text,
      ${row.outcome ?? "success"}::text, ${row.meta ? JSON.stringify(row.meta) : null}::jsonb
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`);
}

/** One audit row per patient the change touched (before and after), or one without a patient. */
function auditRowsForChange(req: Request, action: string, id: number, patients: (number | null)[], meta: Record<string, string | number | boolean | null>): AuditRow[] {
  const distinct = [...new Set(patients.filter((p): p is number => p !== null))];
  return (distinct.length ? distinct : [null]).map((patientId) => auditRow(req, action, { id, patientId }, meta));
}

type Person = { id: number; role: string; userStatus: string; fullName: string };
async function people(db: Db, ids: (number | null | undefined)[]): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === "number"))];
  if (!wanted.length) return new Map();
  const found = await db
    .select({ id: users.id, role: users.role, userStatus: users.userStatus, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(found.map((p) => [p.id, p]));
}

/**
 * Field errors for a patient that is not an existing patient, or an assignee that is not an active staff
 * member. Only the ids that are given (not null/undefined) are checked.
 */
function peopleErrors(found: Map<number, Person>, ids: { patientId?: number | null; providerId?: number | null }): FieldCodes {
  const errors: FieldCodes = {};
  if (typeof ids.patientId === "number" && found.get(ids.patientId)?.role !== "patients") errors.patientId = [{ code: TV.patient }];
  if (typeof ids.providerId === "number") {
    const p = found.get(ids.providerId);
    if (!p || !isStaffRole(p.role as never) || p.userStatus !== "active") errors.providerId = [{ code: TV.assignee }];
  }
  return errors;
}

async function loadTask(db: Db, id: number) {
  const [row] = await rows<TaskRow>(db, oneTaskSql(id));
  if (!row) return null;
  const comments = await rows<CommentRow>(db, descriptionUpdatesSql(id));
  return toTask(row, comments);
}

const fieldsOf = (t: typeof tasks.$inferSelect): TaskFields => ({
  title: t.title,
  description: t.description,
  status: t.status,
  patientId: t.patientId,
  providerId: t.providerId,
  sectionType: t.sectionType,
  source: t.source,
  category: t.category,
});

export function tasksRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v2/tasks", async (req, res) => {
    const user = me(req);
    const parsed = parseTasksQuery(req.query as Record<string, unknown>);
    if (!parsed.success) throw badRequest("common.invalidFields", fieldCodesOf(parsed.error.issues));
    const q = parsed.data;
    const cursor = q.cursor ? decodeCursor(q.cursor, q.sort) : null;
    if (q.cursor && !cursor) throw badRequest("common.invalidFields", fieldCode("cursor", TV.cursor));
    const offset = cursor ? 0 : (q.page - 1) * q.perPage;
    if (offset > TASKS_MAX_OFFSET) throw badRequest("common.invalidFields", fieldCode("page", TV.tooDeep, { max: TASKS_MAX_OFFSET }));
    const { db } = req.deps;
    let range = {};
    if (q.dateFrom || q.dateTo) {
      const [u] = await db.select({ offset: users.utcOffsetMinutes }).from(users).where(eq(users.id, user.id)).limit(1);
      range = dayBounds(q.dateFrom, q.dateTo, u?.offset ?? 0);
    }
    const plan = buildListPlan({ q, range, cursor, offset });
    // The page and the capped count do not depend on each other: one round trip each, in parallel.
    const [page, [counted]] = await Promise.all([rows<TaskRow>(db, plan.page), rows<{ n: number; scanned: number }>(db, plan.count)]);
    const hasMore = page.length > q.perPage;
    const items = hasMore ? page.slice(0, q.perPage) : page;
    // The audit record names the patients whose tasks the page returned (issue 12), so it follows the page.
    const patientIds = [...new Set(items.map((t) => t.patientId).filter((p): p is number => p !== null))];
    await auditRead(req, { ...auditRow(req, "tasks.list", { id: null, patientId: null }, { page: q.page, perPage: q.perPage, cursor: Boolean(cursor) }), patientIds });
    const pages: TaskPages = {
      ...countResult(counted, { offset, rows: items.length, hasMore, byCursor: Boolean(cursor) }),
      page: q.page,
      perPage: q.perPage,
      hasMore,
      nextCursor: hasMore ? cursorAfter(items[items.length - 1], q.sort) : null,
    };
    ok(res, items.map(toTaskListItem), "ok", pages);
  });

  endpoint(router, "GET /api/v1/tasks/:id", async (req, res) => {
    const id = taskId(req);
    const task = await loadTask(req.deps.db, id);
    if (!task) throw notFound("tasks.notFound");
    if (task.patientId !== null) await auditRead(req, auditRow(req, "task.read", task));
    ok(res, task);
  });

  endpoint(router, "POST /api/v1/tasks", async (req, res) => {
    const user = me(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const parsed = taskCreateSchema.safeParse(body);
    const errors: FieldCodes = parsed.success ? {} : fieldCodesOf(parsed.error.issues);
    // Check the people even when other fields are wrong, so that every error shows at once.
    const patientId = parsed.success ? parsed.data.patientId : idField().safeParse(body.patientId).data;
    const providerId = parsed.success ? parsed.data.providerId : idField().safeParse(body.providerId).data;
    const found = await people(req.deps.db, [patientId, providerId]);
    for (const [k, v] of Object.entries(peopleErrors(found, { patientId, providerId }))) errors[k] ??= v;
    if (!parsed.success || Object.keys(errors).length) throw badRequest("common.invalidFields", errors);
    const input = parsed.data;
    const { db } = req.deps;
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tasks)
        .values({
          title: input.title,
          description: input.description,
          htmlDescription: descriptionToHtml(input.description),
          status: input.status,
          patientId: input.patientId,
          providerId: input.providerId,
          sectionType: input.sectionType,
          source: input.source ?? null,
          category: input.category ?? null,
          auto: false,
          ...(input.dateAssigned ? { dateAssigned: input.dateAssigned } : {}),
          createdById: user.id,
        })
        .returning({ id: tasks.id });
      await tx.insert(taskComments).values({ taskId: row.id, userId: user.id, kind: "activity", description: TASK_ACTIVITY_TEMPLATES.created });
      await tx.insert(auditEvents).values(auditRow(req, "task.create", { id: row.id, patientId: input.patientId }, { providerId: input.providerId, status: input.status }));
      return row.id;
    });
    ok(res, await loadTask(db, id), "tasks.created");
  });

  endpoint(router, "PUT /api/v1/tasks/:id", async (req, res) => {
    const user = me(req);
    const id = taskId(req);
    const patch: TaskPatch = parseBody(req, taskUpdateSchema);
    const { db } = req.deps;
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(tasks).where(eq(tasks.id, id)).for("update");
      if (!current) throw notFound("tasks.notFound");
      const before = fieldsOf(current);
      const changed = changedFields(before, patch);
      if (!changed.length) return;
      const found = await people(tx as unknown as Db, [before.patientId, before.providerId, patch.patientId, patch.providerId]);
      const errors = peopleErrors(found, {
        patientId: changed.includes("patientId") ? patch.patientId : undefined,
        providerId: changed.includes("providerId") ? patch.providerId : undefined,
      });
      if (Object.keys(errors).length) throw badRequest("common.invalidFields", errors);
      const set: Partial<typeof tasks.$inferInsert> = { updatedAt: new Date() };
      for (const f of changed) (set as Record<string, unknown>)[f] = patch[f];
      if (changed.includes("description")) set.htmlDescription = descriptionToHtml(patch.description!);
      await tx.update(tasks).set(set).where(eq(tasks.id, id));
      const names = new Map([...found.values()].map((p) => [p.id, p.fullName]));
      const sentences = activitySentences(before, patch, names);
      await tx.insert(taskComments).values(sentences.map((description) => ({ taskId: id, userId: user.id, kind: "activity" as const, description })));
      const after = { ...before, ...Object.fromEntries(changed.map((f) => [f, patch[f]])) } as TaskFields;
      await tx.insert(auditEvents).values(auditRowsForChange(req, "task.update", id, [before.patientId, after.patientId], { fields: changed.join(","), status: after.status, providerId: after.providerId }));
    });
    ok(res, await loadTask(db, id), "tasks.updated");
  });

  endpoint(router, "DELETE /api/v1/tasks/:id", async (req, res) => {
    const id = taskId(req);
    await req.deps.db.transaction(async (tx) => {
      const [gone] = await tx.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id, patientId: tasks.patientId });
      if (!gone) throw notFound("tasks.notFound");
      await tx.insert(auditEvents).values(auditRow(req, "task.delete", gone));
    });
    ok(res, { id }, "tasks.deleted");
  });

  endpoint(router, "POST /api/v2/tasks/mass-update", async (req, res) => {
    const user = me(req);
    const input = parseBody(req, tasksMassUpdateSchema);
    const { db } = req.deps;
    if (typeof input.providerId === "number") {
      const errors = peopleErrors(await people(db, [input.providerId]), { providerId: input.providerId });
      if (Object.keys(errors).length) throw badRequest("common.invalidFields", errors);
    }
    const patch: TaskPatch = { status: input.status, providerId: input.providerId };
    const ids = await db.transaction(async (tx) => {
      const current = await tx.select().from(tasks).where(inArray(tasks.id, input.ids)).orderBy(tasks.id).for("update");
      const found = await people(tx as unknown as Db, [...current.map((t) => t.providerId), input.providerId]);
      const names = new Map([...found.values()].map((p) => [p.id, p.fullName]));
      const changedIds: number[] = [];
      const activity: (typeof taskComments.$inferInsert)[] = [];
      const audits: AuditRow[] = [];
      for (const t of current) {
        const before = fieldsOf(t);
        const changed = changedFields(before, patch);
        if (!changed.length) continue;
        changedIds.push(t.id);
        for (const description of activitySentences(before, patch, names)) activity.push({ taskId: t.id, userId: user.id, kind: "activity", description });
        audits.push(auditRow(req, "task.update", t, { fields: changed.join(","), mass: true, status: patch.status ?? t.status, providerId: patch.providerId === undefined ? t.providerId : patch.providerId }));
      }
      if (changedIds.length) {
        const set: Partial<typeof tasks.$inferInsert> = { updatedAt: new Date() };
        if (patch.status !== undefined) set.status = patch.status;
        if (patch.providerId !== undefined) set.providerId = patch.providerId;
        await tx.update(tasks).set(set).where(inArray(tasks.id, changedIds));
        await tx.insert(taskComments).values(activity);
        await tx.insert(auditEvents).values(audits);
      }
      return current.map((t) => t.id);
    });
    ok(res, { ids, count: ids.length }, "tasks.massUpdated");
  });

  endpoint(router, "DELETE /api/v2/tasks/mass-delete", async (req, res) => {
    // DELETE with a JSON body, as the spec has it; `ids[]=` in the query string works too (some proxies drop DELETE bodies).
    const body = req.body && typeof req.body === "object" && "ids" in req.body ? req.body : { ids: (req.query["ids[]"] ?? req.query.ids) as unknown };
    const q = Array.isArray(body.ids) || body.ids === undefined ? body : { ids: String(body.ids).split(",") };
    const parsed = tasksMassDeleteSchema.safeParse(q);
    if (!parsed.success) throw badRequest("common.invalidFields", fieldCodesOf(parsed.error.issues));
    const ids = await req.deps.db.transaction(async (tx) => {
      const gone = await tx.delete(tasks).where(inArray(tasks.id, parsed.data.ids)).returning({ id: tasks.id, patientId: tasks.patientId });
      if (gone.length) await tx.insert(auditEvents).values(gone.map((t) => auditRow(req, "task.delete", t, { mass: true })));
      return gone.map((t) => t.id).sort((a, b) => a - b);
    });
    ok(res, { ids, count: ids.length }, "tasks.massDeleted");
  });

  endpoint(router, "POST /api/v1/tasks/:id/comments", async (req, res) => {
    const user = me(req);
    const id = taskId(req);
    const { description } = parseBody(req, taskCommentCreateSchema);
    const { db } = req.deps;
    const commentId = await db.transaction(async (tx) => {
      const [task] = await tx.update(tasks).set({ updatedAt: new Date() }).where(eq(tasks.id, id)).returning({ id: tasks.id, patientId: tasks.patientId });
      if (!task) throw notFound("tasks.notFound");
      const [row] = await tx.insert(taskComments).values({ taskId: id, userId: user.id, kind: "comment", description }).returning({ id: taskComments.id });
      await tx.insert(auditEvents).values(auditRow(req, "task.comment", task, { commentId: row.id }));
      return row.id;
    });
    const [row] = await rows<CommentRow>(
      db,
      sql`SELECT c.id, c.kind, c.description, c.created_at AS "createdAt", u.full_name AS "fullName", u.avatar_url AS "avatar"
      FROM task_comments c LEFT JOIN users u ON u.id = c.user_id WHERE c.id = ${commentId}`,
    );
    ok(res, toDescriptionUpdate(row), "tasks.commented");
  });

  return router;
}
