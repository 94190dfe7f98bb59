/**
 * GET /api/v1/global-search?search=&perGroup= (spec §7; contract and decisions: api/contract/global-search.ts).
 *
 * Each group is one query that stops at `perGroup` rows (a LIMIT inside, without ORDER BY, so an index scan
 * ends early instead of sorting every match), then orders the few rows it found. Patients by name or email use
 * the trigram indexes (users_full_name_trgm_idx, users_email_trgm_idx), by phone users_phone_trgm_idx, by date of
 * birth patients_date_of_birth_idx, by ID the primary key; staff the (role, full_name) index (the name and email
 * tests are written as expressions so the planner does not scan the patients' trigram bitmaps for a few dozen
 * staff: 26 ms → under 1 ms for a common last name at 1M patients); tasks by title
 * tasks_title_trgm_idx. The access rule (visiblePatientsSql) is part of each patient and task query.
 */
import { Router } from "express";
import { sql, type SQL } from "drizzle-orm";
import { globalSearchQuerySchema, type GlobalSearch } from "../contract/global-search.ts";
import { SERVICE_SECTION_KEYS, isServiceSection } from "../contract/enums.ts";
import { ROLE_TITLES, STAFF_ROLES, type UserRole } from "../contract/roles.ts";
import { fieldCodesOf } from "../contract/validation.ts";
import type { Db } from "../db/client.ts";
import { auditRead } from "../domain/audit.ts";
import { visiblePatientsSql } from "../domain/patient-access.ts";
import { highlights } from "../domain/search-highlight.ts";
import { endpoint } from "../http/endpoint.ts";
import { badRequest } from "../http/errors.ts";
import { ok } from "../http/errors.ts";
import { searchDate } from "./users.ts";
import { viewerOf } from "./patient-access.ts";

async function rows<R>(db: Db, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

/** What the text can be: a name or email part, phone digits, an id, a date of birth. */
export function searchTerms(text: string) {
  const digits = text.replace(/\D/g, "");
  const phoneLike = /^[\d\s().+-]+$/.test(text) && digits.length >= 4;
  return {
    like: text.length >= 2 ? `%${escapeLike(text)}%` : null,
    phone: phoneLike ? `%${digits}%` : null,
    digits: phoneLike ? digits : null,
    id: /^\d{1,9}$/.test(text) ? Number(text) : null,
    dob: searchDate(text),
  };
}

type PatientRow = {
  id: number;
  fullName: string;
  email: string;
  phone: string | null;
  avatarUrl: string | null;
  age: number | null;
  latest: number | null;
  sections: number[] | null;
};
type TaskRow = { id: number; title: string; status: number; patientId: number | null; patientName: string | null };
type StaffRow = { id: number; fullName: string; email: string; avatarUrl: string | null; role: UserRole };

const or = (parts: (SQL | null)[]): SQL | null => {
  const present = parts.filter((p): p is SQL => p !== null);
  return present.length ? sql`(${sql.join(present, sql` or `)})` : null;
};

export function globalSearchRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/global-search", async (req, res) => {
    const parsed = globalSearchQuerySchema.safeParse(req.query);
    if (!parsed.success) throw badRequest("common.invalidFields", fieldCodesOf(parsed.error.issues));
    const { search: text, perGroup } = parsed.data;
    const viewer = viewerOf(req);
    const { db } = req.deps;
    const t = searchTerms(text);

    const visible = await visiblePatientsSql(db, viewer, sql`u.id`);
    const patientMatch = or([
      t.like ? sql`u.full_name ilike ${t.like}` : null,
      t.like ? sql`u.email ilike ${t.like}` : null,
      t.phone ? sql`u.phone like ${t.phone}` : null,
      t.id !== null ? sql`u.id = ${t.id}` : null,
      t.dob ? sql`u.id in (select p.user_id from patients p where p.date_of_birth = ${t.dob})` : null,
    ]);
    // An exact ID comes first, whatever else the digits match (emails, phone numbers).
    const exactPatient =
      t.id !== null ? sql`(select u.id, 0 as rank from users u where u.id = ${t.id} and u.role = 'patients' ${visible ? sql`and ${visible}` : sql``}) union all` : sql``;
    const patientsQuery = patientMatch
      ? rows<PatientRow>(
          db,
          sql`select u.id, u.full_name as "fullName", u.email, u.phone, u.avatar_url as "avatarUrl",
                     extract(year from age(current_date, p.date_of_birth))::int as age,
                     (select max(tr.id) from treatments tr where tr.patient_id = u.id) as latest,
                     (select array_agg(distinct tr.section_type order by tr.section_type) from treatments tr where tr.patient_id = u.id) as sections
                from (select id, min(rank) as rank from (
                        ${exactPatient}
                        (select u.id, 1 as rank from users u where u.role = 'patients' and ${patientMatch} ${visible ? sql`and ${visible}` : sql``} limit ${perGroup})
                      ) found group by id) m
                join users u on u.id = m.id
                left join patients p on p.user_id = u.id
               order by m.rank, u.full_name, u.id
               limit ${perGroup}`,
        )
      : Promise.resolve([]);

    const taskVisible = await visiblePatientsSql(db, viewer, sql`tk.patient_id`);
    const taskScope = taskVisible ? sql`and (tk.patient_id is null or ${taskVisible})` : sql``;
    const taskMatch = or([t.like ? sql`tk.title ilike ${t.like}` : null, t.id !== null ? sql`tk.id = ${t.id}` : null]);
    const tasksQuery = taskMatch
      ? rows<TaskRow>(
          db,
          sql`select tk.id, tk.title, tk.status, tk.patient_id as "patientId", pu.full_name as "patientName"
                from (select id, min(rank) as rank from (
                        ${t.id !== null ? sql`(select tk.id, 0 as rank from tasks tk where tk.id = ${t.id} ${taskScope}) union all` : sql``}
                        (select tk.id, 1 as rank from tasks tk where ${taskMatch} ${taskScope} limit ${perGroup})
                      ) found group by id) m
                join tasks tk on tk.id = m.id
                left join users pu on pu.id = tk.patient_id
               order by m.rank, tk.id desc
               limit ${perGroup}`,
        )
      : Promise.resolve([]);

    const staffRoles = sql.join(
      STAFF_ROLES.map((r) => sql`${r}`),
      sql`, `,
    );
    const staffQuery = t.like
      ? rows<StaffRow>(
          db,
          sql`select u.id, u.full_name as "fullName", u.email, u.avatar_url as "avatarUrl", u.role
                from (select u.id from users u where u.role in (${staffRoles}) and u.user_status = 'active'
                        and ((u.full_name || '') ilike ${t.like} or (u.email || '') ilike ${t.like}) limit ${perGroup}) m
                join users u on u.id = m.id
               order by u.full_name, u.id`,
        )
      : Promise.resolve([]);

    const [patients, tasks, staff] = await Promise.all([patientsQuery, tasksQuery, staffQuery]);
    const needles = [text, ...(t.digits ? [t.digits] : [])];
    const answer: GlobalSearch = {
      treatments: patients.map((p) => ({
        id: p.latest,
        journeys: (p.sections ?? []).filter(isServiceSection).map((s) => SERVICE_SECTION_KEYS[s]),
        patient: { id: p.id, fullName: p.fullName, email: p.email, phone: p.phone, age: p.age, avatar: p.avatarUrl },
        highlight: highlights({ fullName: p.fullName, email: p.email, phone: p.phone, id: String(p.id) }, needles),
      })),
      tasks: tasks.map((k) => ({
        id: k.id,
        title: k.title,
        status: k.status,
        patient: k.patientId === null ? null : { id: k.patientId, fullName: k.patientName ?? "" },
        highlight: highlights({ title: k.title, id: String(k.id) }, [text]),
      })),
      users: staff.map((u) => ({
        id: u.id,
        fullName: u.fullName,
        email: u.email,
        avatarUrl: u.avatarUrl,
        roles: [{ handle: u.role, title: ROLE_TITLES[u.role] }],
        highlight: highlights({ fullName: u.fullName, email: u.email }, [text]),
      })),
    };
    // The patients the answer shows (as search results and as tasks' patients): ids only, never the text.
    const patientIds = [...new Set([...patients.map((p) => p.id), ...tasks.map((k) => k.patientId).filter((p): p is number => p !== null)])];
    await auditRead(req, { action: "search.global", entityType: "search", patientIds, meta: { treatments: patients.length, tasks: tasks.length, users: staff.length } });
    ok(res, answer);
  });

  return router;
}
