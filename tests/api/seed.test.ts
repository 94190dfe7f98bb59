/**
 * The demo seed (PGlite in memory) and, when TEST_DATABASE_URL is set, the scaled seed on PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../api/db/client.ts";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../../api/db/seed/demo.ts";
import { seedScaled } from "../../api/db/seed/scaled.ts";
import {
  ORDER_STATUS_VALUES,
  PATIENT_STATUS_KEYS,
  PATIENT_STATUS_VALUES,
  SERVICE_SECTION_VALUES,
  SUBSCRIPTION_STATUS_VALUES,
  TASK_CATEGORY_VALUES,
  TASK_SOURCES,
  TASK_STATUS_VALUES,
  TREATMENT_REVIEW_STATUSES,
} from "../../api/contract/enums.ts";
import { verifyPassword } from "../../api/domain/password.ts";

type Row = Record<string, unknown>;

async function rows<R = Row>(d: Database, q: SQL): Promise<R[]> {
  return ((await d.db.execute(q)) as unknown as { rows: R[] }).rows;
}
async function distinct(d: Database, q: SQL): Promise<unknown[]> {
  return (await rows<{ v: unknown }>(d, q)).map((r) => (typeof r.v === "string" && /^\d+$/.test(r.v) ? Number(r.v) : r.v));
}
const sorted = <T>(xs: readonly T[]) => [...xs].sort((a, b) => String(a).localeCompare(String(b), "en", { numeric: true }));

const TABLES = [
  "users", "patients", "addresses", "payment_methods", "products", "product_variants", "treatments", "subscriptions",
  "subscription_items", "orders", "order_items", "tasks", "task_comments", "chats", "chat_messages", "chat_reads",
  "uploads", "chat_attachments",
] as const;

async function counts(d: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await rows<{ n: number }>(d, sql.raw(`select count(*)::int as n from ${t}`)))[0].n;
  return out;
}

/** Columns that must come out the same from two seeded databases (no timestamps: those follow the clock). */
const DETERMINISM_QUERIES = [
  "select id, email, role, first_name, last_name, full_name, phone, profession, user_status, utc_offset_minutes, locale from users order by id",
  "select user_id, status, status_key, date_of_birth::text, gender, height_inches, weight_start, weight_current, bmi_current from patients order by user_id",
  "select id, user_id, address_type, address_line1, locality, postal_code from addresses order by id",
  "select id, patient_id, section_type, product_id, review_status, provider_id, review_kind from treatments order by id",
  "select id, treatment_id, status, cycle_months, pending_cancellation, payment_method_id from subscriptions order by id",
  "select id, order_number, patient_id, status, total_cents, tracking_number from orders order by id",
  "select id, title, status, category, source, patient_id, provider_id, auto, created_by_id from tasks order by id",
  "select id, chat_id, sender_id, message from chat_messages order by id",
  "select id, slug, is_live from products order by id",
];

describe("demo seed (PGlite)", () => {
  let d: Database;

  beforeAll(async () => {
    d = await openDatabase({ dataDir: "memory://" });
    await d.migrate();
    expect(await seedDemo(d.db)).toEqual({ created: true });
  });
  afterAll(async () => {
    await d?.close();
  });

  it("creates one active login per role, each with an Argon2id hash of the demo password", async () => {
    expect(new Set(DEMO_LOGINS.map((l) => l.role))).toEqual(
      new Set(["patients", "providers", "providerUsers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"]),
    );
    const hashes = new Set<string>();
    for (const login of DEMO_LOGINS) {
      const [u] = await rows<{ role: string; user_status: string; password_hash: string; full_name: string }>(
        d,
        sql`select role, user_status, password_hash, full_name from users where email = ${login.email}`,
      );
      expect(u, login.email).toBeDefined();
      expect(u.role).toBe(login.role);
      expect(u.user_status).toBe("active");
      expect(u.full_name.length).toBeGreaterThan(3);
      expect(u.password_hash).toMatch(/^\$argon2id\$/);
      hashes.add(u.password_hash);
    }
    // Hashed once and reused; the one hash verifies the password and nothing else.
    expect(hashes.size).toBe(1);
    const [hash] = hashes;
    expect(await verifyPassword(hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(hash, "demopassw0rd")).toBe(false);
  });

  it("has staff with professions, and at least one staff member who is not active", async () => {
    const staff = await rows<{ role: string; profession: string | null; user_status: string }>(
      d,
      sql`select role, profession, user_status from users where role <> 'patients'`,
    );
    expect(staff.length).toBeGreaterThanOrEqual(16);
    expect(staff.every((s) => s.profession !== null)).toBe(true);
    expect(staff.some((s) => s.user_status !== "active")).toBe(true);
    for (const role of ["providers", "providerUsers"]) {
      expect(staff.filter((s) => s.role === role).every((s) => ["medicalDoctor", "nursePractitioner", "physiciansAssistant"].includes(s.profession!))).toBe(true);
    }
  });

  it("has at least 200 patients over every numeric and string status and every journey", async () => {
    const [{ n }] = await rows<{ n: number }>(d, sql`select count(*)::int as n from patients p join users u on u.id = p.user_id where u.role = 'patients'`);
    expect(n).toBeGreaterThanOrEqual(200);
    expect(sorted(await distinct(d, sql`select distinct status as v from patients`))).toEqual(sorted(PATIENT_STATUS_VALUES));
    expect(sorted(await distinct(d, sql`select distinct status_key as v from patients`))).toEqual(sorted(PATIENT_STATUS_KEYS));
    expect(sorted(await distinct(d, sql`select distinct section_type as v from treatments`))).toEqual(sorted(SERVICE_SECTION_VALUES));
    const [adult] = await rows<{ n: number }>(d, sql`select count(*)::int as n from patients where date_of_birth > current_date - interval '18 years'`);
    expect(adult.n).toBe(0);
  });

  it("covers every review, subscription and order status", async () => {
    expect(sorted(await distinct(d, sql`select distinct review_status as v from treatments`))).toEqual(sorted(TREATMENT_REVIEW_STATUSES));
    expect(sorted(await distinct(d, sql`select distinct status as v from subscriptions`))).toEqual(sorted(SUBSCRIPTION_STATUS_VALUES));
    expect(sorted(await distinct(d, sql`select distinct status as v from orders`))).toEqual(sorted(ORDER_STATUS_VALUES));
    const [pc] = await rows<{ n: number }>(d, sql`select count(*)::int as n from subscriptions where pending_cancellation`);
    expect(pc.n).toBeGreaterThan(0);
    const [untracked] = await rows<{ n: number }>(d, sql`select count(*)::int as n from orders where status in (4, 5, 6, 7) and tracking_number is null`);
    expect(untracked.n).toBe(0);
    const [assigned] = await rows<{ n: number }>(d, sql`select count(distinct provider_id)::int as n from treatments`);
    expect(assigned.n).toBeGreaterThanOrEqual(3);
  });

  it("has tasks in every status × category × source, assigned to several staff, with comments and activity", async () => {
    const [t] = await rows<{ n: number; combos: number; assignees: number; auto: number }>(
      d,
      sql`select count(*)::int as n, count(distinct (status, category, source))::int as combos,
                 count(distinct provider_id)::int as assignees, count(*) filter (where auto)::int as auto from tasks`,
    );
    expect(t.n).toBeGreaterThanOrEqual(300);
    expect(t.combos).toBe(TASK_STATUS_VALUES.length * TASK_CATEGORY_VALUES.length * TASK_SOURCES.length);
    expect(t.assignees).toBeGreaterThanOrEqual(10);
    expect(t.auto).toBeGreaterThan(0);
    expect(sorted(await distinct(d, sql`select distinct kind as v from task_comments`))).toEqual(["activity", "comment"]);
  });

  it("has a catalogue with plans, a titrated GLP-1, add-ons, pharmacy items and a product that is not live", async () => {
    expect(sorted(await distinct(d, sql`select distinct section_type as v from products`))).toEqual(sorted(SERVICE_SECTION_VALUES));
    expect(sorted(await distinct(d, sql`select distinct kind as v from products`))).toEqual(["addon", "medication", "pharmacy"]);
    const periods = await distinct(d, sql`select distinct period_months as v from product_variants v join products p on p.id = v.product_id where p.kind = 'medication'`);
    expect(sorted(periods)).toEqual([3, 6, 12]);
    const [glp1] = await rows<{ dosage_cycle: string[] }>(d, sql`select dosage_cycle from product_variants where dosage_cycle_enabled limit 1`);
    expect(glp1.dosage_cycle).toEqual(["2.5mg", "5mg", "7.5mg"]);
    const [notLive] = await rows<{ n: number }>(d, sql`select count(*)::int as n from products where not is_live`);
    expect(notLive.n).toBe(1);
  });

  it("furnishes both demo patients", async () => {
    for (const email of ["patient@demo.test", "patient2@demo.test"]) {
      const [p] = await rows<Row>(
        d,
        sql`select u.id,
              (select count(*)::int from addresses a where a.user_id = u.id and a.address_type = 'shipping') as shipping,
              (select count(*)::int from addresses a where a.user_id = u.id and a.address_type = 'billing') as billing,
              (select count(*)::int from payment_methods m where m.user_id = u.id and m.is_primary and m.provider = 'local'
                 and m.provider_token like 'pm_demo_%' and m.brand = 'visa' and m.last4 = '4242'
                 and make_date(m.exp_year, m.exp_month, 1) > current_date) as primary_pm,
              (select count(distinct section_type)::int from treatments t where t.patient_id = u.id) as journeys,
              (select count(*)::int from subscriptions s where s.patient_id = u.id) as subscriptions,
              (select count(*)::int from subscription_items i join subscriptions s on s.id = i.subscription_id where s.patient_id = u.id) as sub_items,
              (select count(*)::int from orders o where o.patient_id = u.id) as orders,
              (select count(*)::int from order_items i join orders o on o.id = i.order_id where o.patient_id = u.id) as order_items,
              (select count(*)::int from chats c where c.patient_id = u.id) as chats,
              (select count(distinct m.sender_id)::int from chat_messages m join chats c on c.id = m.chat_id where c.patient_id = u.id) as senders,
              (select count(*)::int from uploads x where x.patient_id = u.id and x.storage_key like 'demo/%') as uploads,
              (select count(*)::int from tasks k where k.patient_id = u.id) as tasks
            from users u where u.email = ${email}`,
      );
      expect(p, email).toMatchObject({ shipping: 1, billing: 1, primary_pm: 1 });
      for (const key of ["subscriptions", "sub_items", "orders", "order_items", "chats", "uploads", "tasks"]) {
        expect(p[key], `${email} ${key}`).toBeGreaterThan(0);
      }
      expect(p.journeys, email).toBeGreaterThanOrEqual(2);
      expect(p.senders, email).toBeGreaterThanOrEqual(2);
    }
    const [flags] = await rows<Row>(
      d,
      sql`select is_progress_availability, has_pharmacy_access, is_pharmacy_availability from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.test'`,
    );
    expect(flags).toEqual({ is_progress_availability: true, has_pharmacy_access: true, is_pharmacy_availability: true });
    // patient@demo.test has unread staff messages.
    const [unread] = await rows<{ n: number }>(
      d,
      sql`select count(*)::int as n from chat_messages m join chats c on c.id = m.chat_id join users u on u.id = c.patient_id
          left join chat_reads r on r.chat_id = c.id and r.user_id = u.id
          where u.email = 'patient@demo.test' and m.sender_id <> u.id and m.id > coalesce(r.last_read_message_id, 0)`,
    );
    expect(unread.n).toBeGreaterThan(0);
  });

  it("keeps chats consistent with their messages, and message HTML within the allow-list", async () => {
    const [bad] = await rows<{ n: number }>(
      d,
      sql`select count(*)::int as n from chats c
          where c.last_message_at is distinct from (select max(m.created_at) from chat_messages m where m.chat_id = c.id)`,
    );
    expect(bad.n).toBe(0);
    expect(sorted(await distinct(d, sql`select distinct category as v from chats`))).toEqual(["medical", "pharmacy", "support"]);
    const [assigned] = await rows<{ n: number }>(d, sql`select count(*)::int as n from chats where assigned_provider_id is not null`);
    expect(assigned.n).toBeGreaterThan(0);
    const messages = await rows<{ message: string }>(d, sql`select message from chat_messages`);
    const tags = new Set(messages.flatMap((m) => [...m.message.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((x) => x[1].toLowerCase())));
    for (const tag of tags) expect(["p", "b", "i", "u", "strong", "em", "br", "a"]).toContain(tag);
    const [att] = await rows<{ n: number }>(d, sql`select count(*)::int as n from chat_attachments`);
    expect(att.n).toBeGreaterThan(0);
  });

  it("does nothing when run again", async () => {
    const before = await counts(d);
    expect(await seedDemo(d.db)).toEqual({ created: false });
    expect(await counts(d)).toEqual(before);
  });

  // A second database is migrated and seeded here: allow for a busy machine.
  it("produces the same content in two fresh databases", { timeout: 60_000 }, async () => {
    const other = await openDatabase({ dataDir: "memory://" });
    try {
      await other.migrate();
      await seedDemo(other.db);
      for (const q of DETERMINISM_QUERIES) {
        expect(await rows(other, sql.raw(q)), q).toEqual(await rows(d, sql.raw(q)));
      }
    } finally {
      await other.close();
    }
  });
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!TEST_DATABASE_URL)("scaled seed (PostgreSQL)", () => {
  const created: string[] = [];
  const opened: Database[] = [];

  async function freshDatabase(): Promise<Database> {
    const name = `seed_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    created.push(name);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const d = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    opened.push(d);
    await d.migrate();
    return d;
  }

  afterAll(async () => {
    for (const d of opened) await d.close();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  });

  it("fills an empty database: staff, catalogue and 2,000 patients with every state", async () => {
    const d = await freshDatabase();
    const r = await seedScaled(d.db, { patients: 2000, chunkSize: 700, bulk: true });
    expect(r.staffCreated).toBe(36);
    const c = await counts(d);
    expect(c.users).toBe(2036);
    expect(c.patients).toBe(2000);
    expect(c.treatments).toBe(2000);
    expect(c.orders).toBe(2000);
    expect(c.tasks).toBe(2000);
    expect(c.chats).toBe(2000);
    expect(c.chat_messages).toBe(4000);
    expect(c.subscriptions).toBeGreaterThan(1000);
    expect(c.subscription_items).toBe(c.subscriptions);
    expect(c.order_items).toBe(2000);
    const [u] = await rows<{ hashes: number; emails: number; scaled: number }>(
      d,
      sql`select count(password_hash)::int as hashes, count(distinct lower(email))::int as emails,
                 count(*) filter (where email like 'scaled.%@example.test')::int as scaled from users`,
    );
    expect(u).toEqual({ hashes: 0, emails: 2036, scaled: 2036 });
    expect(sorted(await distinct(d, sql`select distinct status as v from patients`))).toEqual(sorted(PATIENT_STATUS_VALUES));
    expect(sorted(await distinct(d, sql`select distinct status_key as v from patients`))).toEqual(sorted(PATIENT_STATUS_KEYS));
    expect(sorted(await distinct(d, sql`select distinct review_status as v from treatments`))).toEqual(sorted(TREATMENT_REVIEW_STATUSES));
    expect(sorted(await distinct(d, sql`select distinct status as v from subscriptions`))).toEqual(sorted(SUBSCRIPTION_STATUS_VALUES));
    expect(sorted(await distinct(d, sql`select distinct status as v from orders`))).toEqual(sorted(ORDER_STATUS_VALUES));
    const [t] = await rows<{ combos: number; assignees: number }>(
      d,
      sql`select count(distinct (status, category, source))::int as combos, count(distinct provider_id)::int as assignees from tasks`,
    );
    expect(t).toEqual({ combos: 264, assignees: 36 });
    const [bad] = await rows<{ n: number }>(
      d,
      sql`select count(*)::int as n from chats c
          where c.last_message_at is distinct from (select max(m.created_at) from chat_messages m where m.chat_id = c.id)`,
    );
    expect(bad.n).toBe(0);
    // Bulk mode turns the staff visibility triggers off during the load and fills their tables after it: they hold
    // exactly what the triggers keep (migration 0015), and the triggers are on again.
    const [vis] = await rows<{ missing: number; extra: number; listMissing: number; listExtra: number; off: number }>(
      d,
      sql`with want as (select provider_id as s, patient_id as p, count(*)::int as a from treatments where provider_id is not null group by 1, 2),
               wantList as (select v.staff_id as s, t.id as t, t.list_tab as tab from staff_patient_visibility v join treatments t on t.patient_id = v.patient_id)
          select (select count(*) from want w where not exists (select 1 from staff_patient_visibility v where v.staff_id = w.s and v.patient_id = w.p and v.assigned = w.a))::int as missing,
                 (select count(*) from staff_patient_visibility v where not exists (select 1 from want w where w.s = v.staff_id and w.p = v.patient_id))::int as extra,
                 (select count(*) from wantList w where not exists (select 1 from staff_treatment_list l where l.staff_id = w.s and l.treatment_id = w.t and l.list_tab is not distinct from w.tab))::int as "listMissing",
                 (select count(*) from staff_treatment_list l where not exists (select 1 from wantList w where w.s = l.staff_id and w.t = l.treatment_id))::int as "listExtra",
                 (select count(*) from pg_trigger where tgname in ('treatments_visibility_ins', 'treatments_list_ins', 'staff_visibility_list_ins') and tgenabled = 'D')::int as off`,
    );
    expect(vis).toEqual({ missing: 0, extra: 0, listMissing: 0, listExtra: 0, off: 0 });
    const [{ n: visible }] = await rows<{ n: number }>(d, sql`select count(*)::int as n from staff_treatment_list`);
    expect(visible).toBeGreaterThan(1000);
  });

  it("continues after the demo seed without touching it", async () => {
    const d = await freshDatabase();
    await seedDemo(d.db);
    const before = await counts(d);
    const [{ max }] = await rows<{ max: number }>(d, sql`select max(id)::int as max from users`);
    const r = await seedScaled(d.db, { patients: 2000 });
    expect(r.firstPatientId).toBeGreaterThan(max);
    const after = await counts(d);
    expect(after.users).toBe(before.users + r.staffCreated + 2000);
    expect(after.tasks).toBe(before.tasks + 2000);
    // Identity sequences moved past the generated ids: an ordinary insert still works.
    const [next] = await rows<{ id: number }>(
      d,
      sql`insert into users (email, role) values ('after.scaled@example.test', 'patients') returning id`,
    );
    expect(next.id).toBeGreaterThan(r.firstPatientId + 1999);
    const [task] = await rows<{ id: number }>(d, sql`insert into tasks (title) values ('after') returning id`);
    expect(task.id).toBeGreaterThan(0);
  });
});
