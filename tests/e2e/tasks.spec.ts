/**
 * Tasks (issue 6, spec §2, §4, §5, §7, §9) in the browser with JavaScript: the tasks pages of staff and managers,
 * the create and edit task modals with the user picker, mass changes, the header's assigned-tasks dropdown, and
 * the patient page's "Create task" entry, in en-US and es-US. Every one of these workflows without JavaScript
 * runs over HTTP in tests/web/tasks.test.ts. The modals and
 * confirmations are checked by the axe sweep (tests/support/a11y-states/tasks.ts).
 *
 * Tests make their own tasks (titles unique per project and run) and assert only on those, or on facts that
 * other tests cannot change, because both projects run side by side against one server.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { choose, hydrated, pick, signIn } from "./support";
import { createTaskForm } from "../support/tasks";
import { TASK_TABS_ES } from "../support/texts";

type Person = { id: number; fullName: string };

const unique = (testInfo: TestInfo, label: string) => `${label} ${testInfo.project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A person through the web's own picker resource (the signed-in page's cookies). */
async function person(page: Page, kind: "patient" | "assignee", search: string): Promise<Person> {
  const response = await page.request.get(`/resources/tasks/users?kind=${kind}&search=${encodeURIComponent(search)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { items: Person[] };
  const found = body.items.find((p) => p.fullName === search);
  expect(found, `${kind} ${search}`).toBeTruthy();
  return found!;
}

/** Creates a task through the tasks page's action (as a form post would), for tests about other things. */
async function createTask(
  page: Page,
  path: string,
  fields: { title: string; patient: Person; assignee: Person; status?: string; journey?: string; category?: string; source?: string },
) {
  const response = await page.request.post(path, {
    form: createTaskForm({ ...fields, patientId: fields.patient.id, providerId: fields.assignee.id }),
    maxRedirects: 0,
  });
  expect(response.status(), `create ${fields.title}`).toBe(302);
}

/** The id of the task with this (unique) title, from the list. */
async function taskId(page: Page, path: string, title: string): Promise<number> {
  await page.goto(`${path}?tab=all&search=${encodeURIComponent(title)}`);
  const row = page.locator("tr[data-task-id]").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return Number(await row.getAttribute("data-task-id"));
}

async function openDropdown(page: Page, testInfo: TestInfo) {
  await hydrated(page, testInfo);
  const menu = page.getByTestId("tasks-menu");
  await menu.locator("summary").click();
  return menu;
}

test.describe("tasks page", () => {
  test("the create modal opens from the tasks page and refuses an empty draft", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff/tasks");
    await hydrated(page, testInfo);
    await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();

    await page.getByRole("link", { name: "Create task" }).first().click();
    await expect(page).toHaveURL(/task=new/);
    const modal = page.getByRole("dialog", { name: "Create a task" });
    await expect(modal).toBeVisible();
    // Create stays disabled until the draft is complete (without JavaScript the server refuses it field by
    // field: tests/web/tasks.test.ts).
    await expect(modal.getByRole("button", { name: "Create task" })).toBeDisabled();
  });

  test("create a task with patient, assignee, journey, category and source", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff/tasks?task=new");
    await hydrated(page, testInfo);
    const title = unique(testInfo, "Call the pharmacy");
    await page.getByRole("dialog").getByLabel(/^Summary/).fill(title);
    await page.getByRole("dialog").getByLabel(/^Description/).fill("Ask about the delayed shipment.");
    await pick(page, "patientId", "Emma Carter", "Submit");
    // Without JavaScript the typed fields came back in the URL: nothing was lost.
    await expect(page.getByRole("dialog").getByLabel(/^Summary/)).toHaveValue(title);
    await pick(page, "providerId", "Grace Lee", "Assign");
    const dialog = page.getByRole("dialog", { name: "Create a task" });
    await choose(dialog, /^Journey/, "Weight loss");
    await choose(dialog, /^Task category/, "Pharmacy Tracking");
    await choose(dialog, /^Source/, "Phone");
    await expect(dialog.getByRole("button", { name: "Create task" })).toBeEnabled();
    await dialog.getByRole("button", { name: "Create task" }).click();

    await expect(page.locator("[data-toast=success]").filter({ hasText: "Task created." })).toHaveCount(1);
    await expect(page.getByRole("dialog", { name: "Create a task" })).toHaveCount(0);
    const row = page.locator("tr[data-task-id]").filter({ hasText: title });
    await expect(row).toContainText("Emma Carter");
    await expect(row).toContainText("Grace Lee");
    await expect(row).toContainText("Pharmacy Tracking");
    await expect(row).toContainText("Phone");
    await expect(row.locator("[data-status=todo]")).toHaveText("To do");
  });

  /** A task of the test's own (created through the page's action), opened from the list. */
  async function openOwnTask(page: Page, testInfo: TestInfo, label: string) {
    await signIn(page, "supportManager", "/staff/tasks");
    const patient = await person(page, "patient", "Emma Carter");
    const assignee = await person(page, "assignee", "Priya Shah");
    const title = unique(testInfo, label);
    await createTask(page, "/staff/tasks", { title, patient, assignee, category: "2", source: "email" });
    const id = await taskId(page, "/staff/tasks", title);
    return { title, id };
  }

  test("edit a task: title, then status and assignee from the side panel", async ({ page }, testInfo) => {
    const { title, id } = await openOwnTask(page, testInfo, "Refund request");

    await page.locator("tr[data-task-id]").filter({ hasText: title }).getByRole("link", { name: title }).click();
    await hydrated(page, testInfo);
    let modal = page.getByRole("dialog", { name: `Task #${id}` });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText("Created by Daniel Kim");
    await expect(modal.getByTestId("task-activity")).toContainText("Task created");

    // Title and description edit mode.
    await modal.getByRole("button", { name: "Edit" }).or(modal.getByRole("link", { name: "Edit" })).click();
    modal = page.getByRole("dialog", { name: `Task #${id}` });
    await modal.getByLabel(/^Summary/).fill(`${title} (edited)`);
    await modal.getByRole("button", { name: "Save changes" }).click();
    modal = page.getByRole("dialog", { name: `Task #${id}` });
    await expect(modal.getByRole("heading", { name: `${title} (edited)` })).toBeVisible();
    await expect(modal.getByTestId("task-activity")).toContainText("Title changed");

    // Status from the side panel: saved at once with JavaScript, with one Save without.
    const panel = modal.getByTestId("task-side-panel");
    await choose(panel, /^Status/, "Waiting for client");
    modal = page.getByRole("dialog", { name: `Task #${id}` });
    await expect(modal.getByTestId("task-activity")).toContainText("Status changed from To do to Waiting for client");
    await expect(modal.getByTestId("task-side-panel").locator("[data-status]")).toHaveText("Waiting for client");

    // The assignee from the side panel's user picker ("Assign"): saved at once with JavaScript.
    await pick(page, "providerId", "Grace Lee", "Assign");
    modal = page.getByRole("dialog", { name: `Task #${id}` });
    await expect(modal.getByTestId("task-activity")).toContainText("Assignee changed from Priya Shah to Grace Lee");
    // Without JavaScript the side panel's other values travelled along and were saved unchanged.
    await expect(modal.getByTestId("task-side-panel").locator("[data-status]")).toHaveText("Waiting for client");
  });

  test("a comment, then complete the task; closing shows the list with the change", async ({ page }, testInfo) => {
    const { title, id } = await openOwnTask(page, testInfo, "Refund comment");
    await page.locator("tr[data-task-id]").filter({ hasText: title }).getByRole("link", { name: title }).click();
    await hydrated(page, testInfo);
    let modal = page.getByRole("dialog", { name: `Task #${id}` });
    // A comment (sent only when not empty).
    const comment = modal.getByLabel("Add a comment");
    await expect(modal.getByRole("button", { name: "Comment", exact: true })).toBeDisabled();
    await comment.fill("Called the patient, refund approved.");
    await modal.getByRole("button", { name: "Comment", exact: true }).click();
    modal = page.getByRole("dialog", { name: `Task #${id}` });
    await expect(modal.getByTestId("task-activity")).toContainText("Called the patient, refund approved.");
    await expect(modal.getByLabel("Add a comment")).toHaveValue("");
    await expect(modal.getByTestId("task-activity").locator("time").last()).toHaveText(/just now|minute/);

    // Complete: status done, the button then disabled.
    await modal.getByRole("button", { name: "Complete task" }).click();
    modal = page.getByRole("dialog", { name: `Task #${id}` });
    await expect(modal.getByRole("button", { name: "Complete task" })).toBeDisabled();
    await expect(modal.getByTestId("task-activity")).toContainText("Status changed from To do to Done");

    // Closing shows the list behind it with the changes.
    await modal.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(`/staff/tasks?tab=all&search=${encodeURIComponent(title).replace(/%20/g, "+")}`);
    const done = page.locator("tr[data-task-id]").filter({ hasText: title });
    await expect(done.locator("[data-status]")).toHaveText("Done");
  });

  test("delete a task, after a confirmation", async ({ page }, testInfo) => {
    const { title, id } = await openOwnTask(page, testInfo, "Refund delete");
    await page.locator("tr[data-task-id]").filter({ hasText: title }).getByRole("link", { name: title }).click();
    await hydrated(page, testInfo);
    let modal = page.getByRole("dialog", { name: `Task #${id}` });
    await modal.getByRole("button", { name: "Delete task" }).or(modal.getByRole("link", { name: "Delete task" })).click();
    modal = page.getByRole("dialog", { name: `Task #${id}` });
    await expect(modal.getByText("Delete this task? This cannot be undone.")).toBeVisible();
    await modal.getByRole("button", { name: "Yes, delete task" }).click();
    await expect(page.locator("[data-toast=success]").filter({ hasText: "Task deleted." })).toHaveCount(1);
    await expect(page.locator("tr[data-task-id]").filter({ hasText: title })).toHaveCount(0);
    await page.goto(`/staff/tasks?task=${id}`);
    await expect(page.getByRole("dialog", { name: `Task #${id}` })).toContainText("could not be loaded");
  });

  // The list's paging, filters and dates: three tests, each well within its time on a busy machine.
  test("page the list by the API's cursor", async ({ page }, testInfo) => {
    // Oldest first: the tasks other tests create meanwhile (both projects share one server) come last, so the
    // first two pages stay as they are.
    await signIn(page, "provider", "/staff/tasks?tab=all&sort=id_asc");
    await hydrated(page, testInfo);
    const rows = page.locator("tr[data-task-id]");
    await expect(rows).toHaveCount(20);
    await expect(page.getByTestId("tasks-count")).toContainText("Showing 1–20 of");
    const firstPage = await rows.first().getAttribute("data-task-id");

    // Next page (by the API's cursor), then back.
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2&cursor=/);
    await expect(page.getByTestId("tasks-count")).toContainText("Showing 21–40 of");
    await expect(rows.first()).not.toHaveAttribute("data-task-id", firstPage!);
    const secondFirst = Number(await rows.first().getAttribute("data-task-id"));
    expect(secondFirst).toBeGreaterThan(Number(firstPage));
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Previous" }).click();
    await expect(page.getByTestId("tasks-count")).toContainText("Showing 1–20 of");
    await expect(rows.first()).toHaveAttribute("data-task-id", firstPage!);
  });

  test("filter by category, automatic tasks and status; sort oldest first", async ({ page }, testInfo) => {
    await signIn(page, "provider", "/staff/tasks?tab=all");
    await hydrated(page, testInfo);
    const rows = page.locator("tr[data-task-id]");
    // Filters: a GET form (category, source, only automatic).
    const filters = page.getByRole("form", { name: "Filters" });
    if (!(await filters.isVisible())) await page.getByText("Filters", { exact: true }).click();
    await filters.getByRole("combobox", { name: "Task category" }).selectOption({ label: "Treatment assigned" });
    await filters.getByLabel("Only automatic tasks").check();
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/category=11/);
    await expect(page).toHaveURL(/auto=1/);
    // The address changes as the navigation commits, a moment before the new rows render: assert on the whole
    // list (retried until it holds), not on a snapshot of the rows (`rows.all()` can still hold the old list).
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: "Treatment assigned" })).toHaveCount(0);
    await expect(rows.filter({ hasNotText: "(automatic)" })).toHaveCount(0);

    // Status tabs: done only.
    await page.getByRole("navigation", { name: "Task status" }).getByRole("link", { name: "Done" }).click();
    await expect(page).toHaveURL(/tab=done/);
    await expect(rows.first()).toBeVisible();
    await expect(rows.locator("[data-status]").filter({ hasNotText: /^Done$/ })).toHaveCount(0);

    // Sort: oldest first.
    await page.goto("/staff/tasks?tab=all&sort=id_asc");
    const ids = (await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-task-id")))));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids[0]).toBe(1);
  });

  test("filter by the dates assigned, in the user's time zone; nothing found", async ({ page }, testInfo) => {
    await signIn(page, "provider", "/staff/tasks?tab=all");
    const rows = page.locator("tr[data-task-id]");
    // Dates assigned, in the user's time zone (Marcus Hale: UTC-5).
    const me = await person(page, "assignee", "Marcus Hale");
    const patient = await person(page, "patient", "Liam Foster");
    const title = unique(testInfo, "Dated task");
    await createTask(page, "/staff/tasks", { title, patient, assignee: me });
    const day = (offsetDays: number) => new Date(Date.now() - 300 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/staff/tasks?tab=all&search=${encodeURIComponent(title)}`);
    const dated = page.getByRole("form", { name: "Filters" });
    await expect(dated).toBeVisible(); // open: a filter is set
    await dated.getByLabel("Assigned from").fill(day(0));
    await dated.getByLabel("Assigned to").fill(day(0));
    await dated.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${day(0)}&to=${day(0)}`));
    await expect(rows).toHaveCount(1);
    await page.getByRole("form", { name: "Filters" }).getByLabel("Assigned to").fill(day(-1));
    await page.getByRole("form", { name: "Filters" }).getByLabel("Assigned from").fill(day(-1));
    await page.getByRole("form", { name: "Filters" }).getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByTestId("tasks-empty")).toBeVisible();

    // A filter that matches nothing.
    await page.goto(`/staff/tasks?search=${encodeURIComponent(unique(testInfo, "no such task"))}`);
    await expect(page.getByTestId("tasks-empty")).toHaveText("No tasks match these filters.");
  });

  test("filter by assignee with the user picker", async ({ page }, testInfo) => {
    await signIn(page, "provider", "/staff/tasks?tab=all");
    const rows = page.locator("tr[data-task-id]");
    await hydrated(page, testInfo);
    if (!(await page.getByRole("form", { name: "Filters" }).isVisible())) await page.getByText("Filters", { exact: true }).click();
    await pick(page, "assignee", "Marcus Hale", "Select");
    await page.getByRole("form", { name: "Filters" }).getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/assignee=\d+/);
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: "Marcus Hale" })).toHaveCount(0);
  });

  test("a patient's page links to the create modal with the patient filled in", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff");
    const patient = await person(page, "patient", "Liam Foster");
    await page.goto(`/staff/patients/${patient.id}`);
    // The record's header has one on every tab; the overview's open tasks panel another, to the same address.
    await page.getByRole("link", { name: "Create task" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/staff/tasks\\?task=new&patientId=${patient.id}`));
    await hydrated(page, testInfo);
    const picker = page.getByRole("dialog", { name: "Create a task" }).locator("[data-picker=patientId]");
    await expect(picker.locator("button[aria-expanded]")).toContainText("Liam Foster");
    // Escape closes the modal (the design-system dialog) and goes back to the list's URL.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL("/staff/tasks");
  });

  test("user picker: only active staff, team tabs, 20 at a time, clearable", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff/tasks?task=new");
    await hydrated(page, testInfo);
    const assignee = page.locator("[data-picker=providerId]");
    await assignee.locator("button[aria-expanded]").click();
    await expect(assignee.getByRole("radio", { name: /Grace Lee/ })).toBeVisible();
    await expect(assignee.getByRole("radio", { name: /Marcus Hale/ })).toBeVisible();
    // Michael Brooks is suspended and Kevin Nguyen inactive: never listed.
    await expect(assignee.getByRole("radio", { name: /Michael Brooks|Kevin Nguyen/ })).toHaveCount(0);
    await expect(assignee.getByRole("group", { name: "Team" }).getByRole("button")).toHaveText(["All", "Medical team", "Nursing team", "Support team"]);
    await assignee.getByRole("button", { name: "Nursing team" }).click();
    await expect(assignee.getByRole("button", { name: "Nursing team" })).toHaveAttribute("aria-pressed", "true");
    await expect(assignee.getByRole("radio", { name: /Marcus Hale/ })).toHaveCount(0);
    await expect(assignee.getByRole("radio", { name: /Grace Lee/ })).toBeVisible();
    await expect(assignee.getByRole("button", { name: "Assign", exact: true })).toBeDisabled();
    await assignee.getByRole("radio", { name: /Grace Lee/ }).check();
    await expect(assignee.getByRole("button", { name: "Assign", exact: true })).toBeEnabled();
    await assignee.getByRole("button", { name: "Assign", exact: true }).click();
    // Clearable.
    await assignee.getByRole("button", { name: "Clear Assignee" }).click();
    await expect(assignee.locator("button[aria-expanded]")).toHaveText("Nobody");

    // Patients: 20 at a time; more as the 360 px list is scrolled to its end.
    const patient = page.locator("[data-picker=patientId]");
    await patient.locator("button[aria-expanded]").click();
    const list = patient.getByTestId("picker-list");
    await expect(list.getByRole("radio")).toHaveCount(20);
    await expect(patient.getByRole("searchbox")).toHaveAttribute("placeholder", "Search by patient name, ID, phone, email or date of birth");
    expect((await list.boundingBox())?.height).toBe(360);
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(list.getByRole("radio")).toHaveCount(40);
  });
});

test.describe("mass changes", () => {
  /** Two tasks of the test's own, listed by their common prefix on the manager's tasks page. */
  async function twoOwnTasks(page: Page, testInfo: TestInfo, label: string) {
    await signIn(page, "manager", "/manager/tasks");
    const patient = await person(page, "patient", "Emma Carter");
    const assignee = await person(page, "assignee", "Olivia Bennett");
    const prefix = unique(testInfo, label);
    await createTask(page, "/manager/tasks", { title: `${prefix} one`, patient, assignee });
    await createTask(page, "/manager/tasks", { title: `${prefix} two`, patient, assignee });
    await page.goto(`/manager/tasks?tab=all&search=${encodeURIComponent(prefix)}`);
    await hydrated(page, testInfo);
    const rows = page.locator("tr[data-task-id]");
    await expect(rows).toHaveCount(2);
    return rows;
  }

  test("a manager changes the status of several tasks, after confirming", async ({ page }, testInfo) => {
    const rows = await twoOwnTasks(page, testInfo, "Mass status");

    for (const row of await rows.all()) await row.getByRole("checkbox").check();
    await page.getByLabel("New status").selectOption({ label: "Done" });
    await page.getByRole("button", { name: "Change status" }).click();
    const confirm = page.getByRole("dialog", { name: "Change the status?" });
    await expect(confirm).toContainText("The status of 2 tasks will change.");
    await confirm.getByRole("button", { name: "Change 2 tasks" }).click();
    await expect(page.locator("[data-toast=success]").filter({ hasText: "Tasks updated." })).toHaveCount(1);
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row.locator("[data-status]")).toHaveText("Done");
  });

  test("a manager reassigns one of them with the user picker", async ({ page }, testInfo) => {
    const rows = await twoOwnTasks(page, testInfo, "Mass assign");
    await rows.first().getByRole("checkbox").check();
    await page.getByRole("button", { name: "Reassign" }).click();
    await expect(page.getByRole("dialog", { name: "Reassign the tasks?" })).toBeVisible();
    await pick(page, "massProviderId", "Hannah Walsh", "Assign");
    await page.getByRole("dialog", { name: "Reassign the tasks?" }).getByRole("button", { name: "Reassign 1 task" }).click();
    await expect(page.locator("[data-toast=success]").filter({ hasText: "Tasks updated." })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Hannah Walsh" })).toHaveCount(1);
  });

  test("a manager deletes several tasks after confirming; cancelling first changes nothing", async ({ page }, testInfo) => {
    const rows = await twoOwnTasks(page, testInfo, "Mass delete");
    const confirm = page.getByRole("dialog", { name: "Delete the tasks?" });
    for (const row of await rows.all()) await row.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(confirm).toContainText("2 tasks will be deleted.");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    // Cancel is a link back to the list: wait until that navigation has landed before selecting again (a box
    // checked while it is still under way is unchecked by the list it renders).
    await expect(page).not.toHaveURL(/confirm=/);
    await expect(confirm).toBeHidden();
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await row.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete the tasks?" }).getByRole("button", { name: "Delete 2 tasks" }).click();
    await expect(page.locator("[data-toast=success]").filter({ hasText: "Tasks deleted." })).toHaveCount(1);
    await expect(rows).toHaveCount(0);
  });

  test("roles without the permission see no selection, mass actions or delete", async ({ page }, testInfo) => {
    // Oldest first: the first rows are seeded tasks no other test changes or deletes.
    await signIn(page, "support", "/staff/tasks?tab=all&sort=id_asc");
    await hydrated(page, testInfo);
    await expect(page.locator("tr[data-task-id]").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Change status" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reassign" })).toHaveCount(0);
    await expect(page.locator("tr[data-task-id] input[type=checkbox]")).toHaveCount(0);
    await page.locator("tr[data-task-id]").first().getByRole("link").click();
    const modal = page.getByRole("dialog", { name: /^Task #/ });
    await expect(modal.getByRole("button", { name: "Complete task" })).toBeVisible();
    await expect(modal.getByRole("button", { name: "Delete task" })).toHaveCount(0);
    await expect(modal.getByRole("link", { name: "Delete task" })).toHaveCount(0);
    // Even a hand-made confirmation URL shows no mass step.
    await page.goto("/staff/tasks?confirm=delete&ids=1");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("header tasks dropdown", () => {
  test("lists my tasks by status and opens one", async ({ page }, testInfo) => {
    await signIn(page, "provider", "/staff");
    const me = await person(page, "assignee", "Marcus Hale");
    const patient = await person(page, "patient", "Emma Carter");
    const title = unique(testInfo, "Follow up on lab results");
    await createTask(page, "/staff/tasks", { title, patient, assignee: me, status: "to_be_discussed", category: "9" });
    await page.goto("/staff");

    let menu = await openDropdown(page, testInfo);
    const tabs = menu.getByRole("navigation", { name: "My tasks by status" });
    await expect(tabs.getByRole("button")).toHaveText(["To do", "In progress", "Waiting for client", "To verify by team", "To be discussed"]);
    await expect(menu.getByRole("link", { name: "All tasks" })).toHaveAttribute("href", "/staff/tasks");
    await expect(menu.getByRole("link", { name: "Create task" })).toHaveAttribute("href", "/staff/tasks?task=new");
    await tabs.getByText("To be discussed").click();
    menu = page.getByTestId("tasks-menu");
    const row = menu.getByRole("link").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Lab results");
    await expect(row.locator("[data-status]")).toHaveText("To be discussed");
    await row.click();
    await expect(page).toHaveURL(/\/staff\/tasks\?task=\d+/);
    await expect(page.getByRole("dialog", { name: /^Task #\d+$/ }).getByRole("heading", { name: title })).toBeVisible();
  });

  test("more of my tasks as the list scrolls (or by Load more)", async ({ page }, testInfo) => {
    await signIn(page, "provider", "/staff");
    const me = await person(page, "assignee", "Marcus Hale");
    const patient = await person(page, "patient", "Liam Foster");
    const prefix = unique(testInfo, "Waiting");
    // 21 tasks at once (the page's action, over HTTP): one more than a page of the dropdown.
    await Promise.all(
      Array.from({ length: 21 }, (_, i) => createTask(page, "/staff/tasks", { title: `${prefix} ${i}`, patient, assignee: me, status: "waiting_for_client" })),
    );
    // The creations' "Task created" toast is for the page after a post; read over HTTP here, it stays out of
    // the way of the header's menu (top right) that this test opens.
    await page.request.get("/staff");
    await page.goto("/staff");
    let menu = await openDropdown(page, testInfo);
    await menu.getByRole("navigation", { name: "My tasks by status" }).getByText("Waiting for client").click();
    menu = page.getByTestId("tasks-menu");
    const list = menu.getByTestId("tasks-menu-list");
    await expect(list.getByRole("link")).toHaveCount(20); // page size 20
    expect((await list.boundingBox())?.height).toBeLessThanOrEqual(240);
    const first = await list.getByRole("link").first().textContent();
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => list.getByRole("link").count()).toBeGreaterThan(20);
    await expect(list.getByRole("link").first()).toHaveText(first!);
  });

  test("a tab lists only that status, or says there is nothing", async ({ page }, testInfo) => {
    await signIn(page, "nurseManager", "/staff");
    let menu = await openDropdown(page, testInfo);
    await menu.getByRole("navigation", { name: "My tasks by status" }).getByText("To verify by team").click();
    menu = page.getByTestId("tasks-menu");
    // Either the rows of that tab, or the empty text; the list never shows another status.
    await expect(menu.getByTestId("tasks-menu-list").or(menu.getByTestId("tasks-menu-empty"))).toBeVisible();
    const statuses = await menu.locator("[data-status]").allTextContents();
    for (const status of statuses) expect(status).toBe("To verify by team");
    if (statuses.length === 0) await expect(menu.getByTestId("tasks-menu-empty")).toHaveText("You have no active tasks");
  });
});

test.describe("es-US", () => {
  test("the switcher of the profile menu translates the tasks page", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff/tasks");
    await hydrated(page, testInfo);
    // Switch the language with the switcher of the profile menu.
    await page.getByTestId("profile-menu").locator("summary").click();
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", /^es/);
    await hydrated(page, testInfo);
    await expect(page.getByRole("navigation", { name: "Estado de la tarea" }).getByRole("link")).toHaveText(TASK_TABS_ES);
  });
});

test.describe("es-US (the browser's language)", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });

  test("create a task in Spanish; statuses and categories are translated", async ({ page }, testInfo) => {
    // The patient comes filled in, as from a patient's page (the picker itself is tested in English above;
    // here its assignee side, in Spanish).
    await signIn(page, "nurse", "/staff");
    const emma = await person(page, "patient", "Emma Carter");
    await page.goto(`/staff/tasks?task=new&patientId=${emma.id}`);
    await hydrated(page, testInfo);
    const title = unique(testInfo, "Llamar a la farmacia");
    let dialog = page.getByRole("dialog", { name: "Crear una tarea" });
    await dialog.getByLabel(/^Resumen/).fill(title);
    await dialog.getByLabel(/^Descripción/).fill("Preguntar por el envío.");
    await pick(page, "providerId", "Grace Lee", "Asignar");
    dialog = page.getByRole("dialog", { name: "Crear una tarea" });
    await choose(dialog, /^Estado/, "En curso");
    await choose(dialog, /^Programa/, "Bienestar sexual");
    await choose(dialog, /^Categoría de la tarea/, "Resultados de laboratorio");
    await dialog.getByRole("button", { name: "Crear tarea" }).click();
    await expect(page.locator("[data-toast=success]").filter({ hasText: "Tarea creada." })).toHaveCount(1);
    const row = page.locator("tr[data-task-id]").filter({ hasText: title });
    await expect(row.locator("[data-status]")).toHaveText("En curso");
    await expect(row).toContainText("Resultados de laboratorio");
    await expect(row).toContainText("Bienestar sexual");

    // The edit modal: translated activity.
    await row.getByRole("link", { name: title }).click();
    await expect(page.getByRole("dialog", { name: /^Tarea #\d+$/ }).getByTestId("task-activity")).toContainText("Tarea creada");
  });
});
