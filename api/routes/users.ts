/** GET /api/v1/users (the user picker's get-users) and GET /api/v1/users/{id} (get-user-by-id). */
import { Router } from "express";
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import { usersQuerySchema, type UserListItem } from "../contract/users.ts";
import { patients, users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { canSeePatient } from "../domain/patient-access.ts";
import { PROFESSION_LABELS, ROLE_TITLES } from "../contract/roles.ts";
import { endpoint } from "../http/endpoint.ts";
import { notFound, ok } from "../http/errors.ts";
import { parseWith } from "../http/validate.ts";

type Row = typeof users.$inferSelect;

export function toListItem(u: Pick<Row, "id" | "fullName" | "firstName" | "lastName" | "email" | "avatarUrl" | "profession" | "userStatus" | "role">): UserListItem {
  return {
    id: u.id,
    fullName: u.fullName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    avatar: u.avatarUrl,
    avatarUrl: u.avatarUrl,
    profession: u.profession ? { value: u.profession, label: PROFESSION_LABELS[u.profession] } : null,
    userStatus: u.userStatus,
    roles: [{ handle: u.role, title: ROLE_TITLES[u.role] }],
  };
}

/** A search text that is a calendar date (MM/dd/yyyy, M/d/yyyy or yyyy-MM-dd) as yyyy-MM-dd, else null. */
export function searchDate(text: string): string | null {
  const t = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [y, m, d] = us ? [+us[3], +us[1], +us[2]] : iso ? [+iso[1], +iso[2], +iso[3]] : [0, 0, 0];
  if (!y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

export function usersRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/users", async (req, res) => {
    // Arrays come as `roles[]=a&roles[]=b` (spec §7) or as `roles=a,b`.
    const { "roles[]": rolesArray, ...rest } = req.query as Record<string, unknown>;
    const q = parseWith(usersQuerySchema, { ...rest, ...(rolesArray !== undefined ? { roles: rolesArray } : {}) });
    const conditions: SQL[] = [];
    if (q.roles?.length) conditions.push(inArray(users.role, q.roles));
    if (q.userStatus) conditions.push(eq(users.userStatus, q.userStatus));
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`;
      const digits = q.search.replace(/\D/g, "");
      const idMatch = /^\d{1,9}$/.test(q.search) ? eq(users.id, Number(q.search)) : undefined;
      // The patient picker searches by date of birth too (spec §2): MM/dd/yyyy (as shown) or yyyy-MM-dd.
      const dob = searchDate(q.search);
      const dobMatch = dob
        ? inArray(users.id, req.deps.db.select({ id: patients.userId }).from(patients).where(eq(patients.dateOfBirth, dob)))
        : undefined;
      conditions.push(
        or(ilike(users.fullName, like), ilike(users.email, like), digits.length >= 4 ? ilike(users.phone, `%${digits}%`) : undefined, idMatch, dobMatch)!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [field, dir] = q.sort.split("_") as ["fullName" | "id" | "email", "asc" | "desc"];
    const column = field === "fullName" ? users.fullName : field === "email" ? users.email : users.id;
    const order = dir === "asc" ? [asc(column), asc(users.id)] : [desc(column), desc(users.id)];
    const { db } = req.deps;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage),
      db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
    ]);
    const patientIds = rows.filter((r) => r.role === "patients").map((r) => r.id);
    if (patientIds.length) await audit(req, { action: "users.list", entityType: "user", patientIds, meta: { patients: patientIds.length } });
    ok(res, rows.map(toListItem), "ok", { totalCount: total, page: q.page, perPage: q.perPage });
  });

  endpoint(router, "GET /api/v1/users/:id", async (req, res) => {
    const parsed = idParam.safeParse(req.params.id);
    if (!parsed.success) throw notFound();
    const id = parsed.data;
    const [u] = await req.deps.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!u) throw notFound();
    // A patient the caller may not see (api/domain/patient-access.ts) is not found, exactly as an unknown id.
    if (u.role === "patients" && !(await canSeePatient(req.deps.db, { id: req.auth.user!.id, role: req.auth.role }, u.id))) throw notFound();
    if (u.role === "patients") await audit(req, { action: "user.read", patientId: u.id, entityType: "user", entityId: u.id });
    ok(res, { user: toListItem(u) });
  });

  return router;
}
