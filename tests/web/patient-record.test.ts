/**
 * The patient record without JavaScript, as plain HTTP (issue 13, H2): every tab of a demo patient shows real rows,
 * the tabs are links with aria-current, the images come through the web with `private, no-store` for allowed
 * staff only, a provider's invisible patient is the not-found page, the profile edit (an error with its summary,
 * nothing saved, then fixed), the patient status change, and assigning a provider and changing a treatment's
 * status. Spanish on one tab. The JavaScript journey: tests/e2e/patient-record.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { as, squash, type WebClient, type WebPage } from "./client";
import { testPatient } from "../support/accounts";

const TABS = ["", "/visits", "/notes", "/intakes", "/treatments", "/orders", "/uploads", "/progress", "/profile"] as const;

/** A patient's user id through the web's own picker resource (search by email). */
async function patientId(client: WebClient, email: string): Promise<number> {
  const response = await client.raw("GET", `/resources/tasks/users?kind=patient&search=${encodeURIComponent(email)}`, undefined, { Accept: "application/json" });
  expect(response.status).toBe(200);
  const items = ((await response.json()) as { items: { id: number; email: string | null }[] }).items;
  const found = items.find((p) => p.email === email);
  expect(found, email).toBeTruthy();
  return found!.id;
}

const rowCount = (page: WebPage, testId: string) => page.$$(`[data-testid=${testId}] tbody tr, [data-testid=${testId}] > li`).length;

describe("the record's tabs (demo patient 1, the manager)", () => {
  it("every tab answers with its rows, the tabs are links and the open one is aria-current", async () => {
    const manager = await as("manager");
    const pages: Record<string, WebPage> = {};
    for (const tab of TABS) {
      const page = await manager.get(`/manager/patients/1${tab}`);
      expect(page.status, tab).toBe(200);
      expect(page.h1, tab).toBe("Emma Carter");
      expect(page.text("[data-testid=patient-status]"), tab).toBe("Active");
      const current = page.$$("nav a[aria-current=page]").map((a) => a.getAttribute("href"));
      expect(current, tab).toContain(`/manager/patients/1${tab}`);
      expect(page.$$("nav a").filter((a) => a.getAttribute("href")?.startsWith("/manager/patients/1")).length, tab).toBeGreaterThanOrEqual(10);
      pages[tab] = page;
    }
    const overview = pages[""]!;
    expect(overview.bodyText).toContain("04/17/1988");
    expect(overview.bodyText).toContain("1250 Market St");
    expect(overview.bodyText).toContain("77 Howard St");
    expect(overview.$$("img[src^='/api/v1/patient/1/uploads/']").length).toBe(4);
    expect(rowCount(overview, "overview-treatments")).toBeGreaterThanOrEqual(3);
    expect(overview.$$("a[href^='/manager/tasks?task=new&patientId=1']").length).toBeGreaterThanOrEqual(1);
    expect(rowCount(pages["/visits"]!, "visits")).toBeGreaterThan(0);
    expect(rowCount(pages["/notes"]!, "notes")).toBeGreaterThan(0);
    expect(pages["/notes"]!.bodyText).toContain("Nurse note");
    expect(rowCount(pages["/intakes"]!, "intakes")).toBeGreaterThanOrEqual(3);
    expect(pages["/treatments"]!.$$("[data-testid^=treatment-]").length).toBeGreaterThanOrEqual(3);
    expect(rowCount(pages["/orders"]!, "orders")).toBeGreaterThan(0);
    expect(pages["/orders"]!.$$("[data-testid=orders] a[href^='https://']").length).toBeGreaterThan(0);
    const uploads = pages["/uploads"]!;
    expect(new Set(uploads.$$("[data-testid=uploads] tbody tr").map((tr) => tr.getAttribute("data-category")))).toEqual(new Set(["1", "2", "3", "4", "5"]));
    expect(uploads.bodyText).toContain("Invisible to patient");
    expect(uploads.bodyText).toContain("Visible to patient");
    const insurance = await manager.get(uploads.link("Insurance"));
    expect(insurance.$$("[data-testid=uploads] tbody tr").every((tr) => tr.getAttribute("data-category") === "4")).toBe(true);
    expect(rowCount(pages["/progress"]!, "weights")).toBeGreaterThanOrEqual(5);
    expect(pages["/progress"]!.$("svg[role=img] title")).not.toBeNull();
    expect(pages["/profile"]!.field("First name").getAttribute("value")).toBe("Emma");
  });

  it("images come through the web, never cached, for staff allowed on the patient only", async () => {
    const manager = await as("manager");
    const overview = await manager.get("/manager/patients/1");
    const src = overview.$("img[src^='/api/v1/patient/1/uploads/']")!.getAttribute("src")!;
    const image = await manager.raw("GET", src);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
    expect(image.headers.get("cache-control")).toMatch(/private/);
    expect(image.headers.get("cache-control")).toMatch(/no-store/);
    await image.arrayBuffer();
    const patient = await as("patient");
    const refused = await patient.raw("GET", src);
    expect(refused.status).toBe(404);
    await refused.arrayBuffer();
  });

  it("a patient the provider may not see is the not-found page, on every tab and image", async () => {
    const provider = await as("provider");
    const hidden = await patientId(await as("manager"), testPatient(31).email);
    for (const tab of TABS) {
      const page = await provider.get(`/staff/patients/${hidden}${tab}`);
      expect(page.status, tab).toBe(404);
      expect(page.h1).toBe("Page not found");
    }
    // Their own patient opens.
    expect((await provider.get("/staff/patients/1")).status).toBe(200);
  });

  it("Spanish: the record speaks es-US", async () => {
    const nurse = await as("nurse", { language: "es-US" });
    const page = await nurse.get("/staff/patients/1");
    expect(page.lang).toBe("es-US");
    expect(page.bodyText).toContain("Datos del paciente");
    expect(page.bodyText).toContain("Fecha de nacimiento");
    expect(page.text("[data-testid=patient-status]")).toBe("Activo");
  });
});

describe("changes without JavaScript", () => {
  it("the profile edit: an error shows a summary and saves nothing; fixed, it saves", async () => {
    const support = await as("support");
    const id = await patientId(support, testPatient(30).email);
    const path = `/staff/patients/${id}/profile`;
    const form = await support.get(path);
    const before = form.h1;
    const refused = await support.submit(form, { button: "Save details" }, { firstName: "Renamed", dateOfBirth: "01/01/2020", heightInches: "9" });
    expect(refused.status).toBe(400);
    const summary = refused.text("[data-testid=error-summary]");
    expect(summary).toContain("2 problems");
    expect(summary).toContain("Date of birth");
    expect(refused.$$("[data-testid=error-summary] a[href^='#']").length).toBe(2);
    expect(refused.fieldError("Date of birth")).toMatch(/18/);
    expect(refused.field("First name").getAttribute("value")).toBe("Renamed");
    // Nothing was saved.
    expect((await support.get(path)).h1).toBe(before);
    const saved = await support.submit(refused, { button: "Save details" }, { firstName: "Renamed", dateOfBirth: "01/01/1985", heightInches: "66", weightCurrent: "180" });
    expect(saved.status).toBe(200);
    expect(saved.path).toBe(path);
    expect(saved.toasts("success")).toEqual(["The patient's profile has been updated."]);
    expect(saved.h1).toMatch(/^Renamed /);
    expect(saved.field("Date of birth").getAttribute("value")).toBe("01/01/1985");
  });

  it("the patient status change", async () => {
    const support = await as("supportManager");
    const id = await patientId(support, testPatient(31).email);
    const page = await support.get(`/staff/patients/${id}/profile`);
    const done = await support.submit(page, { button: "Change status" }, { statusKey: "on_pause" });
    expect(done.status).toBe(200);
    expect(done.toasts("success")).toEqual(["The patient's status has been updated."]);
    expect(done.text("[data-testid=patient-status]")).toBe("On pause");
  });

  it("assigning a provider and changing a treatment's status", async () => {
    const manager = await as("manager");
    // A generated patient with a treatment whose status can change (the demo data is deterministic).
    let page: WebPage | null = null;
    for (let id = 40; id < 80 && !page; id++) {
      const candidate = await manager.get(`/manager/patients/${id}/treatments`);
      if (candidate.status === 200 && candidate.$("[data-testid^=status-]")) page = candidate;
    }
    expect(page).not.toBeNull();
    const form = page!.$("[data-testid^=assign-]")! as HTMLFormElement;
    const treatmentId = form.getAttribute("data-testid")!.slice("assign-".length);
    const select = page!.byId(`provider-${treatmentId}`)!;
    const option = [...select.querySelectorAll("option")].find((o) => squash(o.textContent ?? "") !== "" && o.getAttribute("value") !== "" && !o.hasAttribute("selected"))!;
    const assigned = await manager.submit(page!, `[data-testid=assign-${treatmentId}]`, { providerId: option.getAttribute("value")! });
    expect(assigned.toasts("success")).toEqual(["The provider has been assigned."]);
    expect(assigned.text(`[data-testid=treatment-${treatmentId}]`)).toContain(squash(option.textContent ?? ""));
    const statusForm = assigned.$(`[data-testid=status-${treatmentId}]`);
    expect(statusForm).not.toBeNull();
    const next = statusForm!.querySelector("option")!.getAttribute("value")!;
    const changed = await manager.submit(assigned, `[data-testid=status-${treatmentId}]`, { reviewStatus: next });
    expect(changed.toasts("success")).toEqual(["The treatment's status has been updated."]);
    // A refused transition (the form offers only allowed ones; a forged post): the API's 409 message.
    const refused = await manager.post(changed.path, { intent: "treatmentStatus", treatmentId, reviewStatus: next });
    expect(refused.status).toBe(400);
    expect(refused.bodyText).toMatch(/This treatment cannot go from (Pending|Approved|Cancelled|Declined) to/);
  });
});
