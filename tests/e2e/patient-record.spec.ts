/**
 * The patient record (issue 13, H2) in the browser with JavaScript: the tabs as client-side navigations, the profile
 * edit (the error summary takes the focus; fixed, it saves), the patient status change, assigning a provider and a
 * treatment status, and one tab in es-US. The same workflows without JavaScript run over HTTP in
 * tests/web/patient-record.test.ts; every tab is in the axe sweep (tests/support/routes.ts, patient 1).
 */
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signIn, testPatient } from "./support";

/** A patient's user id through the web's own picker resource (search by email). */
async function patientId(page: Page, email: string): Promise<number> {
  const response = await page.request.get(`/resources/tasks/users?kind=patient&search=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  const found = ((await response.json()) as { items: { id: number; email: string | null }[] }).items.find((p) => p.email === email);
  expect(found, email).toBeTruthy();
  return found!.id;
}

/** A few tabs in turn (every tab's content is checked over HTTP in tests/web/patient-record.test.ts). */
const TABS: [label: string, path: string, heading: string][] = [
  ["Visits", "/visits", "Visits"],
  ["Treatments", "/treatments", "Treatments"],
  ["Progress", "/progress", "Progress"],
  ["Overview", "", "Overview"],
];

test.describe("patient record", () => {
  test("the tabs open in turn, the open one marked current", async ({ page }, testInfo) => {
    await signIn(page, "manager", "/manager/patients/1");
    await hydrated(page, testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emma Carter");
    const tabs = page.getByRole("navigation", { name: /patient/i });
    for (const [label, path, heading] of TABS) {
      await tabs.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(`/manager/patients/1${path}`);
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
      await expect(tabs.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    }
    await expect(page.getByRole("img", { name: "Insurance card (front)" })).toBeVisible();
  });

  test("the profile edit: the error summary takes the focus and nothing is saved; fixed, it saves", async ({ page }, testInfo) => {
    await signIn(page, "support", "/staff");
    const id = await patientId(page, testPatient(32).email);
    await page.goto(`/staff/patients/${id}/profile`);
    await hydrated(page, testInfo);
    const name = await page.getByRole("heading", { level: 1 }).textContent();
    await page.getByLabel(/^First name/).fill("Marisol");
    await page.getByLabel(/^Date of birth/).fill("01/01/2020");
    await page.getByRole("button", { name: "Save details" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Date of birth");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name!);
    await page.getByLabel(/^Date of birth/).fill("02/03/1984");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("The patient's profile has been updated.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Marisol /);
  });

  test("the patient status change", async ({ page }, testInfo) => {
    await signIn(page, "nurseManager", "/staff");
    const id = await patientId(page, testPatient(33).email);
    await page.goto(`/staff/patients/${id}/profile`);
    await hydrated(page, testInfo);
    await page.getByLabel("Status", { exact: true }).selectOption("unresponsive");
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(page.getByText("The patient's status has been updated.")).toBeVisible();
    await expect(page.getByTestId("patient-status")).toHaveText("Unresponsive");
  });

  test("assigning a provider and changing a treatment's status", async ({ page }, testInfo) => {
    await signIn(page, "manager", "/manager/patients/1/treatments");
    // A generated patient with a treatment whose status can change.
    let found = false;
    for (let id = 90; id < 130 && !found; id++) {
      await page.goto(`/manager/patients/${id}/treatments`);
      found = (await page.locator("[data-testid^=status-]").count()) > 0;
    }
    expect(found).toBe(true);
    await hydrated(page, testInfo);
    const form = page.locator("[data-testid^=assign-]").first();
    const treatmentId = (await form.getAttribute("data-testid"))!.slice("assign-".length);
    const card = page.getByTestId(`treatment-${treatmentId}`);
    await card.getByLabel("Assigned provider").selectOption({ label: "Emily Novak" });
    await card.getByRole("button", { name: "Assign provider" }).click();
    await expect(page.getByText("The provider has been assigned.")).toBeVisible();
    await expect(page.getByTestId(`treatment-${treatmentId}`)).toContainText("Emily Novak");
    await page.getByTestId(`treatment-${treatmentId}`).getByRole("button", { name: "Update status" }).click();
    await expect(page.getByText("The treatment's status has been updated.")).toBeVisible();
  });
});

test.describe("es-US (the browser's language)", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });

  test("the progress tab in Spanish", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff/patients/1/progress");
    await hydrated(page, testInfo);
    await expect(page.getByRole("heading", { level: 2, name: "Progreso" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Historial de peso" })).toBeVisible();
    await expect(page.getByTestId("patient-status")).toHaveText("Activo");
  });
});
