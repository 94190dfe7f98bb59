/**
 * Tasks without JavaScript, as plain HTTP (issue 6, spec §2, §4, §5, §7, §9): the tasks pages of staff and
 * managers, the create and edit task modals with the user picker (a GET form: choose, search, team, load more,
 * the typed fields carried along), the side panel's Save, comments, completing and deleting after a confirmation,
 * paging by the API's cursor, the filters, mass changes with their confirmation step, the header's tasks
 * dropdown (tabs are links, "Load more"), the patient page's "Create task" entry, and Spanish. The journeys with
 * JavaScript are in tests/e2e/tasks.spec.ts; the modals' accessibility in tests/support/a11y-states/tasks.ts.
 *
 * Tests make their own tasks (unique titles) and assert only on those, or on facts other tests cannot change.
 */
import { describe, expect, it } from "vitest";
import { as, formEntries, squash, type WebClient, type WebPage } from "./client";
import { createTaskForm } from "../support/tasks";
import { TASK_TABS_ES } from "../support/texts";

type Person = { id: number; fullName: string };

let counter = 0;
const unique = (label: string) => `${label} web ${Date.now().toString(36)}${++counter}`;

/** A person through the web's own picker resource (JSON). */
async function person(client: WebClient, kind: "patient" | "assignee", search: string): Promise<Person> {
  const response = await client.raw("GET", `/resources/tasks/users?kind=${kind}&search=${encodeURIComponent(search)}`, undefined, { Accept: "application/json" });
  expect(response.status).toBe(200);
  const found = ((await response.json()) as { items: Person[] }).items.find((p) => p.fullName === search);
  expect(found, `${kind} ${search}`).toBeTruthy();
  return found!;
}

/** Creates a task through the tasks page's action, for tests about other things. */
async function createTask(client: WebClient, path: string, fields: { title: string; patient: Person; assignee: Person; status?: string }) {
  const response = await client.raw(
    "POST",
    path,
    new URLSearchParams(createTaskForm({ title: fields.title, patientId: fields.patient.id, providerId: fields.assignee.id, status: fields.status, category: "2", source: "email" })),
  );
  expect(response.status, `create ${fields.title}`).toBe(302);
  await response.arrayBuffer();
}

const rows = (page: WebPage) => page.$$("tr[data-task-id]");
const rowOf = (page: WebPage, title: string) => rows(page).find((tr) => squash(tr.textContent ?? "").includes(title));
const activity = (page: WebPage) => page.text("[data-testid=task-activity]");
const radioNames = (page: WebPage, picker: string) => page.$$(`[data-picker=${picker}] label`).filter((l) => l.querySelector("input[type=radio]")).map((l) => squash(l.textContent ?? ""));
const radioValue = (page: WebPage, picker: string, name: string) => {
  const label = page.$$(`[data-picker=${picker}] label`).find((l) => squash(l.textContent ?? "").includes(name) && l.querySelector("input[type=radio]"));
  expect(label, `${name} in the ${picker} picker`).toBeTruthy();
  return label!.querySelector("input")!.getAttribute("value")!;
};

/**
 * The user picker of `field` without JavaScript, as the browser does it: its button (pick=<field>) submits the
 * whole form as a GET to the list's address with `values` on top (the typed fields travel along).
 */
async function pickerGet(client: WebClient, page: WebPage, field: string, values: Record<string, string> = {}) {
  const fieldset = page.$(`[data-picker=${field}]`);
  expect(fieldset, `the ${field} picker on ${page.path}`).not.toBeNull();
  const button = fieldset!.querySelector("button[name=pick]") as HTMLButtonElement;
  const formId = fieldset!.getAttribute("form");
  const form = (formId ? page.byId(formId) : fieldset!.closest("form")) as HTMLFormElement;
  const entries = formEntries(form, button).filter(([k]) => !(k in values));
  for (const [k, v] of Object.entries(values)) entries.push([k, v]);
  const target = new URL(button.getAttribute("formaction") ?? button.getAttribute("formAction") ?? page.path, page.url);
  target.search = new URLSearchParams(entries).toString();
  return client.get(target.toString());
}

/** Opens the picker of `field`, searches `search`, and gives the page and the found person's radio value. */
async function pick(client: WebClient, page: WebPage, field: string, search: string) {
  const open = page.$(`[data-picker=${field}] input[type=search]`) ? page : await pickerGet(client, page, field);
  const found = await pickerGet(client, open, field, { [`${field}Search`]: search });
  return { page: found, value: radioValue(found, field, search) };
}

describe("create a task", () => {
  it("an empty draft is refused field by field; the picker keeps what was typed; the task is created", async () => {
    const client = await as("nurse");
    const list = await client.get("/staff/tasks");
    expect(list.h1).toBe("Tasks");
    const modal = await client.get(list.link("Create task"));
    expect(modal.text("dialog[open] h2")).toBe("Create a task");

    const refused = await client.submit(modal, { button: "Create task" });
    expect(refused.status).toBe(400);
    expect(refused.text("dialog[open]")).toContain("Value is required");
    expect(refused.text("[data-picker=patientId]")).toContain("Value is required");

    const title = unique("Call the pharmacy");
    const typed = { title, description: "Ask about the delayed shipment." };
    const opened = await pickerGet(client, refused, "patientId", typed);
    const patient = await pick(client, opened, "patientId", "Emma Carter");
    // The typed fields came back in the URL: nothing was lost.
    expect(patient.page.$("dialog[open] [name=title]")?.getAttribute("value")).toBe(title);
    const withPatient = await pickerGet(client, patient.page, "providerId", { patientId: patient.value });
    const assignee = await pick(client, withPatient, "providerId", "Grace Lee");
    expect(assignee.page.$(`[data-picker=patientId] input[value="${patient.value}"]`)?.hasAttribute("checked")).toBe(true);

    const created = await client.submit(assignee.page, "dialog form", {
      ...typed,
      patientId: patient.value,
      providerId: assignee.value,
      taskJourney: "1",
      taskCategory: "7",
      taskSource: "phone",
    }, { button: "Create task" });
    expect(created.redirects.length).toBeGreaterThan(0);
    expect(created.toasts("success")).toContain("Task created.");
    expect(created.$("dialog[open]")).toBeNull();
    const row = squash(rowOf(created, title)?.textContent ?? "");
    for (const text of ["Emma Carter", "Grace Lee", "Pharmacy Tracking", "Phone", "To do"]) expect(row).toContain(text);
  });

  it("a summary or description over its length says the limit, in both languages (issue 12)", async () => {
    for (const [language, button, sentence] of [
      ["en-US", "Create task", "The maximum length allowed is"],
      ["es-US", "Crear tarea", "La longitud máxima permitida es"],
    ] as const) {
      const client = await as("nurse", { language });
      const modal = await client.get("/staff/tasks?task=new");
      const refused = await client.submit(modal, { button }, { title: "t".repeat(450), description: "d".repeat(10_001) });
      expect(refused.status).toBe(400);
      expect(refused.text("dialog[open]")).toContain(`${sentence} 255`);
      expect(refused.text("dialog[open]")).toContain(`${sentence} 10000`);
      expect(refused.text("dialog[open]")).not.toContain("{{max}}");
    }
  });

  it("a patient's page links to the create modal with the patient filled in", async () => {
    const client = await as("nurse");
    const liam = await person(client, "patient", "Liam Foster");
    const patientPage = await client.get(`/staff/patients/${liam.id}`);
    // The page's own link (the header's tasks menu has one too, without the patient).
    const href = patientPage.$$("main a").find((a) => squash(a.textContent ?? "") === "Create task")?.getAttribute("href");
    expect(href).toBe(`/staff/tasks?task=new&patientId=${liam.id}`);
    const modal = await client.get(href!);
    expect(modal.$(`[data-picker=patientId] input[value="${liam.id}"]`)?.hasAttribute("checked")).toBe(true);
    expect(modal.text("[data-picker=patientId]")).toContain("Liam Foster");
    // Closing is a link back to the list.
    expect(modal.$("dialog[open] a[aria-label=Close]")?.getAttribute("href")).toBe("/staff/tasks");
  });

  it("the user picker: only active staff, team tabs, 20 patients at a time and more", async () => {
    const client = await as("nurse");
    const modal = await client.get("/staff/tasks?task=new");
    const staff = await pickerGet(client, modal, "providerId");
    const names = radioNames(staff, "providerId").join(" | ");
    expect(names).toContain("Grace Lee");
    expect(names).toContain("Marcus Hale");
    // Michael Brooks is suspended and Kevin Nguyen inactive: never listed.
    expect(names).not.toMatch(/Michael Brooks|Kevin Nguyen/);
    const teams = staff.$$("[data-picker=providerId] [role=group] button").map((b) => squash(b.textContent ?? ""));
    expect(teams).toEqual(["All", "Medical team", "Nursing team", "Support team"]);
    const nursing = await client.submit(staff, "dialog form", {}, { button: "Nursing team" });
    const pressed = nursing.$$("[data-picker=providerId] [role=group] button").find((b) => squash(b.textContent ?? "") === "Nursing team");
    expect(pressed?.getAttribute("aria-pressed")).toBe("true");
    expect(radioNames(nursing, "providerId").join(" | ")).not.toContain("Marcus Hale");
    expect(radioNames(nursing, "providerId").join(" | ")).toContain("Grace Lee");

    const patients = await pickerGet(client, modal, "patientId");
    expect(radioNames(patients, "patientId")).toHaveLength(21); // "No patient" + 20
    expect(patients.$("[data-picker=patientId] input[type=search]")?.getAttribute("placeholder")).toBe("Search by patient name, ID, phone, email or date of birth");
    const more = await client.submit(patients, "dialog form", {}, { button: "Load more" });
    expect(radioNames(more, "patientId")).toHaveLength(41);
  });
});

describe("edit a task", () => {
  async function ownTask(label: string) {
    const client = await as("supportManager");
    const patient = await person(client, "patient", "Emma Carter");
    const assignee = await person(client, "assignee", "Priya Shah");
    const title = unique(label);
    await createTask(client, "/staff/tasks", { title, patient, assignee });
    const list = await client.get(`/staff/tasks?tab=all&search=${encodeURIComponent(title)}`);
    const id = Number(rowOf(list, title)?.getAttribute("data-task-id"));
    expect(id).toBeGreaterThan(0);
    const modal = await client.get(list.link(title));
    expect(modal.text("dialog[open] h2")).toBe(`Task #${id}`);
    return { client, title, id, modal };
  }

  it("the title, then status and assignee from the side panel with one Save", async () => {
    const { client, title, modal } = await ownTask("Refund request");
    expect(modal.text("dialog[open]")).toContain("Created by Daniel Kim");
    expect(activity(modal)).toContain("Task created");

    const editing = await client.get(modal.link("Edit"));
    const renamed = await client.submit(editing, { button: "Save changes" }, { title: `${title} (edited)` });
    expect(renamed.text("#task-title")).toBe(`${title} (edited)`);
    expect(activity(renamed)).toContain("Title changed");

    const status = await client.submit(renamed, "[data-testid=task-side-panel]", { taskStatus: "waiting_for_client" }, { button: "Save" });
    expect(activity(status)).toContain("Status changed from To do to Waiting for client");
    expect(status.text("[data-testid=task-side-panel] [data-status]")).toBe("Waiting for client");

    const grace = await pick(client, status, "providerId", "Grace Lee");
    const assigned = await client.submit(grace.page, "[data-testid=task-side-panel]", { providerId: grace.value }, { button: "Save" });
    expect(activity(assigned)).toContain("Assignee changed from Priya Shah to Grace Lee");
    // The side panel's other values travelled along and were saved unchanged.
    expect(assigned.text("[data-testid=task-side-panel] [data-status]")).toBe("Waiting for client");
  });

  it("a comment, then complete; the list shows it done", async () => {
    const { client, title, modal } = await ownTask("Refund comment");
    const commented = await client.submit(modal, "form[aria-label=Comment]", { description: "Called the patient, refund approved." }, { button: "Comment" });
    expect(activity(commented)).toContain("Called the patient, refund approved.");
    expect(commented.$("form[aria-label=Comment] textarea")?.textContent ?? "").toBe("");
    const done = await client.submit(commented, { button: "Complete task" });
    expect(done.button("Complete task").hasAttribute("disabled")).toBe(true);
    expect(activity(done)).toContain("Status changed from To do to Done");
    const list = await client.get(done.link("Cancel"));
    expect(list.$("dialog[open]")).toBeNull();
    expect(rowOf(list, title)?.querySelector("[data-status]")?.textContent).toBe("Done");
  });

  it("delete, after a confirmation", async () => {
    const { client, title, id, modal } = await ownTask("Refund delete");
    const confirm = await client.get(modal.link("Delete task"));
    expect(confirm.text("dialog[open]")).toContain("Delete this task? This cannot be undone.");
    const deleted = await client.submit(confirm, { button: "Yes, delete task" });
    expect(deleted.toasts("success")).toContain("Task deleted.");
    expect(rowOf(deleted, title)).toBeUndefined();
    const gone = await client.get(`/staff/tasks?task=${id}`);
    expect(gone.text("dialog[open]")).toContain("could not be loaded");
  });
});

describe("the list", () => {
  it("pages by the API's cursor, and back", async () => {
    const client = await as("provider");
    // Oldest first: tasks other tests create meanwhile come last, so the first two pages stay as they are.
    const first = await client.get("/staff/tasks?tab=all&sort=id_asc");
    expect(rows(first)).toHaveLength(20);
    expect(first.text("[data-testid=tasks-count]")).toContain("Showing 1–20 of");
    const next = await client.get(first.link("Next"));
    expect(next.path).toMatch(/page=2&cursor=/);
    expect(next.text("[data-testid=tasks-count]")).toContain("Showing 21–40 of");
    expect(Number(rows(next)[0].getAttribute("data-task-id"))).toBeGreaterThan(Number(rows(first)[19].getAttribute("data-task-id")));
    const back = await client.get(next.link("Previous"));
    expect(back.text("[data-testid=tasks-count]")).toContain("Showing 1–20 of");
    expect(rows(back)[0].getAttribute("data-task-id")).toBe(rows(first)[0].getAttribute("data-task-id"));
  });

  it("filters (category, automatic), a status tab, oldest first", async () => {
    const client = await as("provider");
    const list = await client.get("/staff/tasks?tab=all");
    const filtered = await client.submit(list, "form[aria-label=Filters]", { category: "11", auto: "1" }, { button: "Apply filters" });
    expect(filtered.path).toMatch(/category=11/);
    expect(filtered.path).toMatch(/auto=1/);
    expect(rows(filtered).length).toBeGreaterThan(0);
    for (const row of rows(filtered)) expect(squash(row.textContent ?? "")).toMatch(/Treatment assigned.*|\(automatic\)/);
    const done = await client.get(filtered.link("Done"));
    expect(done.path).toMatch(/tab=done/);
    for (const row of rows(done)) expect(row.querySelector("[data-status]")?.textContent).toBe("Done");
    const oldest = await client.get("/staff/tasks?tab=all&sort=id_asc");
    const ids = rows(oldest).map((tr) => Number(tr.getAttribute("data-task-id")));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids[0]).toBe(1);
  });

  it("the dates assigned in the user's time zone, the assignee filter, and nothing found", async () => {
    const client = await as("provider");
    const me = await person(client, "assignee", "Marcus Hale");
    const patient = await person(client, "patient", "Liam Foster");
    const title = unique("Dated task");
    await createTask(client, "/staff/tasks", { title, patient, assignee: me });
    // Marcus Hale's time zone is UTC-5.
    const day = (offsetDays: number) => new Date(Date.now() - 300 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const searched = await client.get(`/staff/tasks?tab=all&search=${encodeURIComponent(title)}`);
    const today = await client.submit(searched, "form[aria-label=Filters]", { from: day(0), to: day(0) }, { button: "Apply filters" });
    expect(rows(today)).toHaveLength(1);
    const yesterday = await client.submit(today, "form[aria-label=Filters]", { from: day(-1), to: day(-1) }, { button: "Apply filters" });
    expect(yesterday.$("[data-testid=tasks-empty]")).not.toBeNull();

    const nothing = await client.get(`/staff/tasks?search=${encodeURIComponent(unique("no such task"))}`);
    expect(nothing.text("[data-testid=tasks-empty]")).toBe("No tasks match these filters.");

    const all = await client.get("/staff/tasks?tab=all");
    const marcus = await pick(client, all, "assignee", "Marcus Hale");
    const mine = await client.submit(marcus.page, "form[aria-label=Filters]", { assignee: marcus.value, assigneeSearch: undefined }, { button: "Apply filters" });
    expect(mine.path).toMatch(/assignee=\d+/);
    expect(rows(mine).length).toBeGreaterThan(0);
    for (const row of rows(mine)) expect(row.textContent).toContain("Marcus Hale");
  });
});

describe("mass changes", () => {
  async function twoOwnTasks(label: string) {
    const client = await as("manager");
    const patient = await person(client, "patient", "Emma Carter");
    const assignee = await person(client, "assignee", "Olivia Bennett");
    const prefix = unique(label);
    await createTask(client, "/manager/tasks", { title: `${prefix} one`, patient, assignee });
    await createTask(client, "/manager/tasks", { title: `${prefix} two`, patient, assignee });
    const list = await client.get(`/manager/tasks?tab=all&search=${encodeURIComponent(prefix)}`);
    expect(rows(list)).toHaveLength(2);
    const ids = rows(list).map((tr) => tr.getAttribute("data-task-id")!);
    return { client, list, ids };
  }

  it("change the status of several tasks, after confirming", async () => {
    const { client, list, ids } = await twoOwnTasks("Mass status");
    const confirm = await client.submit(list, "form[aria-label=Tasks]", { ids, massStatus: "done" }, { button: "Change status" });
    expect(confirm.text("dialog[open]")).toContain("The status of 2 tasks will change.");
    const changed = await client.submit(confirm, { button: "Change 2 tasks" });
    expect(changed.toasts("success")).toContain("Tasks updated.");
    expect(rows(changed)).toHaveLength(2);
    for (const row of rows(changed)) expect(row.querySelector("[data-status]")?.textContent).toBe("Done");
  });

  it("reassign one of them with the user picker", async () => {
    const { client, list, ids } = await twoOwnTasks("Mass assign");
    const confirm = await client.submit(list, "form[aria-label=Tasks]", { ids: [ids[0]] }, { button: "Reassign" });
    expect(confirm.text("dialog[open] h2")).toBe("Reassign the tasks?");
    const hannah = await pick(client, confirm, "massProviderId", "Hannah Walsh");
    const done = await client.submit(hannah.page, { button: "Reassign 1 task" }, { massProviderId: hannah.value });
    expect(done.toasts("success")).toContain("Tasks updated.");
    expect(rows(done).filter((tr) => tr.textContent?.includes("Hannah Walsh"))).toHaveLength(1);
  });

  it("delete several after confirming; Cancel changes nothing", async () => {
    const { client, list, ids } = await twoOwnTasks("Mass delete");
    const confirm = await client.submit(list, "form[aria-label=Tasks]", { ids }, { button: "Delete" });
    expect(confirm.text("dialog[open]")).toContain("2 tasks will be deleted.");
    const cancelled = await client.get(confirm.link("Cancel"));
    expect(rows(cancelled)).toHaveLength(2);
    const deleted = await client.submit(confirm, { button: "Delete 2 tasks" });
    expect(deleted.toasts("success")).toContain("Tasks deleted.");
    expect(rows(deleted)).toHaveLength(0);
  });

  it("roles without the permission see no selection, mass actions or delete", async () => {
    const client = await as("support");
    // Oldest first: the first rows are seeded tasks no other test changes or deletes.
    const list = await client.get("/staff/tasks?tab=all&sort=id_asc");
    expect(rows(list).length).toBeGreaterThan(0);
    expect(list.$$("tr[data-task-id] input[type=checkbox]")).toHaveLength(0);
    expect(list.$$("button").map((b) => squash(b.textContent ?? ""))).not.toEqual(expect.arrayContaining(["Change status"]));
    const modal = await client.get(rows(list)[0].querySelector("a")!.getAttribute("href")!);
    expect(modal.button("Complete task")).toBeTruthy();
    expect(modal.$$("dialog[open] a, dialog[open] button").some((el) => squash(el.textContent ?? "") === "Delete task")).toBe(false);
    // Even a hand-made confirmation URL shows no mass step.
    expect((await client.get("/staff/tasks?confirm=delete&ids=1")).$("dialog[open]")).toBeNull();
  });
});

describe("the header's tasks dropdown", () => {
  it("tabs are links by status; a row opens the task; Load more pages on", async () => {
    const client = await as("provider");
    const me = await person(client, "assignee", "Marcus Hale");
    const patient = await person(client, "patient", "Emma Carter");
    const title = unique("Follow up on lab results");
    await createTask(client, "/staff/tasks", { title, patient, assignee: me, status: "to_be_discussed" });
    const home = await client.get("/staff");
    const tabs = home.$$("[data-testid=tasks-menu] nav a").map((a) => squash(a.textContent ?? ""));
    expect(tabs).toEqual(["To do", "In progress", "Waiting for client", "To verify by team", "To be discussed"]);
    const menu = home.$("[data-testid=tasks-menu]")!;
    const hrefOf = (name: string) => [...menu.querySelectorAll("a")].find((a) => squash(a.textContent ?? "").startsWith(name))?.getAttribute("href");
    expect(hrefOf("All tasks")).toBe("/staff/tasks");
    expect(hrefOf("Create task")).toBe("/staff/tasks?task=new");
    const discussed = await client.get(hrefOf("To be discussed")!);
    const row = discussed.$$("[data-testid=tasks-menu] a").find((a) => a.textContent?.includes(title));
    expect(row, "the new task in the dropdown").toBeTruthy();
    expect(row!.querySelector("[data-status]")?.textContent).toBe("To be discussed");
    const opened = await client.get(row!.getAttribute("href")!);
    expect(opened.text("dialog[open] #task-title")).toBe(title);

    const prefix = unique("Waiting");
    for (let i = 0; i < 21; i++) await createTask(client, "/staff/tasks", { title: `${prefix} ${i}`, patient, assignee: me, status: "waiting_for_client" });
    const waiting = await client.get(hrefOf("Waiting for client")!);
    const list = () => waiting.$$("[data-testid=tasks-menu-list] a");
    expect(list()).toHaveLength(20);
    const more = await client.get(waiting.link("Load more"));
    expect(more.path).toMatch(/myTasksCursor=/);
    const next = more.$$("[data-testid=tasks-menu-list] a");
    expect(next.length).toBeGreaterThan(0);
    expect(squash(next[0].textContent ?? "")).not.toBe(squash(list()[0].textContent ?? ""));
  });
});

describe("in Spanish (es-US)", () => {
  it("create a task; statuses, categories and the activity are translated", async () => {
    const client = await as("nurse", { language: "es-US" });
    const list = await client.get("/staff/tasks");
    expect(list.$$("nav[aria-label='Estado de la tarea'] a").map((a) => squash(a.textContent ?? ""))).toEqual(TASK_TABS_ES);
    const emma = await person(client, "patient", "Emma Carter");
    const grace = await person(client, "assignee", "Grace Lee");
    const modal = await client.get(list.link("Crear tarea"));
    expect(modal.text("dialog[open] h2")).toBe("Crear una tarea");
    const title = unique("Llamar a la farmacia");
    const created = await client.submit(
      modal,
      "dialog form",
      { title, description: "Preguntar por el envío.", patientId: String(emma.id), providerId: String(grace.id), taskStatus: "in_progress", taskJourney: "2", taskCategory: "9" },
      { button: "Crear tarea" },
    );
    expect(created.toasts("success")).toContain("Tarea creada.");
    const row = rowOf(created, title)!;
    expect(row.querySelector("[data-status]")?.textContent).toBe("En curso");
    expect(row.textContent).toContain("Resultados de laboratorio");
    expect(row.textContent).toContain("Bienestar sexual");
    const opened = await client.get(created.link(title));
    expect(activity(opened)).toContain("Tarea creada");
  });
});
