/**
 * Check-ins in the browser with JavaScript (issue 14/15): the manager requests a check-in from test patient 35 on the
 * record's intakes tab, the patient answers it in Spanish (es-US), the manager approves it. The no-JavaScript
 * workflows (errors with their summary, a refused second answer, decline with a note, the queue) run over HTTP in
 * tests/web/check-ins.test.ts; the pages and the declared states are in the axe sweep.
 */
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signIn, signInWith, testPatient } from "./support";

const SLOT = 35;

async function patientId(page: Page, email: string): Promise<number> {
  const response = await page.request.get(`/resources/tasks/users?kind=patient&search=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  const found = ((await response.json()) as { items: { id: number; email: string | null }[] }).items.find((p) => p.email === email);
  expect(found, email).toBeTruthy();
  return found!.id;
}

test("the manager requests a check-in, the patient answers it in Spanish, the manager approves it", async ({ page, browser }, testInfo) => {
  await signIn(page, "manager", null);
  const id = await patientId(page, testPatient(SLOT).email);
  await page.goto(`/manager/patients/${id}/intakes`);
  await hydrated(page, testInfo);
  await page.getByLabel(/^Due date/).fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Request check-in" }).click();
  await expect(page.getByText("The check-in has been requested from the patient.")).toBeVisible();
  const row = page.getByTestId("check-in-row").first();
  await expect(row.getByTestId("check-in-status")).toHaveText("To answer");
  const checkInId = await row.getAttribute("data-check-in-id");

  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });
  const patient = await context.newPage();
  await signInWith(patient, testPatient(SLOT), `/patient/check-ins/${checkInId}`);
  await hydrated(patient, testInfo);
  await expect(patient.getByRole("heading", { level: 1 })).toHaveText("Control");
  await patient.getByLabel(/^Su peso actual \(lb\)/).fill("199.5");
  await patient.getByLabel("Náuseas", { exact: true }).check();
  await patient.getByLabel("Satisfecho", { exact: true }).check();
  await patient.getByRole("group", { name: /medicamento nuevo/ }).getByLabel("No", { exact: true }).check();
  await patient.getByRole("button", { name: "Enviar mi control" }).click();
  await expect(patient.getByText("Gracias: su control se envió a su equipo de atención.")).toBeVisible();
  await expect(patient.getByTestId("check-in-status")).toHaveText("En espera de revisión");
  await expect(patient.getByTestId("check-in-answers")).toContainText("199.5 lb");
  await context.close();

  await page.reload();
  await hydrated(page, testInfo);
  const answered = page.locator(`#check-in-${checkInId}`);
  await expect(answered.getByTestId("check-in-status")).toHaveText("Waiting for review");
  await expect(answered.getByTestId("check-in-answers")).toContainText("Nausea");
  const form = answered.getByTestId("check-in-review-form");
  await form.getByLabel("Approve", { exact: true }).check();
  await form.getByRole("button", { name: "Save review" }).click();
  await expect(page.getByText("The check-in has been approved.")).toBeVisible();
  await expect(answered.getByTestId("check-in-status")).toHaveText("Approved");
  await expect(answered.getByTestId("check-in-review-form")).toHaveCount(0);
});
