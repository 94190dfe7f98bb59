/**
 * The staff task calls (spec §3 Task, §4, §5 create-task rules and HTML allow-list, §7 Tasks, §9 page sizes)
 * over real HTTP on a fresh demo database (PGlite, or PostgreSQL with API_TEST_DB=postgres).
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DescriptionUpdate, Task, TaskListItem, TaskPages } from "../../api/contract/tasks.ts";
import { taskQueryParams } from "../../api/contract/tasks.ts";
import { Client, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
let manager: Client; // providers
let provider: Client; // providerUsers
let support: Client; // customerSupport
let nurse: Client; // medicalSupport
let patient: Client;
let guest: Client;
const ids = { manager: 0, provider: 0, support: 0, nurse: 0, patient: 0, otherPatient: 0, suspended: 0 };

type ListReply = { status: number; body: { message: string; data?: TaskListItem[]; pages?: TaskPages } };

async function rows<R>(q: SQL): Promise<R[]> {
  return ((await api.database.db.execute(q)) as unknown as { rows: R[] }).rows;
}
const one = async <R>(q: SQL) => (await rows<R>(q))[0];
const num = (v: unknown) => Number(v);

async function list(c: Client, query: string): Promise<ListReply> {
  return (await c.get<TaskListItem[]>("/api/v2/tasks" + (query ? "?" + query : ""))) as ListReply;
}

async function createTask(c: Client, extra: Record<string, unknown> = {}) {
  return c.post<Task>("/api/v1/tasks", {
    title: "Call back about the refill",
    description: "Patient asked for a call back.",
    patientId: ids.patient,
    providerId: ids.nurse,
    status: 1,
    sectionType: 1,
    ...extra,
  });
}

beforeAll(async () => {
  api = await startTestApi();
  [manager, provider, support, nurse, patient, guest] = await Promise.all([
    signedIn(api.url, "providers"),
    signedIn(api.url, "providerUsers"),
    signedIn(api.url, "customerSupport"),
    signedIn(api.url, "medicalSupport"),
    signedIn(api.url, "patients"),
    signedIn(api.url, "guest"),
  ]);
  const byEmail = async (email: string) => num((await one<{ id: number }>(sql`select id from users where email = ${email}`)).id);
  ids.manager = await byEmail("manager@demo.test");
  ids.provider = await byEmail("provider@demo.test");
  ids.support = await byEmail("support@demo.test");
  ids.nurse = await byEmail("nurse@demo.test");
  ids.patient = await byEmail("patient@demo.test");
  ids.otherPatient = await byEmail("patient2@demo.test");
  ids.suspended = num((await one<{ id: number }>(sql`select id from users where role <> 'patients' and user_status <> 'active' order by id limit 1`)).id);
});
afterAll(() => api?.close());

const TASK_KEYS = [
  "auto", "category", "createdBy", "dateAssigned", "description", "htmlDescription", "id", "patient", "patientId", "provider",
  "providerId", "sectionType", "source", "status", "statusKey", "title",
].sort();

describe("GET /api/v2/tasks", () => {
  it("pages 20 at a time, newest first, with the Task fields of spec §3 and an exact count under the cap", async () => {
    const r = await list(manager, "");
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("");
    const total = num((await one<{ n: number }>(sql`select count(*)::int as n from tasks`)).n);
    expect(r.body.pages).toEqual({ totalCount: total, page: 1, perPage: 20, totalCountCapped: false, hasMore: true, nextCursor: expect.any(String) });
    const data = r.body.data!;
    expect(data).toHaveLength(20);
    expect(data.map((t) => t.id)).toEqual([...data.map((t) => t.id)].sort((a, b) => b - a));
    for (const t of data) expect(Object.keys(t).sort()).toEqual(TASK_KEYS);
    const withPeople = data.find((t) => t.patient && t.provider && t.createdBy)!;
    expect(withPeople.patient).toEqual({ id: withPeople.patientId, fullName: expect.any(String), avatar: null });
    expect(Object.keys(withPeople.provider!).sort()).toEqual(["avatar", "avatarUrl", "fullName", "profession"]);
    expect(withPeople.provider!.profession).toEqual({ value: expect.any(String), label: expect.any(String) });
    expect(Object.keys(withPeople.createdBy!).sort()).toEqual(["avatarUrl", "fullName", "id", "profession"]);
    expect(typeof withPeople.status).toBe("number");
    expect(withPeople.dateAssigned).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("shows the tabs given as tab[] entries (status strings), all statuses without tabs", async () => {
    const r = await list(manager, "tab[]=todo&tab[]=waiting_for_client&perPage=100");
    expect(r.status).toBe(200);
    expect(new Set(r.body.data!.map((t) => t.statusKey))).toEqual(new Set(["todo", "waiting_for_client"]));
    for (const t of r.body.data!) expect(t.status).toBe(t.statusKey === "todo" ? 1 : 4);
    const n = num((await one<{ n: number }>(sql`select count(*)::int as n from tasks where status in (1, 4)`)).n);
    expect(r.body.pages!.totalCount).toBe(n);
    const done = await list(manager, "tab[]=done");
    expect(done.body.data!.every((t) => t.statusKey === "done")).toBe(true);
  });

  it("answers the header dropdown: filter.staffIds = me, the five active tabs, page 1 of 20", async () => {
    const tabs = ["todo", "in_progress", "waiting_for_client", "to_verify_by_team", "to_be_discussed"];
    const q = `filter.staffIds[]=${ids.nurse}&${tabs.map((t) => `tab[]=${t}`).join("&")}&page=1&perPage=20`;
    const r = await list(nurse, q);
    expect(r.status).toBe(200);
    const expected = await rows<{ id: number }>(sql`select id from tasks where provider_id = ${ids.nurse} and status <> 3 order by id desc limit 20`);
    expect(r.body.data!.map((t) => t.id)).toEqual(expected.map((e) => num(e.id)));
    expect(r.body.data!.every((t) => t.providerId === ids.nurse && t.statusKey !== "done")).toBe(true);
    // The same filter as a JSON object, in brackets, and without the prefix.
    for (const alt of [
      `filter=${encodeURIComponent(JSON.stringify({ staffIds: [ids.nurse] }))}`,
      `filter[staffIds][]=${ids.nurse}`,
      `staffIds[]=${ids.nurse}`,
      `staffIds=${ids.nurse}`,
    ]) {
      const a = await list(nurse, `${alt}&${tabs.map((t) => `tab[]=${t}`).join("&")}`);
      expect(a.status, alt).toBe(200);
      expect(a.body.data!.map((t) => t.id), alt).toEqual(r.body.data!.map((t) => t.id));
    }
  });

  it("drops empty values, reads comma lists, and builds the same query from a filter object (taskQueryParams)", async () => {
    const plain = await list(manager, "perPage=30");
    const withEmpties = await list(manager, "perPage=30&search=&category=&tab[]=&filter.staffIds[]=&dateFrom=&filter=");
    expect(withEmpties.status).toBe(200);
    expect(withEmpties.body.data!.map((t) => t.id)).toEqual(plain.body.data!.map((t) => t.id));
    const params = taskQueryParams({ tab: ["todo", "done"], category: [1, 2], search: "", patientId: undefined, filter: { staffIds: [ids.manager] }, dateFrom: new Date(2020, 0, 5), perPage: 50 });
    expect(params.toString()).toBe(
      "tab%5B%5D=todo&tab%5B%5D=done&category%5B%5D=1&category%5B%5D=2&filter=%7B%22staffIds%22%3A%5B" + ids.manager + "%5D%7D&dateFrom=2020-01-05&perPage=50",
    );
    const a = await list(manager, params.toString());
    const b = await list(manager, `tab=todo,done&category=1,2&filter.staffIds[]=${ids.manager}&dateFrom=2020-01-05&perPage=50`);
    expect(a.status).toBe(200);
    expect(a.body.data!.map((t) => t.id)).toEqual(b.body.data!.map((t) => t.id));
    for (const t of a.body.data!) {
      expect(["todo", "done"]).toContain(t.statusKey);
      expect([1, 2]).toContain(t.category);
      expect(t.providerId).toBe(ids.manager);
    }
  });

  it("filters by patient, category, source, journey, onlyAuto and title search (or id)", async () => {
    const byPatient = await list(manager, `patientId=${ids.patient}&perPage=100`);
    expect(byPatient.body.data!.length).toBeGreaterThan(0);
    expect(byPatient.body.data!.every((t) => t.patientId === ids.patient)).toBe(true);
    const filtered = await list(manager, "category[]=2&category[]=3&source[]=chat&sectionType[]=1&sectionType[]=2&perPage=100");
    expect(filtered.status).toBe(200);
    for (const t of filtered.body.data!) {
      expect([2, 3]).toContain(t.category);
      expect(t.source).toBe("chat");
      expect([1, 2]).toContain(t.sectionType);
    }
    const n = num((await one<{ n: number }>(sql`select count(*)::int as n from tasks where category in (2,3) and source = 'chat' and section_type in (1,2)`)).n);
    expect(filtered.body.pages!.totalCount).toBe(n);
    const auto = await list(manager, "onlyAuto=true&perPage=100");
    expect(auto.body.data!.length).toBeGreaterThan(0);
    expect(auto.body.data!.every((t) => t.auto)).toBe(true);
    const search = await list(manager, "search=REFUND&perPage=100");
    expect(search.body.data!.length).toBeGreaterThan(0);
    expect(search.body.data!.every((t) => /refund/i.test(t.title))).toBe(true);
    const someId = byPatient.body.data![0].id;
    const byId = await list(manager, `search=${someId}`);
    expect(byId.body.data!.map((t) => t.id)).toContain(someId);
    const like = await list(manager, "search=" + encodeURIComponent("100%_"));
    expect(like.status).toBe(200);
    expect(like.body.data).toEqual([]);
  });

  it("bounds dateAssigned with yyyy-MM-dd days in the caller's time zone; rejects other date forms", async () => {
    // 03:00 UTC on 15 March 2020 is the evening of 14 March for the demo manager (UTC-07:00).
    const created = await createTask(manager, { title: "Dated task", dateAssigned: "2020-03-15T03:00:00Z" });
    expect(created.status).toBe(200);
    expect(created.body.data!.dateAssigned).toBe("2020-03-15T03:00:00.000Z");
    const id = created.body.data!.id;
    const on14 = await list(manager, "dateFrom=2020-03-14&dateTo=2020-03-14");
    expect(on14.body.data!.map((t) => t.id)).toEqual([id]);
    expect((await list(manager, "dateFrom=2020-03-15&dateTo=2020-03-15")).body.data).toEqual([]);
    const json = await list(manager, "dateAssigned=" + encodeURIComponent(JSON.stringify({ from: "2020-03-01", to: "2020-03-31" })));
    expect(json.body.data!.map((t) => t.id)).toEqual([id]);
    const bad = await list(manager, "dateFrom=03/14/2020&dateTo=2020-02-30");
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { data?: { errors: object } }).data!.errors).sort()).toEqual(["dateFrom", "dateTo"]);
    const badJson = await list(manager, "filter=" + encodeURIComponent("{not json"));
    expect(badJson.status).toBe(400);
    await manager.delete(`/api/v1/tasks/${id}`);
  });

  it("sorts by id, dateAssigned and status (workflow order), and pages stably by number and by cursor", async () => {
    for (const sort of ["id_asc", "id_desc", "dateAssigned_asc", "dateAssigned_desc", "status_asc", "status_desc"] as const) {
      const all = await rows<{ id: number; status: number; date_assigned: Date | string }>(
        sql`select id, status, date_assigned from tasks where category in (1, 4, 7)`,
      );
      const rank = (s: number) => [1, 2, 4, 5, 6, 3].indexOf(s);
      const time = (d: Date | string) => new Date(d).getTime();
      const expected = [...all]
        .sort((a, b) => {
          switch (sort) {
            case "id_asc": return a.id - b.id;
            case "id_desc": return b.id - a.id;
            case "dateAssigned_asc": return time(a.date_assigned) - time(b.date_assigned) || a.id - b.id;
            case "dateAssigned_desc": return time(b.date_assigned) - time(a.date_assigned) || b.id - a.id;
            case "status_asc": return rank(a.status) - rank(b.status) || b.id - a.id;
            case "status_desc": return rank(b.status) - rank(a.status) || b.id - a.id;
          }
        })
        .map((r) => num(r.id));
      // By page number.
      const byPage: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 17); page++) {
        const r = await list(manager, `category[]=1&category[]=4&category[]=7&sort=${sort}&perPage=17&page=${page}`);
        expect(r.status).toBe(200);
        byPage.push(...r.body.data!.map((t) => t.id));
      }
      expect(byPage, sort).toEqual(expected);
      // By cursor.
      const byCursor: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r: ListReply = await list(manager, `category[]=1&category[]=4&category[]=7&sort=${sort}&perPage=17${cursor ? `&cursor=${cursor}` : ""}`);
        expect(r.status).toBe(200);
        byCursor.push(...r.body.data!.map((t) => t.id));
        cursor = r.body.pages!.nextCursor;
        expect(r.body.pages!.hasMore).toBe(cursor !== null);
        pages++;
      } while (cursor && pages < 100);
      expect(byCursor, sort).toEqual(expected);
    }
  });

  it("pages by cursor with the header's staff filter and tabs, without repeats", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const r: ListReply = await list(manager, `filter.staffIds[]=${ids.nurse}&filter.staffIds[]=${ids.support}&tab[]=todo&tab[]=in_progress&sort=status_asc&perPage=5${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...r.body.data!.map((t) => t.id));
      cursor = r.body.pages!.nextCursor;
    } while (cursor);
    const expected = await rows<{ id: number }>(
      sql`select id from tasks where provider_id in (${ids.nurse}, ${ids.support}) and status in (1, 2) order by case status when 1 then 0 else 1 end, id desc`,
    );
    expect(seen).toEqual(expected.map((e) => num(e.id)));
  });

  it("rejects bad query values with field errors", async () => {
    const r = await list(manager, "perPage=1000&sort=bogus&tab[]=nope&category[]=12&source[]=fax&patientId=x");
    expect(r.status).toBe(400);
    expect(Object.keys((r.body as { data?: { errors: object } }).data!.errors).sort()).toEqual(["category.0", "patientId", "perPage", "sort", "source.0", "tab.0"]);
    const cursor = await list(manager, "cursor=bm9wZQ");
    expect(cursor.status).toBe(400);
    expect((cursor.body as { data?: { errors: object } }).data!.errors).toHaveProperty("cursor");
    // A cursor made for another sort is refused too.
    const first = await list(manager, "sort=id_desc");
    expect((await list(manager, `sort=status_asc&cursor=${first.body.pages!.nextCursor}`)).status).toBe(400);
    const deep = await list(manager, "page=300&perPage=100");
    expect(deep.status).toBe(400);
    expect((deep.body as { data?: { errors: object } }).data!.errors).toHaveProperty("page");
  });

  it("is staff only: a patient gets 403, a guest 401", async () => {
    expect((await list(patient, "")).status).toBe(403);
    expect((await list(guest, "")).status).toBe(401);
    for (const c of [provider, support, nurse]) expect((await list(c, "perPage=1")).status).toBe(200);
  });
});

describe("GET /api/v1/tasks/{id}", () => {
  it("reads one task with its comments and activity, oldest first; audits the read", async () => {
    const [row] = await rows<{ id: number; patient_id: number }>(sql`select t.id, t.patient_id from tasks t where exists (select 1 from task_comments c where c.task_id = t.id and c.kind = 'comment') and t.patient_id is not null order by t.id limit 1`);
    const id = num(row.id);
    const before = num((await one<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'task.read' and entity_id = ${String(id)}`)).n);
    const r = await support.get<Task>(`/api/v1/tasks/${id}`);
    expect(r.status).toBe(200);
    const t = r.body.data!;
    expect(Object.keys(t).sort()).toEqual([...TASK_KEYS, "descriptionUpdates"].sort());
    expect(t.descriptionUpdates.length).toBeGreaterThan(0);
    for (const u of t.descriptionUpdates) {
      expect(Object.keys(u).sort()).toEqual(["dateCreatedTz", "description", "id", "kind", "user"]);
      expect(["comment", "activity"]).toContain(u.kind);
    }
    const idsInOrder = t.descriptionUpdates.map((u) => u.id);
    expect(idsInOrder).toEqual([...idsInOrder].sort((a, b) => a - b));
    const after = await one<{ n: number; patient_id: number; actor_role: string }>(
      sql`select count(*)::int as n, max(patient_id) as patient_id, max(actor_role) as actor_role from audit_events where action = 'task.read' and entity_id = ${String(id)}`,
    );
    expect(num(after.n)).toBe(before + 1);
    expect(num(after.patient_id)).toBe(num(row.patient_id));
    expect(after.actor_role).toBe("customerSupport");
  });

  it("answers 404 for an unknown or malformed id; 403 patient; 401 guest", async () => {
    expect((await manager.get("/api/v1/tasks/99999999")).status).toBe(404);
    expect((await manager.get("/api/v1/tasks/abc")).status).toBe(404);
    expect((await patient.get("/api/v1/tasks/1")).status).toBe(403);
    expect((await guest.get("/api/v1/tasks/1")).status).toBe(401);
  });
});

describe("POST /api/v1/tasks", () => {
  it("creates a task for every staff role, writes a 'Task created' activity and an audit record", async () => {
    for (const [c, role] of [[manager, "providers"], [provider, "providerUsers"], [support, "customerSupport"], [nurse, "medicalSupport"]] as const) {
      const r = await createTask(c, { status: "in_progress", sectionType: "2", category: 8, source: "phone" });
      expect(r.status, role).toBe(200);
      expect(r.body.message).toBe("Task created.");
      const t = r.body.data!;
      expect(t).toMatchObject({ title: "Call back about the refill", status: 2, statusKey: "in_progress", sectionType: 2, category: 8, source: "phone", auto: false, patientId: ids.patient, providerId: ids.nurse });
      expect(t.patient!.id).toBe(ids.patient);
      expect(t.provider!.fullName).toBe("Grace Lee");
      expect(t.createdBy!.fullName).toBeTruthy();
      expect(t.descriptionUpdates).toEqual([{ id: expect.any(Number), user: { fullName: t.createdBy!.fullName, avatar: null }, dateCreatedTz: expect.any(String), description: "Task created", kind: "activity" }]);
      expect(Math.abs(Date.parse(t.dateAssigned) - Date.now())).toBeLessThan(60_000);
      const audit = await one<{ actor_role: string; patient_id: number; meta: unknown }>(sql`select actor_role, patient_id, meta from audit_events where action = 'task.create' and entity_id = ${String(t.id)}`);
      expect(audit.actor_role).toBe(role);
      expect(num(audit.patient_id)).toBe(ids.patient);
      expect(JSON.stringify(audit.meta)).not.toContain("refill");
    }
  });

  it("requires title, description, patient, assignee, status and journey (spec §5)", async () => {
    const r = await manager.post<{ errors: Record<string, string[]> }>("/api/v1/tasks", { title: "   ", description: "" });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors).toEqual({
      title: ["Value is required"],
      description: ["Value is required"],
      patientId: ["Value is required"],
      providerId: ["Value is required"],
      status: ["Value is required"],
      sectionType: ["Value is required"],
    });
  });

  it("accepts only known statuses, the three journeys, known categories and sources, a patient and an active staff assignee", async () => {
    const r = await manager.post<{ errors: Record<string, string[]> }>("/api/v1/tasks", {
      title: "x",
      description: "y",
      status: 9,
      sectionType: 4,
      category: 12,
      source: "fax",
      patientId: ids.nurse,
      providerId: ids.patient,
      dateAssigned: "yesterday",
    });
    expect(r.status).toBe(400);
    expect(r.body.data!.errors).toEqual({
      status: ["Choose one of the task statuses"],
      sectionType: ["Choose weight loss, sexual wellness or pharmacy purchase"],
      category: ["Choose one of the task categories"],
      source: ["Choose provider, email, chat or phone"],
      patientId: ["Choose an existing patient"],
      providerId: ["Choose an active staff member"],
      dateAssigned: ["Enter a valid date as yyyy-MM-dd"],
    });
    const suspended = await createTask(manager, { providerId: ids.suspended });
    expect(suspended.status).toBe(400);
    expect(Object.keys((suspended.body.data as unknown as { errors: object }).errors)).toEqual(["providerId"]);
    const unknownPatient = await createTask(manager, { patientId: 99999999, status: "bogus" });
    expect(Object.keys((unknownPatient.body.data as unknown as { errors: object }).errors).sort()).toEqual(["patientId", "status"]);
    // Empty optional fields mean "none"; every staff role may be the assignee.
    const ok = await createTask(manager, { category: "", source: null, providerId: ids.support, status: "to_be_discussed" });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ category: null, source: null, providerId: ids.support, status: 6 });
  });

  it("sanitises the HTML description to the message allow-list and keeps the plain description as typed", async () => {
    const dirty =
      '<p onclick="steal()">Hello <b>bold</b> <i>i</i> <u>u</u> <strong>s</strong> <em>e</em><br>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/x" onmouseover="x()" target="_blank" style="color:red">good</a> ' +
      '<a href="/patient/account/profile">rel</a> <a href=" JaVaScRiPt:alert(1)">bad2</a> <a href="data:text/html,hi">bad3</a></p>' +
      '<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe><div>kept text</div><svg><circle/></svg>';
    const r = await createTask(manager, { description: dirty });
    expect(r.status).toBe(200);
    const t = r.body.data!;
    expect(t.description).toBe(dirty);
    const html = t.htmlDescription;
    for (const banned of ["<script", "alert(1)", "onerror", "onclick", "onmouseover", "<iframe", "<img", "javascript:", "data:", "style=", "target=", "<div", "<svg"]) {
      expect(html.toLowerCase(), banned).not.toContain(banned.toLowerCase());
    }
    for (const kept of ["<b>bold</b>", "<i>i</i>", "<u>u</u>", "<strong>s</strong>", "<em>e</em>", "<br>", '<a href="https://example.com/x">good</a>', '<a href="/patient/account/profile">rel</a>', "<a>bad</a>", "kept text"]) {
      expect(html).toContain(kept);
    }
    expect(html.startsWith("<p>Hello")).toBe(true);
    const plain = await createTask(manager, { description: "First line\nsecond line & <3\n\nNew paragraph" });
    expect(plain.body.data!.htmlDescription).toBe("<p>First line<br>second line &amp; &lt;3</p><p>New paragraph</p>");
  });

  it("refuses patients (403), guests (401) and a missing CSRF token (403)", async () => {
    expect((await createTask(patient)).status).toBe(403);
    expect((await createTask(guest)).status).toBe(401);
    const noCsrf = await manager.request("POST", "/api/v1/tasks", { title: "x" }, { csrf: false });
    expect(noCsrf.status).toBe(403);
  });
});

describe("PUT /api/v1/tasks/{id}", () => {
  it("changes only the given fields and writes one activity entry per change plus an audit record", async () => {
    const created = (await createTask(manager, { category: 1, source: "email" })).body.data!;
    const r = await nurse.put<Task>(`/api/v1/tasks/${created.id}`, { status: "done", providerId: ids.provider, category: 9, title: "Renamed" });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Task updated.");
    const t = r.body.data!;
    expect(t).toMatchObject({ title: "Renamed", status: 3, statusKey: "done", providerId: ids.provider, category: 9, source: "email", sectionType: 1, description: created.description, patientId: ids.patient });
    expect(t.provider!.fullName).toBe("Marcus Hale");
    const activity = t.descriptionUpdates.filter((u) => u.kind === "activity").map((u) => u.description);
    expect(activity).toEqual([
      "Task created",
      "Title changed",
      "Status changed from To do to Done",
      "Assignee changed from Grace Lee to Marcus Hale",
      "Category changed from Medical Question to Lab results",
    ]);
    expect(t.descriptionUpdates.at(-1)!.user!.fullName).toBe("Grace Lee");
    const audit = await rows<{ patient_id: number; meta: Record<string, unknown>; actor_role: string }>(sql`select patient_id, meta, actor_role from audit_events where action = 'task.update' and entity_id = ${String(created.id)}`);
    expect(audit).toHaveLength(1);
    expect(num(audit[0].patient_id)).toBe(ids.patient);
    expect(audit[0].actor_role).toBe("medicalSupport");
    const meta = typeof audit[0].meta === "string" ? JSON.parse(audit[0].meta) : audit[0].meta;
    expect(meta.fields).toBe("title,status,providerId,category");
    expect(JSON.stringify(meta)).not.toContain("Renamed");
  });

  it("recomputes htmlDescription, clears the assignee, moves the patient (audited for both patients)", async () => {
    const created = (await createTask(manager)).body.data!;
    const r = await support.put<Task>(`/api/v1/tasks/${created.id}`, { description: "<p>New <script>x()</script><b>text</b></p>", providerId: null, patientId: ids.otherPatient, source: "chat", sectionType: 3 });
    expect(r.status).toBe(200);
    const t = r.body.data!;
    expect(t.htmlDescription).toBe("<p>New <b>text</b></p>");
    expect(t.providerId).toBeNull();
    expect(t.provider).toBeNull();
    expect(t.patient!.id).toBe(ids.otherPatient);
    expect(t.descriptionUpdates.filter((u) => u.kind === "activity").map((u) => u.description)).toEqual([
      "Task created",
      "Description changed",
      "Patient changed from Emma Carter to Liam Foster",
      "Assignee changed from Grace Lee to Nobody",
      "Journey changed from Weight loss to Pharmacy purchase",
      "Source changed from None to Chat",
    ]);
    const patients = await rows<{ patient_id: number }>(sql`select patient_id from audit_events where action = 'task.update' and entity_id = ${String(created.id)} order by patient_id`);
    expect(patients.map((p) => num(p.patient_id)).sort()).toEqual([ids.patient, ids.otherPatient].sort());
  });

  it("writes nothing when nothing changes; rejects an empty body and invalid values; 404 for an unknown task", async () => {
    const created = (await createTask(manager)).body.data!;
    const same = await manager.put<Task>(`/api/v1/tasks/${created.id}`, { status: 1, title: created.title });
    expect(same.status).toBe(200);
    expect(same.body.data!.descriptionUpdates).toHaveLength(1);
    const empty = await manager.put<{ errors: object }>(`/api/v1/tasks/${created.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.data!.errors).toEqual({ form: ["Change at least one field"] });
    const bad = await manager.put<{ errors: object }>(`/api/v1/tasks/${created.id}`, { status: 0, title: "", sectionType: null, description: "  " });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data!.errors).sort()).toEqual(["description", "sectionType", "status", "title"]);
    const badPeople = await manager.put<{ errors: object }>(`/api/v1/tasks/${created.id}`, { providerId: ids.patient, patientId: ids.manager });
    expect(badPeople.status).toBe(400);
    expect(Object.keys(badPeople.body.data!.errors).sort()).toEqual(["patientId", "providerId"]);
    expect((await manager.put(`/api/v1/tasks/99999999`, { status: 3 })).status).toBe(404);
    expect((await patient.put(`/api/v1/tasks/${created.id}`, { status: 3 })).status).toBe(403);
    expect((await guest.put(`/api/v1/tasks/${created.id}`, { status: 3 })).status).toBe(401);
  });
});

describe("DELETE /api/v1/tasks/{id}", () => {
  it("lets the manager roles delete (audited), refuses the other staff, 404 afterwards", async () => {
    const t = (await createTask(provider)).body.data!;
    expect((await support.delete(`/api/v1/tasks/${t.id}`)).status).toBe(403);
    expect((await provider.delete(`/api/v1/tasks/${t.id}`)).status).toBe(403);
    expect((await patient.delete(`/api/v1/tasks/${t.id}`)).status).toBe(403);
    expect((await guest.delete(`/api/v1/tasks/${t.id}`)).status).toBe(401);
    const r = await manager.delete<{ id: number }>(`/api/v1/tasks/${t.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: "tasks.deleted", message: "Task deleted.", data: { id: t.id } });
    expect((await manager.get(`/api/v1/tasks/${t.id}`)).status).toBe(404);
    expect((await manager.delete(`/api/v1/tasks/${t.id}`)).status).toBe(404);
    const audit = await one<{ patient_id: number; actor_role: string }>(sql`select patient_id, actor_role from audit_events where action = 'task.delete' and entity_id = ${String(t.id)}`);
    expect(num(audit.patient_id)).toBe(ids.patient);
    expect(audit.actor_role).toBe("providers");
  });
});

describe("mass update and mass delete", () => {
  it("sets status and assignee of many tasks at once, with activity and audit per task", async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createTask(manager)).body.data!.id);
    const r = await manager.post<{ ids: number[]; count: number }>("/api/v2/tasks/mass-update", { ids: [...made, 99999999, made[0]], status: "to_verify_by_team", providerId: ids.support });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: "tasks.massUpdated", message: "Tasks updated.", data: { ids: made, count: 3 } });
    for (const id of made) {
      const t = (await manager.get<Task>(`/api/v1/tasks/${id}`)).body.data!;
      expect(t).toMatchObject({ status: 5, providerId: ids.support });
      expect(t.descriptionUpdates.map((u) => u.description)).toEqual(["Task created", "Status changed from To do to To verify by team", "Assignee changed from Grace Lee to Priya Shah"]);
    }
    const audits = await rows<{ entity_id: string }>(sql`select entity_id from audit_events where action = 'task.update' and (meta->>'mass') = 'true' and entity_id in (${sql.join(made.map((m) => sql`${String(m)}`), sql`, `)})`);
    expect(audits).toHaveLength(3);
  });

  it("validates the mass update and keeps it to the manager roles", async () => {
    const none = await manager.post<{ errors: object }>("/api/v2/tasks/mass-update", { ids: [1] });
    expect(none.status).toBe(400);
    expect(none.body.data!.errors).toEqual({ status: ["The value is required"] });
    const empty = await manager.post<{ errors: object }>("/api/v2/tasks/mass-update", { ids: [], status: 3 });
    expect(empty.body.data!.errors).toEqual({ ids: ["Choose at least one"] });
    const badAssignee = await manager.post<{ errors: object }>("/api/v2/tasks/mass-update", { ids: [1], providerId: ids.suspended });
    expect(badAssignee.body.data!.errors).toEqual({ providerId: ["Choose an active staff member"] });
    const tooMany = await manager.post("/api/v2/tasks/mass-update", { ids: Array.from({ length: 101 }, (_, i) => i + 1), status: 3 });
    expect(tooMany.status).toBe(400);
    for (const c of [provider, support, nurse, patient]) expect((await c.post("/api/v2/tasks/mass-update", { ids: [1], status: 3 })).status).toBe(403);
    expect((await guest.post("/api/v2/tasks/mass-update", { ids: [1], status: 3 })).status).toBe(401);
  });

  it("deletes many tasks (JSON body or ids[] in the query), audited per task, manager roles only", async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push((await createTask(nurse)).body.data!.id);
    for (const c of [provider, support, nurse, patient]) expect((await c.delete("/api/v2/tasks/mass-delete", { ids: made })).status).toBe(403);
    expect((await guest.delete("/api/v2/tasks/mass-delete", { ids: made })).status).toBe(401);
    const r = await manager.delete<{ ids: number[]; count: number }>("/api/v2/tasks/mass-delete", { ids: [made[0], made[1], 99999999] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: "tasks.massDeleted", message: "Tasks deleted.", data: { ids: [made[0], made[1]], count: 2 } });
    const q = await manager.delete<{ ids: number[] }>(`/api/v2/tasks/mass-delete?ids[]=${made[2]}&ids[]=${made[3]}`);
    expect(q.status).toBe(200);
    expect(q.body.data!.ids).toEqual([made[2], made[3]]);
    const left = await one<{ n: number }>(sql`select count(*)::int as n from tasks where id in (${sql.join(made.map((m) => sql`${m}`), sql`, `)})`);
    expect(num(left.n)).toBe(0);
    const audits = await one<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'task.delete' and patient_id = ${ids.patient} and entity_id in (${sql.join(made.map((m) => sql`${String(m)}`), sql`, `)})`);
    expect(num(audits.n)).toBe(4);
    const bad = await manager.delete<{ errors: object }>("/api/v2/tasks/mass-delete", { ids: ["x"] });
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/v1/tasks/{id}/comments", () => {
  it("adds a plain-text comment (shown in descriptionUpdates), audited; rejects an empty one", async () => {
    const t = (await createTask(manager)).body.data!;
    const r = await support.post<DescriptionUpdate>(`/api/v1/tasks/${t.id}/comments`, { description: "  Called the patient <b>twice</b>.  " });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Comment added.");
    expect(r.body.data).toEqual({ id: expect.any(Number), user: { fullName: "Priya Shah", avatar: null }, dateCreatedTz: expect.stringMatching(/Z$/), description: "Called the patient <b>twice</b>.", kind: "comment" });
    const read = (await manager.get<Task>(`/api/v1/tasks/${t.id}`)).body.data!;
    expect(read.descriptionUpdates.at(-1)).toEqual(r.body.data);
    const audit = await one<{ patient_id: number }>(sql`select patient_id from audit_events where action = 'task.comment' and entity_id = ${String(t.id)}`);
    expect(num(audit.patient_id)).toBe(ids.patient);
    for (const description of ["", "   ", undefined]) {
      const bad = await support.post<{ errors: object }>(`/api/v1/tasks/${t.id}/comments`, { description });
      expect(bad.status).toBe(400);
      expect(bad.body.data!.errors).toEqual({ description: ["Value is required"] });
    }
    expect((await support.post(`/api/v1/tasks/99999999/comments`, { description: "x" })).status).toBe(404);
    expect((await patient.post(`/api/v1/tasks/${t.id}/comments`, { description: "x" })).status).toBe(403);
    expect((await guest.post(`/api/v1/tasks/${t.id}/comments`, { description: "x" })).status).toBe(401);
  });
});

describe("contract", () => {
  it("publishes the task calls in the OpenAPI document, with the capped-count paging fields", async () => {
    const r = await guest.get<never>("/api/openapi.json");
    const doc = r.body as unknown as { paths: Record<string, Record<string, { responses: { 200: { content: { "application/json": { schema: { properties: { pages?: { properties: object } } } } } } } }>> };
    for (const [path, method] of [["/api/v2/tasks", "get"], ["/api/v1/tasks/{id}", "get"], ["/api/v1/tasks", "post"], ["/api/v1/tasks/{id}", "put"], ["/api/v1/tasks/{id}", "delete"], ["/api/v2/tasks/mass-update", "post"], ["/api/v2/tasks/mass-delete", "delete"], ["/api/v1/tasks/{id}/comments", "post"]]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
    const pages = doc.paths["/api/v2/tasks"].get.responses[200].content["application/json"].schema.properties.pages!;
    expect(Object.keys(pages.properties).sort()).toEqual(["hasMore", "nextCursor", "page", "perPage", "totalCount", "totalCountCapped"]);
  });
});

describe("at scale", () => {
  it("caps totalCount at 1,000 and says so; audits every list read", async () => {
    await api.database.db.execute(
      sql`insert into tasks (title, status, provider_id, date_assigned) select 'Bulk task ' || g, 1 + g % 6, ${ids.manager}, now() - g * interval '1 minute' from generate_series(1, 1500) g`,
    );
    const before = num((await one<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'tasks.list'`)).n);
    const r = await list(manager, "");
    expect(r.body.pages).toMatchObject({ totalCount: 1000, totalCountCapped: true, hasMore: true });
    const small = await list(manager, `filter.staffIds[]=${ids.manager}&tab[]=to_be_discussed&search=Bulk`);
    expect(small.body.pages!.totalCount).toBe(250);
    expect(small.body.pages!.totalCountCapped).toBe(false);
    const after = num((await one<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'tasks.list'`)).n);
    expect(after).toBe(before + 2);
    // Page numbers up to the bound work beyond the counted range; the cursor continues from there.
    const p60 = await list(manager, "page=60&perPage=20");
    expect(p60.status).toBe(200);
    const p59 = await list(manager, "page=59&perPage=20");
    const next = await list(manager, `perPage=20&cursor=${p59.body.pages!.nextCursor}`);
    expect(next.body.data!.map((t) => t.id)).toEqual(p60.body.data!.map((t) => t.id));
  });
});
