/**
 * Users and roles, and the dashboards (issue 19). Contract and decisions: api/contract/staff-admin.ts,
 * staff-admin-rules.ts, staff-dashboard.ts, staff-dashboard-rules.ts; the account state machine
 * api/domain/staff-users.ts; the dashboard figures api/domain/staff-dashboard.ts.
 *   GET  /api/v1/staff-users, GET /api/v1/staff-users/{id}
 *   POST /api/v1/users/invite, /api/v1/users/{id}/update, /suspend, /unsuspend, /deactivate, /resend-invite
 *   GET  /api/v1/staff/dashboard
 * Every change and its audit row are one transaction; suspending or deactivating revokes the user's sessions in it.
 */
import { Router, type Request } from "express";
import { and, eq, inArray, isNull, gt, ne, sql, type SQL } from "drizzle-orm";
import { SET_PASSWORD_PATH } from "../contract/account.ts";
import { idParam } from "../contract/common.ts";
import { STAFF_ROLES, isStaffRole, type StaffRole } from "../contract/roles.ts";
import { inviteRequestSchema, staffUserUpdateSchema, staffUsersQuerySchema, type StaffUser, type StaffUsersPages } from "../contract/staff-admin.ts";
import { INVITE_TTL_DAYS, type StaffUserAction, type StaffUserStatus } from "../contract/staff-admin-rules.ts";
import { rows, type Db } from "../db/client.ts";
import { auditEvents, userTokens, users } from "../db/schema.ts";
import { decodeCursor, encodeCursor, validId } from "../domain/cursors.ts";
import { deliverLater, renderMail, sendMail, type MailLocale } from "../domain/mail.ts";
import { staffDashboard } from "../domain/staff-dashboard.ts";
import { allowedActions, endsSessions, nextStatus, removesLastManager, type Target } from "../domain/staff-users.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { revokeAllSessions } from "../http/session.ts";
import { parseBody, parseWith } from "../http/validate.ts";
import { issueToken } from "./account.ts";
import { isUniqueViolation } from "../db/errors.ts";

type UserRow = typeof users.$inferSelect;

function caller(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

/** Active provider managers other than `id`. */
async function otherActiveManagers(db: Db, id: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, "providers"), eq(users.userStatus, "active"), ne(users.id, id)));
  return r?.n ?? 0;
}

const targetOf = (u: UserRow): Target => ({ id: u.id, role: u.role, userStatus: u.userStatus, hasPassword: u.passwordHash !== null });

async function toStaffUser(db: Db, callerId: number, u: UserRow, others?: number): Promise<StaffUser> {
  const n = others ?? (u.role === "providers" && u.userStatus === "active" ? await otherActiveManagers(db, u.id) : 1);
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: u.fullName,
    avatarUrl: u.avatarUrl,
    role: u.role as StaffRole,
    profession: u.profession,
    userStatus: u.userStatus,
    createdAt: u.createdAt.toISOString(),
    actions: allowedActions(callerId, targetOf(u), n),
    roleEditable: !removesLastManager(targetOf(u), { role: "providerUsers" }, n),
  };
}

/** A staff user by the path's id (a patient's or an unknown id: 404). */
async function staffUserById(db: Db, raw: unknown): Promise<UserRow> {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound();
  const [u] = await db.select().from(users).where(eq(users.id, parsed.data)).limit(1);
  if (!u || !isStaffRole(u.role)) throw notFound();
  return u;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

function inviteLink(req: Request, token: string, userId: number): string {
  const url = new URL(SET_PASSWORD_PATH, req.deps.config.publicUrl);
  url.searchParams.set("code", token);
  url.searchParams.set("id", String(userId));
  return url.toString();
}

function mailInvite(req: Request, user: { id: number; email: string; firstName: string; locale: MailLocale }): void {
  const deps = { db: req.deps.db, config: req.deps.config, logger: req.deps.logger };
  deliverLater(deps, async () => {
    const token = await issueToken(deps.db, user.id, "invite", INVITE_TTL_DAYS * 86_400_000);
    await sendMail(deps, { to: user.email, ...renderMail("staffInvite", user.locale, { name: user.firstName, link: inviteLink(req, token, user.id) }) });
  });
}

async function auditIn(tx: Db, req: Request, action: string, targetId: number, meta: Record<string, string | number | boolean> = {}) {
  await tx.insert(auditEvents).values({
    actorId: req.auth.user?.id ?? null,
    actorRole: req.auth.role,
    action,
    entityType: "user",
    entityId: String(targetId),
    ip: clientIp(req),
    outcome: "success",
    meta,
  });
}

const emailTaken = () => new ApiError(409, "users.emailTaken", { fields: fieldCode("email", "users.emailTaken") });

export function staffAdminRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/staff/dashboard", async (req, res) => {
    const me = caller(req);
    if (!isStaffRole(me.role)) throw notFound();
    ok(res, await staffDashboard(req.deps.db, { id: me.id, role: me.role }));
  });

  endpoint(router, "GET /api/v1/staff-users", async (req, res) => {
    const me = caller(req);
    const { "roles[]": rolesArray, ...rest } = req.query as Record<string, unknown>;
    const q = parseWith(staffUsersQuerySchema, { ...rest, ...(rolesArray !== undefined ? { roles: rolesArray } : {}) });
    const { db } = req.deps;
    const [field, dir] = q.sort.split("_") as ["fullName" | "email" | "createdAt", "asc" | "desc"];
    const column = field === "fullName" ? sql`u.full_name` : field === "email" ? sql`lower(u.email)` : sql`u.created_at`;
    const conds: SQL[] = [sql`u.role IN (${sql.join((q.roles?.length ? q.roles : STAFF_ROLES).map((r) => sql`${r}`), sql`, `)})`];
    if (q.userStatus) conds.push(sql`u.user_status = ${q.userStatus}`);
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`;
      conds.push(sql`(u.full_name ILIKE ${like} OR u.email ILIKE ${like}${/^\d{1,9}$/.test(q.search) ? sql` OR u.id = ${Number(q.search)}` : sql``})`);
    }
    // Keyset: (sort value, id) after the cursor's, in the sort's direction. The staff are hundreds of rows at most
    // (patients are excluded by the role condition, users_role_full_name_idx); no OFFSET, no count of the table.
    if (q.cursor) {
      const c = decodeCursor(q.cursor);
      if (!c || c.s !== q.sort || !validId(c.id) || typeof c.v !== "string") throw new ApiError(400, "common.invalidFields", { fields: fieldCode("cursor", "validation.invalid") });
      const value = field === "createdAt" ? sql`${c.v}::timestamptz` : sql`${c.v}`;
      conds.push(dir === "asc" ? sql`(${column}, u.id) > (${value}, ${c.id})` : sql`(${column}, u.id) < (${value}, ${c.id})`);
    }
    const order = dir === "asc" ? sql`${column} ASC, u.id ASC` : sql`${column} DESC, u.id DESC`;
    const found = await rows<{ id: number; v: string }>(
      db,
      sql`SELECT u.id, (${column})::text AS v FROM users u WHERE ${sql.join(conds, sql` AND `)} ORDER BY ${order} LIMIT ${q.perPage + 1}`,
    );
    const hasMore = found.length > q.perPage;
    const page = found.slice(0, q.perPage);
    const full = page.length ? await db.select().from(users).where(inArray(users.id, page.map((r) => r.id))) : [];
    const byId = new Map(full.map((u) => [u.id, u]));
    const managers = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.role, "providers"), eq(users.userStatus, "active")));
    const activeManagers = managers[0]?.n ?? 0;
    const items = await Promise.all(
      page.map((r) => {
        const u = byId.get(r.id)!;
        const others = u.role === "providers" && u.userStatus === "active" ? activeManagers - 1 : activeManagers;
        return toStaffUser(db, me.id, u, others);
      }),
    );
    const last = page[page.length - 1];
    const pages: StaffUsersPages = {
      totalCount: items.length,
      page: 1,
      perPage: q.perPage,
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ s: q.sort, v: last.v, id: last.id }) : null,
    };
    ok(res, items, "ok", pages);
  });

  endpoint(router, "GET /api/v1/staff-users/:id", async (req, res) => {
    const me = caller(req);
    const u = await staffUserById(req.deps.db, req.params.id);
    ok(res, await toStaffUser(req.deps.db, me.id, u));
  });

  endpoint(router, "POST /api/v1/users/invite", async (req, res) => {
    const me = caller(req);
    const input = parseBody(req, inviteRequestSchema);
    const { db } = req.deps;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, input.email.toLowerCase())).limit(1);
    if (taken) throw emailTaken();
    let created: UserRow;
    try {
      created = await db.transaction(async (tx) => {
        const [u] = await tx
          .insert(users)
          .values({
            email: input.email,
            role: input.role,
            firstName: input.firstName,
            lastName: input.lastName,
            profession: input.profession || null,
            userStatus: "pending",
            locale: input.locale,
          })
          .returning();
        await auditIn(tx as unknown as Db, req, "user.invite", u!.id, { role: input.role });
        return u!;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw emailTaken();
      throw e;
    }
    mailInvite(req, created);
    ok(res, await toStaffUser(db, me.id, created), { code: "users.invited", params: { email: created.email } });
  });

  endpoint(router, "POST /api/v1/users/:id/update", async (req, res) => {
    const me = caller(req);
    const { db } = req.deps;
    const u = await staffUserById(db, req.params.id);
    const input = parseBody(req, staffUserUpdateSchema);
    if (input.role !== u.role && removesLastManager(targetOf(u), { role: input.role }, await otherActiveManagers(db, u.id))) {
      throw new ApiError(409, "users.lastManager", { fields: fieldCode("role", "users.lastManager") });
    }
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName, profession: input.profession || null, role: input.role, updatedAt: new Date() })
        .where(eq(users.id, u.id))
        .returning();
      await auditIn(tx as unknown as Db, req, "user.update", u.id, { ...(input.role !== u.role ? { role: input.role, previousRole: u.role } : {}) });
      // A new role changes what the user may open: their sessions start again with it.
      if (input.role !== u.role) await revokeAllSessions(tx as unknown as Db, u.id, "role-changed", u.id === me.id ? (req.auth.sessionId ?? undefined) : undefined);
      return row!;
    });
    ok(res, await toStaffUser(db, me.id, updated), "users.updated");
  });

  const transition = (action: StaffUserAction, code: "users.suspended" | "users.unsuspended" | "users.deactivated" | "users.inviteResent") =>
    endpoint(router, `POST /api/v1/users/:id/${action === "resendInvite" ? "resend-invite" : action}` as "POST /api/v1/users/:id/suspend", async (req, res) => {
      const me = caller(req);
      const { db } = req.deps;
      const u = await staffUserById(db, req.params.id);
      if (u.id === me.id) throw new ApiError(409, "users.notOnSelf");
      const to = nextStatus(u.userStatus, action, u.passwordHash !== null);
      if (!to) throw new ApiError(409, "users.transitionRefused", { params: { status: u.userStatus } });
      if (removesLastManager(targetOf(u), { status: to }, await otherActiveManagers(db, u.id))) throw new ApiError(409, "users.lastManager");
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ userStatus: to as StaffUserStatus, updatedAt: new Date() }).where(and(eq(users.id, u.id), eq(users.userStatus, u.userStatus))).returning();
        if (!row) return null;
        if (endsSessions(to)) {
          await revokeAllSessions(tx as unknown as Db, u.id, action);
          // An invite still in the mailbox stops working too.
          await tx
            .update(userTokens)
            .set({ expiresAt: new Date() })
            .where(and(eq(userTokens.userId, u.id), inArray(userTokens.kind, ["invite", "password_reset"]), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())));
        }
        await auditIn(tx as unknown as Db, req, `user.${action}`, u.id, { from: u.userStatus, to });
        return row;
      });
      if (!updated) throw new ApiError(409, "users.transitionRefused", { params: { status: u.userStatus } });
      if (action === "resendInvite" || (to === "pending" && u.userStatus !== "pending")) mailInvite(req, updated);
      ok(res, await toStaffUser(db, me.id, updated), code);
    });

  transition("suspend", "users.suspended");
  transition("unsuspend", "users.unsuspended");
  transition("deactivate", "users.deactivated");
  transition("resendInvite", "users.inviteResent");

  return router;
}
