/**
 * Global search and a patient's access-management tab without JavaScript, as plain HTTP (issue 13): the header's
 * GET form → the results page with its #treatments, #tasks and #providers sections (links, highlighted matches,
 * Spanish); granting access through the staff picker (a GET form), revoking after the confirmation step, and
 * the access log showing both; a refused grant's error summary; the read-only tab of a role that may not change
 * access; a provider (providerUsers) never reaching a patient they may not see. The dropdown with JavaScript is in
 * tests/e2e/global-search.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { as, formEntries, squash, type WebClient, type WebPage } from "./client";

/** The staff picker of the grant form without JavaScript: its button submits the form as a GET with `values`. */
async function pickerGet(client: WebClient, page: WebPage, values: Record<string, string> = {}) {
  const fieldset = page.$("[data-picker=staffId]");
  expect(fieldset, `the staff picker on ${page.path}`).not.toBeNull();
  const button = fieldset!.querySelector("button[name=pick]") as HTMLButtonElement;
  const form = fieldset!.closest("form") as HTMLFormElement;
  const entries = formEntries(form, button).filter(([k]) => !(k in values));
  for (const [k, v] of Object.entries(values)) entries.push([k, v]);
  const target = new URL(button.getAttribute("formaction") ?? button.getAttribute("formAction") ?? page.path, page.url);
  target.search = new URLSearchParams(entries).toString();
  return client.get(target.toString());
}

function radioValue(page: WebPage, name: string): string {
  const label = page.$$("[data-picker=staffId] label").find((l) => squash(l.textContent ?? "").includes(name) && l.querySelector("input[type=radio]"));
  expect(label, `${name} in the picker`).toBeTruthy();
  return label!.querySelector("input")!.getAttribute("value")!;
}

const patientIdOf = async (client: WebClient, email: string) => {
  const response = await client.raw("GET", `/resources/tasks/users?kind=patient&search=${encodeURIComponent(email)}`, undefined, { Accept: "application/json" });
  return ((await response.json()) as { items: { id: number }[] }).items[0]!.id;
};

describe("global search without JavaScript", () => {
  it("the header's form leads to the results page, with each group's section and links", async () => {
    const nurse = await as("nurse");
    const home = await nurse.get("/staff");
    const results = await nurse.submit(home, "form[role=search]", { search: "  carter " });
    expect(results.path).toBe("/staff/search/carter");
    expect(results.h1).toBe("Search results");
    expect(results.text("[data-testid=search-heading]")).toBe("Results for “carter”");
    for (const id of ["treatments", "tasks", "providers"]) expect(results.byId(id), id).not.toBeNull();
    const emma = results.$$("#treatments a").find((a) => squash(a.textContent ?? "").includes("Emma Carter"));
    expect(emma?.getAttribute("href")).toMatch(/^\/staff\/patients\/\d+$/);
    // The match is a span of its own; nothing of the API's markup is shown as text.
    expect(squash(emma!.querySelector("[data-highlight]")?.textContent ?? "")).toBe("Carter");
    expect(results.bodyText).not.toContain("search-highlight");
    // The section links of the page.
    expect(results.$$("nav a[href='#tasks']").length).toBe(1);
  });

  it("a manager's search stays in the manager tree; a task is a link to its modal; staff by name", async () => {
    const manager = await as("manager");
    const page = await manager.get("/manager/search?search=hale");
    expect(page.path).toBe("/manager/search/hale");
    const provider = page.$$("#providers a").find((a) => squash(a.textContent ?? "").includes("Marcus Hale"));
    expect(provider?.getAttribute("href")).toMatch(/^\/manager\/tasks\?assignee=\d+$/);
    const byTask = await manager.get(`/manager/search/${encodeURIComponent("call")}`);
    for (const a of byTask.$$("#tasks a")) expect(a.getAttribute("href")).toMatch(/^\/manager\/tasks\?task=\d+$/);
  });

  it("an empty search goes back to the dashboard; an unmatched one says so; Spanish", async () => {
    const support = await as("support", { language: "es-US" });
    const empty = await support.get("/staff/search?search=%20");
    expect(empty.path).toBe("/staff");
    const none = await support.get("/staff/search/zzqxjv");
    expect(none.text("[data-testid=search-no-results]")).toBe("No hay resultados para «zzqxjv». Revise la ortografía o busque por otro dato.");
    const found = await support.get("/staff/search/carter");
    expect(found.text("#treatments h2")).toBe("Tratamientos");
    expect(found.text("#providers h2")).toBe("Proveedores");
  });

  it("a provider (providerUsers) finds only the patients they may see", async () => {
    const provider = await as("provider");
    const manager = await as("manager");
    // Names start with "Ma" often enough (Mateo, Madison, Maria; Martinez, Martin…) to fill the results page.
    const all = await manager.get("/manager/search/ma");
    const ids = (page: WebPage) => page.$$("#treatments a").map((a) => a.getAttribute("href")!.split("/").pop()!);
    expect(ids(all).length).toBeGreaterThan(10);
    // By ID, one patient at a time: some the manager finds, the provider does not.
    let hidden: string | undefined;
    for (const id of ids(all)) {
      if (!ids(await provider.get(`/staff/search/${id}`)).includes(id)) {
        hidden = id;
        break;
      }
    }
    expect(hidden).toBeTruthy();
    // …and their record is not found, exactly like an unknown id.
    expect((await provider.raw("GET", `/staff/patients/${hidden}/access-management`)).status).toBe(404);
  });
});

describe("access management without JavaScript", () => {
  it("grant through the staff picker, revoke after the confirmation, and the access log shows both", async () => {
    const manager = await as("manager");
    const patientId = await patientIdOf(manager, "patient2@demo.test");
    const path = `/manager/patients/${patientId}/access-management`;
    const tab = await manager.get(path);
    expect(tab.text("main h2")).toBe("Access management");
    expect(tab.text("#access-staff")).toBe("Staff with access");
    // The picker: open it, search, choose.
    const opened = await pickerGet(manager, tab);
    const found = await pickerGet(manager, opened, { staffIdSearch: "James Okafor" });
    const granted = await manager.submit(found, { button: "Grant access" }, { staffId: radioValue(found, "James Okafor") });
    expect(granted.path).toBe(path);
    expect(granted.toasts("success")).toContain("Access granted.");
    const live = granted.$$("[data-testid=grant-live]").find((tr) => squash(tr.textContent ?? "").includes("James Okafor"));
    expect(squash(live?.textContent ?? "")).toContain("Granted by Olivia Bennett");
    // Revoke: the row's link opens the confirmation; Cancel is a link back; the button revokes.
    const confirm = await manager.get(live!.querySelector("a")!.getAttribute("href")!);
    expect(confirm.text("[data-testid=revoke-modal] h2")).toBe("Revoke access?");
    expect(confirm.link("Cancel")).toBe(path);
    const revoked = await manager.submit(confirm, { button: "Revoke access" });
    expect(revoked.path).toBe(path);
    expect(revoked.toasts("success")).toContain("Access revoked.");
    expect(revoked.$$("[data-testid=grant-live]").some((tr) => squash(tr.textContent ?? "").includes("James Okafor"))).toBe(false);
    const gone = revoked.$$("[data-testid=grant-revoked]").find((tr) => squash(tr.textContent ?? "").includes("James Okafor"));
    expect(squash(gone?.textContent ?? "")).toContain("Revoked by Olivia Bennett");
    // The access log: the revoke, then the grant, by the manager.
    const actions = revoked.$$("[data-testid=access-log] tr[data-action]").map((tr) => tr.getAttribute("data-action"));
    expect(actions.indexOf("patient.access.revoke")).toBeGreaterThanOrEqual(0);
    expect(actions.indexOf("patient.access.revoke")).toBeLessThan(actions.indexOf("patient.access.grant"));
    const row = revoked.$$("[data-testid=access-log] tr[data-action='patient.access.grant']")[0]!;
    const cells = [...row.querySelectorAll("td")].map((td) => squash(td.textContent ?? ""));
    expect(cells.slice(1, 4)).toEqual(["Olivia Bennett", "Provider manager", "Granted access"]);
    expect(cells[4]).toMatch(/^staff_patient_access #\d+$/);
    // "Older entries" pages back by cursor.
    const older = revoked.$("[data-testid=log-older]");
    if (older) {
      const next = await manager.get(older.getAttribute("href")!);
      expect(next.link("Newest entries")).toBe(path);
    }
  });

  it("a refused grant comes back with an error summary that takes the focus", async () => {
    const manager = await as("nurseManager");
    const patientId = await patientIdOf(manager, "patient2@demo.test");
    const path = `/staff/patients/${patientId}/access-management`;
    const found = await pickerGet(manager, await pickerGet(manager, await manager.get(path)), { staffIdSearch: "Grace Lee" });
    const refused = await manager.submit(found, { button: "Grant access" }, { staffId: radioValue(found, "Grace Lee") });
    const summary = refused.$("[data-testid=error-summary]");
    expect(summary?.getAttribute("role")).toBe("alert");
    expect(summary?.hasAttribute("autofocus")).toBe(true);
    expect(summary?.textContent).toContain("There is a problem");
    expect(summary?.textContent).toContain("This staff member already sees every patient.");
    // Nothing chosen: "Value is required".
    const empty = await manager.submit(await manager.get(path), { button: "Grant access" });
    expect(squash(empty.$("[data-testid=error-summary]")?.textContent ?? "")).toContain("Value is required");
  });

  it("a role that may not change access sees the tab read-only, and no access log", async () => {
    const support = await as("support", { language: "es-US" });
    const patientId = await patientIdOf(support, "patient@demo.test");
    const tab = await support.get(`/staff/patients/${patientId}/access-management`);
    expect(tab.$$("button").some((b) => squash(b.textContent ?? "") === "Otorgar acceso")).toBe(false);
    expect(tab.bodyText).toContain("Su rol puede ver quién tiene acceso, pero no puede cambiarlo.");
    expect(tab.bodyText).toContain("Solo los roles de gerencia pueden leer el registro de accesos.");
    expect(tab.$("[data-testid=access-log]")).toBeNull();
    expect(tab.$$("[data-testid=access-dependents] tr").some((tr) => squash(tr.textContent ?? "").includes("Emily Novak"))).toBe(true);
    // A hand-made confirmation address shows nothing to confirm.
    const sofia = tab.$$("[data-testid=grant-live]")[0];
    expect(sofia).toBeTruthy();
    expect((await support.get(`/staff/patients/${patientId}/access-management?revoke=1`)).$("[data-testid=revoke-modal]")).toBeNull();
  });
});
