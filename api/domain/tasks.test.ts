import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  TASKS_COUNT_CAP,
  TASKS_COUNT_SCAN_BUDGET,
  normalizeTaskQuery,
  parseTasksQuery,
  taskCreateSchema,
  taskQueryParams,
  taskUpdateSchema,
  tasksMassUpdateSchema,
  type TasksQuery,
} from "../contract/tasks.ts";
import {
  MAX_BRANCHES,
  STATUS_WORKFLOW_ORDER,
  activitySentences,
  buildListPlan,
  changedFields,
  countResult,
  cursorAfter,
  dayBounds,
  decodeCursor,
  encodeCursor,
  statusRank,
  toTaskListItem,
  type TaskFields,
  type TaskRow,
} from "./tasks.ts";

const dialect = new PgDialect();
const render = (q: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(q);
const query = (raw: Record<string, unknown>): TasksQuery => {
  const r = parseTasksQuery(raw);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
};

const before: TaskFields = {
  title: "Call back",
  description: "Please call",
  status: 1,
  patientId: 10,
  providerId: 20,
  sectionType: 1,
  source: null,
  category: 1,
};
const names = new Map([
  [10, "Emma Carter"],
  [11, "Liam Foster"],
  [20, "Grace Lee"],
  [21, "Marcus Hale"],
]);

describe("activity sentences", () => {
  it("writes one English sentence per changed field, in a fixed order, with labels and names", () => {
    const patch = { category: 9, source: "chat", providerId: 21, status: 3, title: "New", description: "New text", patientId: 11, sectionType: 3 };
    expect(activitySentences(before, patch, names)).toEqual([
      "Title changed",
      "Description changed",
      "Status changed from To do to Done",
      "Patient changed from Emma Carter to Liam Foster",
      "Assignee changed from Grace Lee to Marcus Hale",
      "Journey changed from Weight loss to Pharmacy purchase",
      "Source changed from None to Chat",
      "Category changed from Medical Question to Lab results",
    ]);
  });

  it("says Nobody / No patient / None when a value is cleared, and nothing for unchanged or absent fields", () => {
    expect(activitySentences(before, { providerId: null, patientId: null, category: null }, names)).toEqual([
      "Patient changed from Emma Carter to No patient",
      "Assignee changed from Grace Lee to Nobody",
      "Category changed from Medical Question to None",
    ]);
    expect(activitySentences(before, { status: 1, title: "Call back", providerId: undefined }, names)).toEqual([]);
    expect(changedFields(before, { status: 1, title: "x", category: undefined })).toEqual(["title"]);
    expect(activitySentences(before, { providerId: 99 }, names)).toEqual(["Assignee changed from Grace Lee to #99"]);
  });
});

describe("status order, cursors and days", () => {
  it("orders statuses by workflow: todo, in progress, waiting, verify, discuss, done", () => {
    expect(STATUS_WORKFLOW_ORDER).toEqual([1, 2, 4, 5, 6, 3]);
    expect([1, 2, 3, 4, 5, 6].map((s) => statusRank(s as 1))).toEqual([1, 2, 6, 3, 4, 5]);
  });

  it("round-trips cursors and refuses ones made for another sort or malformed", () => {
    const c = encodeCursor({ s: "status_asc", id: 42, r: 3 });
    expect(decodeCursor(c, "status_asc")).toEqual({ s: "status_asc", id: 42, r: 3 });
    expect(decodeCursor(c, "id_desc")).toBeNull();
    expect(decodeCursor("not-base64-json", "id_desc")).toBeNull();
    expect(decodeCursor(encodeCursor({ s: "status_asc", id: 42 }), "status_asc")).toBeNull();
    expect(decodeCursor(encodeCursor({ s: "id_desc", id: -1 }), "id_desc")).toBeNull();
    const d = encodeCursor({ s: "dateAssigned_desc", id: 7, d: "2025-05-01 10:00:00.123456+00" });
    expect(decodeCursor(d, "dateAssigned_desc")?.d).toBe("2025-05-01 10:00:00.123456+00");
    expect(decodeCursor(encodeCursor({ s: "dateAssigned_desc", id: 7, d: "'; drop table tasks" }), "dateAssigned_desc")).toBeNull();
  });

  it("makes the cursor of a row from its sort keys", () => {
    const row = { id: 5, status: 3, rank: 6, dateKey: "2025-01-02 03:04:05+00", dateAssigned: new Date() } as TaskRow;
    expect(decodeCursor(cursorAfter(row, "status_desc"), "status_desc")).toEqual({ s: "status_desc", id: 5, r: 6 });
    expect(decodeCursor(cursorAfter(row, "dateAssigned_asc"), "dateAssigned_asc")).toEqual({ s: "dateAssigned_asc", id: 5, d: "2025-01-02 03:04:05+00" });
    expect(decodeCursor(cursorAfter(row, "id_asc"), "id_asc")).toEqual({ s: "id_asc", id: 5 });
  });

  it("turns yyyy-MM-dd days into instants in the caller's time zone (dateTo inclusive)", () => {
    const { from, to } = dayBounds("2020-03-14", "2020-03-14", -420);
    expect(from!.toISOString()).toBe("2020-03-14T07:00:00.000Z");
    expect(to!.toISOString()).toBe("2020-03-15T07:00:00.000Z");
    expect(dayBounds("2020-12-31", undefined, 60)).toEqual({ from: new Date("2020-12-30T23:00:00.000Z") });
    expect(dayBounds(undefined, "2020-02-28", 0).to!.toISOString()).toBe("2020-02-29T00:00:00.000Z");
  });
});

describe("the list query string (spec §7 rules)", () => {
  it("reads key[] arrays, filter.x / filter[x] / a JSON filter object, comma lists, and drops empty values", () => {
    expect(normalizeTaskQuery({ "tab[]": ["todo", "done"], "filter.staffIds[]": "5", category: "", search: "  " })).toEqual({ tab: ["todo", "done"], staffIds: ["5"] });
    expect(normalizeTaskQuery({ filter: '{"staffIds":[5,6],"category":[1],"search":"","patientId":null}' })).toEqual({ staffIds: ["5", "6"], category: ["1"] });
    expect(normalizeTaskQuery({ "filter[staffIds][]": ["7"], dateAssigned: '{"from":"2024-01-01","to":"2024-01-31"}' })).toEqual({ staffIds: ["7"], dateFrom: "2024-01-01", dateTo: "2024-01-31" });
    const q = query({ "tab[]": ["todo", "in_progress"], "filter.staffIds[]": ["5", "6"], category: "1,2", onlyAuto: "true", perPage: "50", sort: "status_asc" });
    expect(q).toMatchObject({ tab: [1, 2], staffIds: [5, 6], category: [1, 2], onlyAuto: true, perPage: 50, page: 1, sort: "status_asc" });
    expect(query({})).toEqual({ page: 1, perPage: 20, sort: "id_desc" });
  });

  it("reports bad values per field, including a filter object that is not JSON and impossible dates", () => {
    const r = parseTasksQuery({ filter: "{oops", "tab[]": ["later"], dateFrom: "2024-02-30", dateTo: "01/02/2024", perPage: "101" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join(".")).sort()).toEqual(["dateFrom", "dateTo", "filter", "perPage", "tab.0"]);
  });

  it("builds a query string from a filter object for the web client", () => {
    const p = taskQueryParams({ tab: ["todo"], empty: [], none: null, blank: "", day: new Date(2024, 5, 9), filter: { staffIds: [3], search: "" }, onlyAuto: true });
    expect([...p.entries()]).toEqual([
      ["tab[]", "todo"],
      ["day", "2024-06-09"],
      ["filter", '{"staffIds":[3]}'],
      ["onlyAuto", "true"],
    ]);
    // And it reads back to the same filter.
    expect(normalizeTaskQuery(Object.fromEntries([...p.keys()].map((k) => [k, p.getAll(k).length > 1 ? p.getAll(k) : p.get(k)])))).toMatchObject({ tab: ["todo"], staffIds: ["3"], onlyAuto: "true" });
  });
});

describe("the list SQL plan", () => {
  it("merges one ordered index range per status, each LIMITed to offset + perPage + 1", () => {
    const plan = buildListPlan({ q: query({ "tab[]": ["todo", "done"] }), range: {}, cursor: null, offset: 0 });
    expect(plan.mode).toBe("branches");
    expect(plan.branches).toBe(2);
    const { sql, params } = render(plan.page);
    expect(sql.match(/UNION ALL/g)).toHaveLength(1);
    expect(sql).toContain("status = 1");
    expect(sql).toContain("status = 3");
    expect(sql).not.toMatch(/status IN/);
    expect(params).toEqual([21, 21, 21, 0]);
  });

  it("uses assignee × status branches for filter.staffIds, and a plain query above MAX_BRANCHES", () => {
    const header = buildListPlan({ q: query({ "filter.staffIds[]": ["9"], "tab[]": ["todo", "in_progress", "waiting_for_client", "to_verify_by_team", "to_be_discussed"] }), range: {}, cursor: null, offset: 0 });
    expect(header.branches).toBe(5);
    expect(render(header.page).sql).toContain("provider_id = 9");
    const many = buildListPlan({ q: query({ staffIds: Array.from({ length: 10 }, (_, i) => String(i + 1)) }), range: {}, cursor: null, offset: 0 });
    expect(6 * 10).toBeGreaterThan(MAX_BRANCHES);
    expect(many.mode).toBe("single");
    expect(render(many.page).sql).toContain("provider_id IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)");
  });

  it("uses one plain query for a patient or a dateAssigned sort; branches for a search", () => {
    expect(buildListPlan({ q: query({ search: "refund" }), range: {}, cursor: null, offset: 0 }).mode).toBe("branches");
    for (const raw of [{ patientId: "5" }, { sort: "dateAssigned_desc" }]) {
      expect(buildListPlan({ q: query(raw), range: {}, cursor: null, offset: 0 }).mode).toBe("single");
    }
    const search = render(buildListPlan({ q: query({ search: "50%" }), range: {}, cursor: null, offset: 0 }).page);
    expect(search.params).toContain("%50\\%%");
    const byId = render(buildListPlan({ q: query({ search: "123" }), range: {}, cursor: null, offset: 0 }).page);
    expect(byId.sql).toContain("OR id = $");
  });

  it("skips the status branches a status-sorted cursor has passed", () => {
    const q = query({ sort: "status_asc" });
    const plan = buildListPlan({ q, range: {}, cursor: { s: "status_asc", id: 100, r: statusRank(4) }, offset: 0 });
    const { sql } = render(plan.page);
    // Rank of waiting_for_client is 3: todo (1) and in progress (2) are done with; from waiting on, the rest.
    expect(sql).not.toContain("status = 1 ");
    expect(sql).not.toContain("status = 2 ");
    expect(sql).toMatch(/status = 4 AND id < \$/);
    expect(sql).toContain("status = 3");
  });

  it("caps the count with a LIMITed subquery; with residual filters, looks at a bounded part of the indexed range", () => {
    const plain = render(buildListPlan({ q: query({ "tab[]": ["todo"], patientId: "4" }), range: {}, cursor: null, offset: 0 }).count);
    expect(plain.sql).toBe("SELECT count(*)::int AS n, 0 AS scanned FROM (SELECT 1 FROM tasks WHERE status IN (1) AND patient_id = $1 LIMIT $2) c");
    expect(plain.params).toEqual([4, TASKS_COUNT_CAP + 1]);
    const plan = buildListPlan({ q: query({ "tab[]": ["todo"], category: "3", source: "chat" }), range: { from: new Date("2024-01-01T00:00:00Z") }, cursor: null, offset: 0 });
    const { sql, params } = render(plan.count);
    expect(sql).toContain("SELECT (category IN (3) AND source IN ($1) AND date_assigned >= $2::timestamptz) AS m FROM tasks WHERE status IN (1) LIMIT $3");
    expect(sql).toContain("(SELECT count(*) FROM (SELECT 1 FROM tasks WHERE status IN (1) LIMIT $5) r)::int AS scanned");
    expect(params).toEqual(["chat", "2024-01-01T00:00:00.000Z", TASKS_COUNT_SCAN_BUDGET, TASKS_COUNT_CAP + 1, TASKS_COUNT_SCAN_BUDGET]);
  });

  it("reads totalCount: exact under the cap, a lower bound when counting stopped, exact from a last page", () => {
    const first = { offset: 0, rows: 20, hasMore: true, byCursor: false };
    expect(countResult({ n: 420, scanned: 0 }, first)).toEqual({ totalCount: 420, totalCountCapped: false });
    expect(countResult({ n: 1001, scanned: 0 }, first)).toEqual({ totalCount: 1000, totalCountCapped: true });
    expect(countResult({ n: 300, scanned: TASKS_COUNT_SCAN_BUDGET - 1 }, first)).toEqual({ totalCount: 300, totalCountCapped: false });
    expect(countResult({ n: 3, scanned: TASKS_COUNT_SCAN_BUDGET }, first)).toEqual({ totalCount: 21, totalCountCapped: true });
    expect(countResult({ n: 3, scanned: TASKS_COUNT_SCAN_BUDGET }, { offset: 40, rows: 7, hasMore: false, byCursor: false })).toEqual({ totalCount: 47, totalCountCapped: false });
    expect(countResult({ n: 0, scanned: TASKS_COUNT_SCAN_BUDGET }, { offset: 0, rows: 12, hasMore: true, byCursor: true })).toEqual({ totalCount: 13, totalCountCapped: true });
  });
});

describe("request schemas", () => {
  it("accepts statuses as numbers or strings and journeys 1–3 only; ids as numbers or numeric strings", () => {
    const ok = taskCreateSchema.safeParse({ title: " T ", description: "D", patientId: "10", providerId: 20, status: "waiting_for_client", sectionType: "3", category: "", source: "email" });
    expect(ok.success && ok.data).toMatchObject({ title: "T", patientId: 10, status: 4, sectionType: 3, category: null, source: "email" });
    const bad = taskCreateSchema.safeParse({ title: "T", description: "D", patientId: 1.5, providerId: -3, status: 7, sectionType: 4 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["patientId", "validation.taskPatient"],
      ["providerId", "validation.taskAssignee"],
      ["status", "validation.taskStatus"],
      ["sectionType", "validation.taskJourney"],
    ]);
  });

  it("needs at least one field to update, and a status or assignee for a mass update", () => {
    expect(taskUpdateSchema.safeParse({}).error!.issues[0]).toMatchObject({ path: ["form"], message: "validation.noChanges" });
    expect(taskUpdateSchema.safeParse({ providerId: null }).data).toEqual({ providerId: null });
    expect(tasksMassUpdateSchema.safeParse({ ids: [1] }).error!.issues[0]).toMatchObject({ path: ["status"] });
    expect(tasksMassUpdateSchema.safeParse({ ids: [2, 1, 2], providerId: null }).data).toEqual({ ids: [2, 1], providerId: null });
  });
});

describe("rows to the contract", () => {
  it("maps a joined row to the Task of spec §3", () => {
    const row: TaskRow = {
      id: 1, title: "T", description: "D", htmlDescription: "<p>D</p>", status: 5, patientId: 10, providerId: 20, sectionType: 2, source: "chat", category: 4,
      auto: false, dateAssigned: new Date("2025-01-01T00:00:00Z"), createdById: 30, createdByFullName: "Ann Lee", createdByAvatarUrl: null, createdByProfession: "nurse",
      patientFullName: "Emma Carter", patientAvatar: null, providerFullName: "Grace Lee", providerAvatarUrl: "/a.png", providerProfession: null,
    };
    expect(toTaskListItem(row)).toEqual({
      id: 1, title: "T", description: "D", htmlDescription: "<p>D</p>", status: 5, statusKey: "to_verify_by_team", patientId: 10, providerId: 20, sectionType: 2,
      source: "chat", category: 4, auto: false, dateAssigned: "2025-01-01T00:00:00.000Z",
      createdBy: { id: 30, fullName: "Ann Lee", avatarUrl: null, profession: { value: "nurse", label: "Nurse" } },
      patient: { id: 10, fullName: "Emma Carter", avatar: null },
      provider: { fullName: "Grace Lee", avatar: "/a.png", avatarUrl: "/a.png", profession: null },
    });
    expect(toTaskListItem({ ...row, createdById: null, patientId: null, providerId: null })).toMatchObject({ createdBy: null, patient: null, provider: null });
  });
});
