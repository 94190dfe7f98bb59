/**
 * The patients list pages without JavaScript, as plain HTTP (issue 13; spec §2, §4): /staff/patients and
 * /manager/patients (tabs as links with counts, the GET filter form, search, sortable headers, cursor paging,
 * the error summary of a refused search, Spanish), the past-due list, and the provider workload's bulk
 * reassignment through its confirmation step (`?confirm=assign&ids=…&to=…`, then a POST). The journey with
 * JavaScript is tests/e2e/patients-list.spec.ts; the API's rules are tests/api/provider-list.test.ts.
 */
import { describe, expect, it } from "vitest";
import { as, squash, type WebPage } from "./client";

const rows = (page: WebPage) => page.$$("tr[data-treatment-id]");
const tabLink = (page: WebPage, tab: string) => page.$(`a[data-tab=${tab}]`);
const statusKeys = (page: WebPage) => rows(page).map((tr) => tr.querySelector("[data-status]")?.getAttribute("data-status"));

describe("the patients list without JavaScript", () => {
  it("shows the ten tabs with their counts and rows that link to each patient's record", async () => {
    const nurse = await as("nurse");
    const page = await nurse.get("/staff/patients");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Patients");
    const tabs = page.$$("a[data-tab]").map((a) => a.getAttribute("data-tab"));
    expect(tabs).toEqual(["all", "new_intake", "review_ready", "missing_information", "nc_decline", "awaiting_coverage", "active", "renewals", "unresponsive", "inactive"]);
    for (const tab of tabs) expect(Number(page.text(`[data-testid=count-${tab}]`).replace(/\D/g, "")), `count of ${tab}`).toBeGreaterThan(0);
    expect(tabLink(page, "all")!.getAttribute("aria-current")).toBe("page");
    expect(rows(page)).toHaveLength(20);
    const first = rows(page)[0]!.querySelector("a[data-patient-id]")!;
    expect(first.getAttribute("href")).toBe(`/staff/patients/${first.getAttribute("data-patient-id")}`);

    const manager = await as("manager");
    const mine = await manager.get("/manager/patients");
    expect(rows(mine)[0]!.querySelector("a[data-patient-id]")!.getAttribute("href")).toMatch(/^\/manager\/patients\/\d+$/);
  });

  it("a tab link shows only that tab's rows, with their §4 labels", async () => {
    const nurse = await as("nurse");
    const all = await nurse.get("/staff/patients");
    const page = await nurse.get(tabLink(all, "review_ready")!.getAttribute("href")!);
    expect(page.path).toBe("/staff/patients?tab=review_ready");
    expect(tabLink(page, "review_ready")!.getAttribute("aria-current")).toBe("page");
    expect(rows(page).length).toBeGreaterThan(0);
    for (const key of statusKeys(page)) expect(["ready_to_review_new_patient", "ready_to_review_refill"]).toContain(key);
    for (const tr of rows(page)) expect(squash(tr.textContent ?? "")).toMatch(/Ready to review \((new patient|refill)\)/);
    for (const tr of rows(page)) expect(tr.querySelector("[data-state]")!.getAttribute("data-state")).toBe("pending");
  });

  it("the filter form (GET) narrows the list; the tab is kept", async () => {
    const nurse = await as("nurse");
    const start = await nurse.get("/staff/patients?tab=active");
    const page = await nurse.submit(start, { button: "Apply" }, { journey: "2", status: "active" });
    expect(page.path).toContain("tab=active");
    expect(page.path).toContain("journey=2");
    expect(rows(page).length).toBeGreaterThan(0);
    for (const tr of rows(page)) expect(squash(tr.textContent ?? "")).toContain("Sexual wellness");
    expect(page.link("Clear filters")).toBe("/staff/patients?tab=active");

    const refills = await nurse.submit(start, { button: "Apply" }, { readyToReview: "refill" });
    for (const tr of rows(refills)) expect(tr.querySelector("[data-state]")!.getAttribute("data-state")).toBe("pending");
  });

  it("search by name, phone, email and date of birth", async () => {
    const nurse = await as("nurse");
    const start = await nurse.get("/staff/patients");
    for (const search of ["Emma Carter", "(415) 555-0123", "patient@demo.test", "04/17/1988"]) {
      const page = await nurse.submit(start, { button: "Apply" }, { search });
      expect(rows(page).length, search).toBeGreaterThan(0);
      for (const tr of rows(page)) expect(squash(tr.textContent ?? ""), search).toContain("Emma Carter");
    }
    const none = await nurse.submit(start, { button: "Apply" }, { search: "no such patient zzz" });
    expect(rows(none)).toHaveLength(0);
    expect(none.text("[data-testid=patients-empty]")).toBe("No patients match these filters.");
  });

  it("a search the API refuses shows the error summary, linked to the field", async () => {
    const nurse = await as("nurse");
    const page = await nurse.get(`/staff/patients?search=${"x".repeat(101)}`);
    expect(page.status).toBe(200);
    const summary = page.$("[data-testid=error-summary]");
    expect(summary).not.toBeNull();
    expect(summary!.getAttribute("role")).toBe("alert");
    expect(summary!.querySelector("a")!.getAttribute("href")).toBe("#patients-search");
    const input = page.byId("patients-search")!;
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "").split(/\s+/).map((id) => squash(page.byId(id)?.textContent ?? "")).join(" ");
    expect(described).toMatch(/100/);
  });

  it("column headers sort by name and date; paging follows the cursor and back to the first page", async () => {
    const nurse = await as("nurse");
    const start = await nurse.get("/staff/patients?tab=active");
    const byName = await nurse.get(start.$("a[data-sort=name]")!.getAttribute("href")!);
    expect(byName.path).toBe("/staff/patients?tab=active&sort=name_asc");
    expect(byName.$("a[data-sort=name]")!.closest("th")!.getAttribute("aria-sort")).toBe("ascending");
    const names = rows(byName).map((tr) => squash(tr.querySelector("a[data-patient-id]")!.textContent ?? ""));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const next = await nurse.get(byName.link("Next page"));
    expect(next.text("nav[aria-label=Pages] p")).toBe("Page 2");
    const names2 = rows(next).map((tr) => squash(tr.querySelector("a[data-patient-id]")!.textContent ?? ""));
    expect(names2.length).toBeGreaterThan(0);
    expect(names2[0]! >= names[names.length - 1]!).toBe(true);
    const ids1 = new Set(rows(byName).map((tr) => tr.getAttribute("data-treatment-id")));
    for (const tr of rows(next)) expect(ids1.has(tr.getAttribute("data-treatment-id"))).toBe(false);
    const back = await nurse.get(next.link("First page"));
    expect(back.path).toBe("/staff/patients?tab=active&sort=name_asc");
  });

  it("in Spanish", async () => {
    const nurse = await as("nurse", { language: "es-US" });
    const page = await nurse.get("/staff/patients?tab=review_ready");
    expect(page.lang).toBe("es-US");
    expect(squash(tabLink(page, "review_ready")!.textContent ?? "")).toMatch(/^Listos para revisión/);
    expect(squash(tabLink(page, "awaiting_coverage")!.textContent ?? "")).toMatch(/^En espera de cobertura/);
    expect(page.bodyText).toMatch(/Listo para revisión \((paciente nuevo|resurtido)\)/);
    expect(page.bodyText).toContain("Pendiente");
    expect(page.byId("patients-search")!.getAttribute("placeholder")).toBe("Buscar por nombre del paciente, ID, teléfono, correo electrónico o fecha de nacimiento");
  });
});

describe("past-due patients without JavaScript", () => {
  it("lists pending reviews older than 48 hours, oldest first, for a provider's own patients", async () => {
    const provider = await as("provider");
    const page = await provider.get("/staff/past-due-patients");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Past due patients");
    expect(rows(page).length).toBeGreaterThan(0);
    for (const tr of rows(page)) expect(squash(tr.querySelector("td:last-child")!.textContent ?? "")).toMatch(/^\d+ d \d+ h$/);
    const filtered = await provider.submit(page, { button: "Apply" }, { journey: "1" });
    for (const tr of rows(filtered)) expect(squash(tr.textContent ?? "")).toContain("Weight loss");
  });
});

describe("provider workload without JavaScript", () => {
  it("reassigns selected reviews to another provider after a confirmation step", async () => {
    const manager = await as("manager");
    const page = await manager.get("/manager/workload");
    expect(page.status).toBe(200);
    const providers = page.$$("tr[data-provider-id]");
    expect(providers.length).toBeGreaterThan(1);
    // The provider with the most open reviews (the table's first row) and their reviews.
    const from = providers[0]!;
    const fromName = squash(from.querySelector("a")!.textContent ?? "");
    const reviews = await manager.get(from.querySelector("a")!.getAttribute("href")!);
    expect(reviews.text("#workload-reviews")).toBe(`Open reviews of ${fromName}`);
    const picked = rows(reviews).slice(0, 2).map((tr) => tr.getAttribute("data-treatment-id")!);
    expect(picked).toHaveLength(2);
    const toOption = [...reviews.field("Reassign to").querySelectorAll("option")].find((o) => o.getAttribute("value"))!;
    const to = toOption.getAttribute("value")!;
    const toName = squash(toOption.textContent ?? "");

    // The GET form with two rows checked: the confirmation step is a page state in the URL.
    const form = reviews.form({ button: "Reassign selected" });
    for (const box of form.querySelectorAll("input[name=ids]")) if (picked.includes(box.getAttribute("value")!)) box.setAttribute("checked", "");
    const confirm = await manager.submit(reviews, { button: "Reassign selected" }, { to });
    expect(confirm.path).toContain("confirm=assign");
    expect(confirm.$("dialog[open]")).not.toBeNull();
    expect(confirm.text("dialog[open] p")).toBe(`2 reviews will move to ${toName}.`);
    expect(confirm.link("Cancel")).not.toContain("confirm=");

    const done = await manager.submit(confirm, { button: "Yes, reassign" });
    expect(done.toasts("success")).toContain("Provider assigned to 2 treatments.");
    expect(done.path).not.toContain("confirm=");
    const left = rows(done).map((tr) => tr.getAttribute("data-treatment-id"));
    for (const id of picked) expect(left).not.toContain(id);
    const theirs = await manager.get(`/manager/workload?providerId=${to}`);
    const moved = rows(theirs).map((tr) => tr.getAttribute("data-treatment-id"));
    for (const id of picked) expect(moved).toContain(id);
  });

  it("a confirmation with nothing selected says so and offers no change", async () => {
    const manager = await as("supportManager");
    const page = await manager.get("/staff/workload?confirm=assign");
    expect(page.$("dialog[open]")).not.toBeNull();
    expect(page.text("dialog[open] [role=alert]")).toBe("Select at least one review and a provider first.");
    expect(page.$$("dialog[open] button[type=submit]")).toHaveLength(0);
  });
});
