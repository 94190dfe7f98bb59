/**
 * The tasks pages' URL state, the list query sent to GET /api/v2/tasks, the create-task rules of spec §5 as
 * the browser checks them, and the translation of activity entries (app/components/tasks/task-model.ts).
 */
import { describe, expect, it } from "vitest";
import { TASK_ACTIVITY_TEMPLATES, parseTasksQuery, taskQueryParams } from "../../api/contract/tasks";
import {
  DEFAULT_LIST_STATE,
  EMPTY_DRAFT,
  activityText,
  apiFilter,
  listHref,
  listParams,
  modalHref,
  pageReachable,
  parseListState,
  readDraft,
} from "../../app/components/tasks/task-model";
import en from "../../locales/en-US/tasks.json";
import es from "../../locales/es-US/tasks.json";

/** A tiny t() over one tasks.json: "tasks:a.b" with {{x}} interpolation. */
function tFor(table: unknown) {
  return (key: string, options: Record<string, unknown> = {}) => {
    let node: unknown = table;
    for (const part of key.replace(/^tasks:/, "").split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== "string") return key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ""));
  };
}

describe("list state in the URL", () => {
  it("reads defaults from an empty query and writes none back", () => {
    const state = parseListState(new URLSearchParams());
    expect(state).toEqual(DEFAULT_LIST_STATE);
    expect(listParams(state).toString()).toBe("");
  });

  it("round-trips every filter", () => {
    const query = "tab=done&search=refund&assignee=5&patient=9&category=2&source=email&journey=1&from=2025-01-01&to=2025-02-01&auto=1&sort=status_asc&page=3&cursor=abc";
    const state = parseListState(new URLSearchParams(query));
    expect(state).toMatchObject({ tab: "done", assignee: 5, patient: 9, category: 2, source: "email", journey: 1, auto: true, sort: "status_asc", page: 3, cursor: "abc" });
    expect(listParams(state).toString()).toBe(query);
  });

  it("drops malformed values instead of failing", () => {
    const state = parseListState(new URLSearchParams("tab=nope&assignee=x&category=99&source=fax&from=2025-02-30&sort=random&page=-2"));
    expect(state).toEqual(DEFAULT_LIST_STATE);
  });

  it("resets paging when a filter changes, keeps it for paging links", () => {
    const state = parseListState(new URLSearchParams("page=4&cursor=c4&tab=todo"));
    expect(listHref("/staff/tasks", state, { tab: "done" })).toBe("/staff/tasks?tab=done");
    expect(listHref("/staff/tasks", state, { page: 5, cursor: "c5" })).toBe("/staff/tasks?tab=todo&page=5&cursor=c5");
    expect(modalHref("/manager/tasks", state, { task: 12 })).toBe("/manager/tasks?tab=todo&page=4&cursor=c4&task=12");
  });

  it("bounds page numbers by the API's offset limit (deeper pages go by cursor)", () => {
    expect(pageReachable(1)).toBe(true);
    expect(pageReachable(251)).toBe(true); // offset 5000
    expect(pageReachable(252)).toBe(false);
  });
});

describe("the list query of GET /api/v2/tasks (spec §7 rules)", () => {
  it("sends the active tab as tab[] entries and the assignee as filter.staffIds[]", () => {
    const state = parseListState(new URLSearchParams("assignee=7&category=3&from=2025-03-01&auto=1"));
    const params = taskQueryParams(apiFilter(state));
    expect(params.getAll("tab[]")).toEqual(["todo", "in_progress", "waiting_for_client", "to_verify_by_team", "to_be_discussed"]);
    expect(params.getAll("filter.staffIds[]")).toEqual(["7"]);
    expect(params.getAll("category[]")).toEqual(["3"]);
    expect(params.get("dateFrom")).toBe("2025-03-01");
    expect(params.get("onlyAuto")).toBe("true");
    expect(params.has("patientId")).toBe(false); // empty values are dropped
    // …and the API reads it back as meant.
    const parsed = parseTasksQuery(Object.fromEntries([...new Set(params.keys())].map((k) => [k, params.getAll(k).length > 1 ? params.getAll(k) : params.get(k)])));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ staffIds: [7], category: [3], dateFrom: "2025-03-01", onlyAuto: true, page: 1, perPage: 20, sort: "id_desc" });
    expect(parsed.data?.tab).toEqual([1, 2, 4, 5, 6]);
  });

  it("sends no tab for 'all' and the cursor when paging on", () => {
    const params = taskQueryParams(apiFilter(parseListState(new URLSearchParams("tab=all&page=2&cursor=xyz"))));
    expect(params.has("tab[]")).toBe(false);
    expect(params.get("cursor")).toBe("xyz");
  });
});

describe("create task draft (spec §5; its rules: tests/unit/form-checks.test.ts)", () => {
  it("reads a draft from the URL with the status defaulting to todo", () => {
    expect(readDraft(new URLSearchParams("task=new&patientId=8"))).toEqual({ ...EMPTY_DRAFT, patientId: "8", taskStatus: "todo" });
    expect(readDraft(new URLSearchParams("taskStatus=done")).taskStatus).toBe("done");
  });
});

describe("activity entries in the user's language", () => {
  const tEn = tFor(en);
  const tEs = tFor(es);

  it("translates every template, its labels and the empty words", () => {
    expect(activityText(TASK_ACTIVITY_TEMPLATES.created, tEs)).toBe("Tarea creada");
    expect(activityText("Status changed from To do to Waiting for client", tEs)).toBe("Estado cambiado de Por hacer a Esperando al cliente");
    expect(activityText("Category changed from None to Lab results", tEs)).toBe("Categoría cambiada de Ninguno a Resultados de laboratorio");
    expect(activityText("Journey changed from Weight loss to Pharmacy purchase", tEs)).toBe("Programa cambiado de Pérdida de peso a Compra en farmacia");
    expect(activityText("Source changed from Email to Phone", tEs)).toBe("Origen cambiado de Correo electrónico a Teléfono");
    expect(activityText("Title changed", tEs)).toBe("Título cambiado");
  });

  it("keeps full names as they are", () => {
    expect(activityText("Assignee changed from Nobody to Nina Nurse", tEs)).toBe("Responsable cambiado de Nadie a Nina Nurse");
    expect(activityText("Patient changed from Pat Patient to No patient", tEs)).toBe("Paciente cambiado de Pat Patient a Sin paciente");
  });

  it("reads the same in English, and unknown sentences verbatim", () => {
    expect(activityText("Status changed from To do to Done", tEn)).toBe("Status changed from To do to Done");
    expect(activityText("Something else happened", tEs)).toBe("Something else happened");
  });
});

describe("locales", () => {
  const keys = (o: unknown, prefix = ""): string[] =>
    Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (typeof v === "object" && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it("en-US and es-US have the same task texts (es-US may add _many plurals)", () => {
    const esKeys = keys(es).filter((k) => !k.endsWith("_many"));
    expect(esKeys.sort()).toEqual(keys(en).sort());
  });
});
