/**
 * GET /api/v1/global-search?search=&perGroup= (spec §7; contract and decisions: api/contract/global-search.ts).
 *
 * Each group is one query whose every kind of match is a prefix range of an expression index in byte order
 * ("C" collation, migration 0014) read with `order by <that expression> limit perGroup`, so the database reads at
 * most perGroup entries per kind of match and stops, however many rows match (issue 13: a common last name has
 * ~14,500 matches at 1M patients; the trigram bitmaps read all of them). Patients: the start of the whole name
 * (users_search_full_name_c_idx) or of the last name (users_search_last_name_c_idx), the start of the email
 * (users_search_email_c_idx), the end of the phone number (users_search_phone_reverse_c_idx on reverse(phone)),
 * the date of birth (patients_date_of_birth_idx), the ID (primary key, ranked first). Tasks: the ID (primary key)
 * or the start of the title (tasks_search_title_c_idx). Staff: the (role, full_name) index (a few dozen rows, so a
 * substring is still cheap there; the tests are expressions so the planner does not scan the patients' indexes).
 * The access rule (visiblePatientsSql) is part of each patient and task branch.
 */
import { Router } from "express";
import { sql, type SQL } from "drizzle-orm";
import { globalSearchQuerySchema, type GlobalSearch } from "../contract/global-search.ts";
import { SERVICE_SECTION_KEYS, isServiceSection } from "../contract/enums.ts";
import { ROLE_TITLES, STAFF_ROLES, type UserRole } from "../contract/roles.ts";
import { fieldCodesOf } from "../contract/validation.ts";
import { rows } from "../db/client.ts";
import { auditRead } from "../domain/audit.ts";
import { visiblePatientsSql } from "../domain/patient-access.ts";
import { highlights } from "../domain/search-highlight.ts";
import { endpoint } from "../http/endpoint.ts";
import { badRequest } from "../http/errors.ts";
import { ok } from "../http/errors.ts";
import { searchDate } from "./users.ts";
import { viewerOf } from "./patient-access.ts";


const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

/**
 * What the text can be: the start of a name (whole name or last name) or of an email, the end of a phone number,
 * an id, a date of birth. Every match is a prefix in byte order ("C" collation) on an expression index, so the
 * database reads at most `perGroup` index entries per kind of match however many rows match (issue 13).
 */
export function searchTerms(text: string) {
  const digits = text.replace(/\D/g, "");
  const phoneLike = /^[\d\s().+-]+$/.test(text) && digits.length >= 4;
  return {
    prefix: text.length >= 2 ? `${escapeLike(text.toLowerCase())}%` : null,
    /** The reversed digits as a prefix of the reversed phone: the number ends with them. */
    phoneEnd: phoneLike ? `${[...digits].reverse().join("")}%` : null,
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
    const scope = visible ? sql`and ${visible}` : sql``;
    // One branch per kind of match, each an ordered index range that stops after perGroup rows.
    const branch = (rank: number, where: SQL, orderBy: SQL) =>
      sql`(select u.id, ${rank} as rank from users u where u.role = 'patients' and ${where} ${scope} order by ${orderBy} limit ${perGroup})`;
    const patientBranches = [
      // An exact ID comes first, whatever else the digits match (phone numbers).
      t.id !== null ? branch(0, sql`u.id = ${t.id}`, sql`u.id`) : null,
      t.prefix ? branch(1, sql`lower(u.full_name) collate "C" like ${t.prefix}`, sql`lower(u.full_name) collate "C", u.id`) : null,
      t.prefix ? branch(1, sql`lower(u.last_name) collate "C" like ${t.prefix}`, sql`lower(u.last_name) collate "C", u.id`) : null,
      t.prefix ? branch(1, sql`lower(u.email) collate "C" like ${t.prefix}`, sql`lower(u.email) collate "C", u.id`) : null,
      t.phoneEnd ? branch(1, sql`reverse(u.phone) collate "C" like ${t.phoneEnd}`, sql`reverse(u.phone) collate "C", u.id`) : null,
      t.dob ? branch(1, sql`u.id in (select p.user_id from patients p where p.date_of_birth = ${t.dob})`, sql`u.id`) : null,
    ].filter((b): b is SQL => b !== null);
    const patientsQuery = patientBranches.length
      ? rows<PatientRow>(
          db,
          sql`select u.id, u.full_name as "fullName", u.email, u.phone, u.avatar_url as "avatarUrl",
                     extract(year from age(current_date, p.date_of_birth))::int as age,
                     (select max(tr.id) from treatments tr where tr.patient_id = u.id) as latest,
                     (select array_agg(distinct tr.section_type order by tr.section_type) from treatments tr where tr.patient_id = u.id) as sections
                from (select id, min(rank) as rank from (${sql.join(patientBranches, sql` union all `)}) found group by id) m
                join users u on u.id = m.id
                left join patients p on p.user_id = u.id
               order by m.rank, u.full_name, u.id
               limit ${perGroup}`,
        )
      : Promise.resolve([]);

    // Under the OR a correlated probe, not an IN (subquery) (see visiblePatientsSql).
    const taskVisible = await visiblePatientsSql(db, viewer, sql`tk.patient_id`, "probe");
    const taskScope = taskVisible ? sql`and (tk.patient_id is null or ${taskVisible})` : sql``;
    const taskBranches = [
      t.id !== null ? sql`(select tk.id, 0 as rank from tasks tk where tk.id = ${t.id} ${taskScope})` : null,
      t.prefix
        ? sql`(select tk.id, 1 as rank from tasks tk where lower(tk.title) collate "C" like ${t.prefix} ${taskScope} order by lower(tk.title) collate "C", tk.id limit ${perGroup})`
        : null,
    ].filter((b): b is SQL => b !== null);
    const tasksQuery = taskBranches.length
      ? rows<TaskRow>(
          db,
          sql`select tk.id, tk.title, tk.status, tk.patient_id as "patientId", pu.full_name as "patientName"
                from (select id, min(rank) as rank from (${sql.join(taskBranches, sql` union all `)}) found group by id) m
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
    const like = text.length >= 2 ? `%${escapeLike(text)}%` : null;
    const staffQuery = like
      ? rows<StaffRow>(
          db,
          sql`select u.id, u.full_name as "fullName", u.email, u.avatar_url as "avatarUrl", u.role
                from (select u.id from users u where u.role in (${staffRoles}) and u.user_status = 'active'
                        and ((u.full_name || '') ilike ${like} or (u.email || '') ilike ${like}) limit ${perGroup}) m
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
