/**
 * A patient's access-management tab with JavaScript (issue 13, spec §2, §6): grant a provider access with the
 * staff picker, revoke it in the confirmation dialog, and see both in the access log; in es-US too. Without
 * JavaScript: tests/web/search-access.test.ts; the dialog and the error summary are in the axe sweep
 * (tests/support/a11y-states/patient-access.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { hydrated, pick, signIn } from "./support";

async function patientId(page: Page, email: string): Promise<number> {
  const response = await page.request.get(`/resources/tasks/users?kind=patient&search=${encodeURIComponent(email)}`);
  return ((await response.json()) as { items: { id: number }[] }).items[0]!.id;
}

test("grant access with the picker, revoke it in the dialog, and read both in the access log", async ({ page }, testInfo) => {
  await signIn(page, "manager", "/manager");
  const id = await patientId(page, "patient2@demo.test");
  await page.goto(`/manager/patients/${id}/access-management`);
  await hydrated(page, testInfo);
  await pick(page, "staffId", "James Okafor", "Submit");
  await page.getByRole("button", { name: "Grant access" }).click();
  await expect(page.locator("[data-toast=success]").filter({ hasText: "Access granted." })).toHaveCount(1);
  const live = page.getByTestId("grant-live").filter({ hasText: "James Okafor" });
  await expect(live).toContainText("Granted by Olivia Bennett");
  await live.getByRole("link", { name: "Revoke access for James Okafor" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke access?" });
  await expect(dialog).toContainText("James Okafor will no longer see this patient");
  await dialog.getByRole("button", { name: "Revoke access" }).click();
  await expect(page.locator("[data-toast=success]").filter({ hasText: "Access revoked." })).toHaveCount(1);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("grant-revoked").filter({ hasText: "James Okafor" }).first()).toContainText("Revoked by Olivia Bennett");
  const log = page.getByTestId("access-log");
  await expect(log.locator("tr[data-action='patient.access.revoke']").first()).toContainText("Olivia Bennett");
  await expect(log.locator("tr[data-action='patient.access.grant']").first()).toContainText("Granted access");
});

test.describe("es-US", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });

  test("the tab in Spanish, and Cancel closes the revoke dialog", async ({ page }, testInfo) => {
    await signIn(page, "nurseManager", "/staff");
    const id = await patientId(page, "patient@demo.test");
    await page.goto(`/staff/patients/${id}/access-management`);
    await hydrated(page, testInfo);
    await expect(page.getByRole("heading", { name: "Personal con acceso" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Registro de accesos" })).toBeVisible();
    const sofia = page.getByTestId("grant-live").filter({ hasText: "Sofia Alvarez" });
    await sofia.getByRole("link", { name: "Revocar el acceso de Sofia Alvarez" }).click();
    const dialog = page.getByRole("dialog", { name: "¿Revocar el acceso?" });
    await expect(dialog).toBeVisible();
    await dialog.getByText("Cancelar", { exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(sofia).toHaveCount(1);
  });
});
