/**
 * The patients list pages (issue 13, spec §2, §4) in the browser with JavaScript: tabs, filters, search, sorting,
 * cursor paging and opening a patient from /manager/patients; the provider workload's bulk reassignment with its
 * confirmation; Spanish. The same workflows without JavaScript run over HTTP in tests/web/patient-list.test.ts;
 * the pages and the confirmation are in the axe sweep (tests/support/routes.ts, a11y-states/patient-list.ts).
 */
import { expect, test } from "@playwright/test";
import { hydrated, signIn } from "./support";

const rows = "tr[data-treatment-id]";

test("the ten tabs are links with counts; a tab shows its rows", async ({ page }, testInfo) => {
  await signIn(page, "manager", "/manager/patients");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Patient list tabs" });
  await expect(tabs.getByRole("link")).toHaveCount(10);
  await tabs.getByRole("link", { name: /^Review ready/ }).click();
  await expect(page).toHaveURL(/\/manager\/patients\?tab=review_ready$/);
  await expect(tabs.getByRole("link", { name: /^Review ready/ })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(`${rows} [data-status]`).first()).toHaveAttribute("data-status", /^ready_to_review_(new_patient|refill)$/);
});

test("the filter form narrows the list and Clear filters keeps the tab", async ({ page }, testInfo) => {
  await signIn(page, "manager", "/manager/patients?tab=review_ready");
  await hydrated(page, testInfo);
  await page.getByLabel("Journey").selectOption("1");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/journey=1/);
  await expect(page.locator(rows).first()).toContainText("Weight loss");
  for (const text of await page.locator(rows).allInnerTexts()) expect(text).toContain("Weight loss");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/manager\/patients\?tab=review_ready$/);
});

test("search finds a patient and the row opens their record", async ({ page }, testInfo) => {
  await signIn(page, "manager", "/manager/patients");
  await hydrated(page, testInfo);
  await page.locator("#patients-search").fill("Emma Carter");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/search=Emma\+Carter/);
  await expect(page.locator(rows).first()).toContainText("Emma Carter");
  for (const text of await page.locator(rows).allInnerTexts()) expect(text).toContain("Emma Carter");
  const patientLink = page.locator(`${rows} a[data-patient-id]`).first();
  const patientId = await patientLink.getAttribute("data-patient-id");
  await patientLink.click();
  await expect(page).toHaveURL(new RegExp(`/manager/patients/${patientId}$`));
});

test("sortable headers and cursor paging", async ({ page }, testInfo) => {
  await signIn(page, "manager", "/manager/patients?tab=active");
  await hydrated(page, testInfo);
  await page.locator("a[data-sort=name]").click();
  await expect(page).toHaveURL(/sort=name_asc/);
  await expect(page.locator("th[aria-sort=ascending]")).toContainText("Patient");
  const first = await page.locator(`${rows} a[data-patient-id]`).allInnerTexts();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByText("Page 2")).toBeVisible();
  const second = await page.locator(`${rows} a[data-patient-id]`).allInnerTexts();
  expect(second.length).toBeGreaterThan(0);
  expect(second[0]! >= first[first.length - 1]!).toBe(true);
  await expect(page.getByRole("link", { name: "First page" })).toHaveAttribute("href", "/manager/patients?tab=active&sort=name_asc");
});

test("the workload reassigns selected reviews after a confirmation", async ({ page }, testInfo) => {
  await signIn(page, "nurseManager", "/staff/workload");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "Provider workload" })).toBeVisible();
  // The provider with the most open reviews, then the next one as the new provider.
  const from = page.locator("tr[data-provider-id] a").first();
  const fromName = (await from.innerText()).trim();
  await from.click();
  await expect(page.getByRole("heading", { level: 2, name: `Open reviews of ${fromName}` })).toBeVisible();
  const picked = await page.locator(rows).evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.getAttribute("data-treatment-id")!));
  for (const id of picked) await page.locator(`tr[data-treatment-id="${id}"] input[type=checkbox]`).check();
  const select = page.getByLabel("Reassign to");
  const toValue = await select.locator("option").nth(1).getAttribute("value");
  const toName = (await select.locator("option").nth(1).innerText()).trim();
  await select.selectOption(toValue!);
  await page.getByRole("button", { name: "Reassign selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Reassign reviews?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`2 reviews will move to ${toName}.`);
  await dialog.getByRole("button", { name: "Yes, reassign" }).click();
  await expect(page.getByText("Provider assigned to 2 treatments.")).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const id of picked) await expect(page.locator(`tr[data-treatment-id="${id}"]`)).toHaveCount(0);
});

test.describe("es-US", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });

  test("the list's tabs, filters and badges in Spanish", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff/patients?tab=review_ready");
    await hydrated(page, testInfo);
    await expect(page.getByRole("heading", { level: 1, name: "Pacientes" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Pestañas de la lista de pacientes" });
    await expect(tabs.getByRole("link", { name: /^Listos para revisión/ })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: /^En espera de cobertura/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Aplicar" })).toBeVisible();
    await expect(page.locator(`${rows}`).first()).toContainText(/Listo para revisión \((paciente nuevo|resurtido)\)/);
    await expect(page.locator(`${rows}`).first()).toContainText("Pendiente");
  });
});
