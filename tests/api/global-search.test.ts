/**
 * GET /api/v1/global-search (api/contract/global-search.ts) over real HTTP on a fresh demo database: every role
 * and a guest, search by each field (patient name, ID, phone, email, date of birth; task id and title; staff name
 * and email), the §3 shapes, the access rule, highlighting sanitised to span with a class, the audit row with the
 * patient ids and never the text, and bad input.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GlobalSearch } from "../../api/contract/global-search.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
const ids = { p1: 0, hidden: 0, task: 0 };
let taskTitle = "";

async function rows<R>(q: SQL): Promise<R[]> {
  return ((await api.database.db.execute(q)) as unknown as { rows: R[] }).rows;
}
const c = (role: Role) => clients.get(role)!;
const search = (role: Role, text: string, extra = "") => c(role).get<GlobalSearch>(`/api/v1/global-search?search=${encodeURIComponent(text)}${extra}`);
const patientIds = (r: { body: { data?: GlobalSearch } }) => r.body.data!.treatments.map((t) => t.patient.id);

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  ids.p1 = Number((await rows<{ id: number }>(sql`select id from users where email = 'patient@demo.test'`))[0]!.id);
  const provider = Number((await rows<{ id: number }>(sql`select id from users where email = 'provider@demo.test'`))[0]!.id);
  ids.hidden = Number(
    (
      await rows<{ id: number }>(sql`select u.id from users u join patients p on p.user_id = u.id where u.role = 'patients' and u.email like '%@example.test'
        and p.date_of_birth is not null and u.phone is not null
        and not exists (select 1 from treatments t where t.patient_id = u.id and t.provider_id = ${provider})
        and not exists (select 1 from staff_patient_access a where a.patient_id = u.id)
        and not exists (select 1 from staff_dependents d where d.dependent_id = ${provider})
        order by u.id limit 1`)
    )[0]!.id,
  );
  const [task] = await rows<{ id: number; title: string }>(sql`select id, title from tasks where patient_id = ${ids.p1} order by id limit 1`);
  ids.task = Number(task!.id);
  taskTitle = task!.title;
});
afterAll(() => api?.close());

describe("who may search", () => {
  const expected: Record<Role, number> = { guest: 401, patients: 403, providers: 200, providerUsers: 200, customerSupport: 200, customerSupportManagers: 200, medicalSupport: 200, medicalSupportManagers: 200 };
  for (const role of ROLES) it(`${role} → ${expected[role]}`, async () => expect((await search(role, "carter")).status).toBe(expected[role]));
});

describe("search by each field", () => {
  it("finds a patient by name, email, phone (any format), ID and date of birth, in the §3 treatment shape", async () => {
    for (const text of ["Carter", "emma car", "patient@demo", "4155550123", "(415) 555-0123", "555-0123", String(ids.p1), "04/17/1988", "1988-04-17"]) {
      const r = await search("providers", text);
      expect(r.status, text).toBe(200);
      expect(patientIds(r), text).toContain(ids.p1);
    }
    const emma = (await search("providers", "patient@demo.test")).body.data!.treatments.find((t) => t.patient.id === ids.p1)!;
    expect(emma.patient).toMatchObject({ id: ids.p1, fullName: "Emma Carter", email: "patient@demo.test", phone: "+14155550123" });
    expect(emma.patient.age).toBeGreaterThanOrEqual(37);
    expect(emma.id).toBeGreaterThan(0);
    expect([...emma.journeys].sort()).toEqual(["Haircare", "PharmacyPurchase", "SexualWellness", "WeightLoss"]);
  });

  it("matches the start of the name, last name, email and title and the end of the phone, not the middle (issue 13: index ranges)", async () => {
    for (const text of ["emm", "CART", "patient@", "0123", "5550123"]) expect(patientIds(await search("providers", text)), text).toContain(ids.p1);
    for (const text of ["mma", "arter", "@demo.test"]) expect(patientIds(await search("providers", text)), text).not.toContain(ids.p1);
    const middle = taskTitle.slice(3, 12);
    expect((await search("medicalSupport", middle, "&perGroup=20")).body.data!.tasks.map((t) => t.id)).not.toContain(ids.task);
  });

  it("finds a task by id and by title, with its patient", async () => {
    const byId = await search("medicalSupport", String(ids.task));
    expect(byId.body.data!.tasks.map((t) => t.id)).toContain(ids.task);
    const byTitle = await search("medicalSupport", taskTitle.slice(0, 12), "&perGroup=20");
    const found = byTitle.body.data!.tasks.find((t) => t.id === ids.task);
    expect(byTitle.body.data!.tasks.length).toBeGreaterThan(0);
    expect(byTitle.body.data!.tasks.every((t) => t.title.toLowerCase().startsWith(taskTitle.slice(0, 12).toLowerCase()))).toBe(true);
    if (found) expect(found.patient).toEqual({ id: ids.p1, fullName: "Emma Carter" });
  });

  it("finds staff by name and email, active only, with roles and their titles", async () => {
    const byName = await search("customerSupport", "hale");
    expect(byName.body.data!.users).toContainEqual(expect.objectContaining({ fullName: "Marcus Hale", email: "provider@demo.test", roles: [{ handle: "providerUsers", title: "Provider" }] }));
    const byEmail = await search("customerSupport", "nurse-manager@");
    expect(byEmail.body.data!.users.map((u) => u.email)).toEqual(["nurse-manager@demo.test"]);
    // Michael Brooks is suspended; patients never appear among staff.
    expect((await search("customerSupport", "brooks")).body.data!.users.map((u) => u.fullName)).not.toContain("Michael Brooks");
    expect((await search("customerSupport", "carter")).body.data!.users.map((u) => u.email)).not.toContain("patient@demo.test");
  });

  it("answers at most perGroup rows per group (5 by default, 20 at most) and nothing for an unmatched text", async () => {
    // 21 patients whose last name starts with the same 2 letters (the demo has fewer).
    await api.database.db.execute(
      sql`insert into users (email, role, first_name, last_name) select 'qv' || g || '@limit.test', 'patients', 'Limit', 'Qvtest' || g from generate_series(1, 21) g`,
    );
    const two = "qv";
    const five = await search("providers", two);
    expect(five.body.data!.treatments.length).toBe(5);
    expect((await search("providers", two, "&perGroup=20")).body.data!.treatments.length).toBe(20);
    expect((await search("providers", two, "&perGroup=21")).status).toBe(400);
    expect((await search("providers", "zzqxjv")).body.data).toEqual({ treatments: [], tasks: [], users: [] });
  });
});

describe("the access rule", () => {
  it("a provider finds only patients they may see; other staff find everyone", async () => {
    const [hidden] = await rows<{ email: string }>(sql`select email from users where id = ${ids.hidden}`);
    for (const text of [hidden!.email, String(ids.hidden)]) {
      expect(patientIds(await search("providerUsers", text)), text).not.toContain(ids.hidden);
      expect(patientIds(await search("medicalSupport", text)), text).toContain(ids.hidden);
    }
    expect(patientIds(await search("providerUsers", "carter"))).toContain(ids.p1);
    // Tasks of a patient the provider may not see are not found either.
    const [task] = await rows<{ id: number }>(sql`select id from tasks where patient_id = ${ids.hidden} limit 1`);
    if (task) {
      expect((await search("providerUsers", String(task.id))).body.data!.tasks.map((t) => t.id)).not.toContain(Number(task.id));
      expect((await search("providers", String(task.id))).body.data!.tasks.map((t) => t.id)).toContain(Number(task.id));
    }
  });
});

describe("highlighting", () => {
  it("wraps each match in a span with a class, escapes the rest", async () => {
    const emma = (await search("providers", "emma car")).body.data!.treatments.find((t) => t.patient.id === ids.p1)!;
    expect(emma.highlight.fullName).toBe('<span class="search-highlight">Emma Car</span>ter');
    const phone = (await search("providers", "(415) 555-0123")).body.data!.treatments.find((t) => t.patient.id === ids.p1)!;
    expect(phone.highlight.phone).toBe('+1<span class="search-highlight">4155550123</span>');
  });

  it("keeps markup in the data as text: a task titled with HTML comes back escaped, only span[class] survives", async () => {
    const m = c("providers");
    const [provider] = await rows<{ id: number }>(sql`select id from users where email = 'nurse@demo.test'`);
    const title = `zqxmark <img src=x onerror=alert(1)><script>alert(2)</script> <b>bold</b>`;
    const created = await m.post<{ id: number }>("/api/v1/tasks", { title, description: "x", patientId: ids.p1, providerId: Number(provider!.id), status: 1, sectionType: 1 });
    expect(created.status).toBe(200);
    const found = (await search("providers", "zqxmark")).body.data!.tasks.find((t) => t.id === created.body.data!.id)!;
    expect(found.title).toBe(title);
    const html = found.highlight.title;
    expect(html).toContain('<span class="search-highlight">zqxmark</span>');
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;");
    expect(html.replace(/<span class="search-highlight">|<\/span>/g, "")).not.toMatch(/<[a-z/]/i);
    // A search text that is itself markup is highlighted as text.
    const markup = (await search("providers", "zqxmark <img")).body.data!.tasks.find((t) => t.id === created.body.data!.id)!;
    expect(markup.highlight.title).toContain('<span class="search-highlight">zqxmark &lt;img</span>');
  });
});

describe("audit and bad input", () => {
  it("writes one audit row with the patient ids returned, never the search text", async () => {
    const before = Number((await rows<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_events`))[0]!.id);
    const r = await search("medicalSupportManagers", "carter");
    const [row] = await rows<{ action: string; actor_role: string; patient_ids: number[]; meta: unknown; entity_id: string | null }>(
      sql`select action, actor_role, patient_ids, meta, entity_id from audit_events where id > ${before}`,
    );
    expect(row).toMatchObject({ action: "search.global", actor_role: "medicalSupportManagers" });
    expect(row!.patient_ids).toEqual(expect.arrayContaining(patientIds(r)));
    expect(JSON.stringify(row).toLowerCase()).not.toContain("carter");
  });

  it("refuses an empty or too long search with a field error, and reads nothing", async () => {
    for (const q of ["", "search=", "search=%20%20", `search=${"a".repeat(101)}`]) {
      const r = await c("providers").get<{ fieldCodes: Record<string, unknown> }>(`/api/v1/global-search?${q}`);
      expect(r.status, q).toBe(400);
      expect(Object.keys((r.body.data as unknown as { fieldCodes: Record<string, unknown> }).fieldCodes)).toEqual(["search"]);
    }
  });
});
