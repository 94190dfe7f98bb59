/**
 * Subscriptions in the browser with JavaScript (issue 16 part B), each on its own seeded test patient
 * (api/db/seed/subscriptions.ts): change plan and cancel the change, pause and resume (the resume job charges the
 * card and the plan is Active a moment later) in en-US; the cancellation flow in es-US (reason, the one-time offer
 * declined, then the flow walked again and the offer accepted); a declined card (resume on the declining card →
 * Card Decline → a new card → retried at once → Active). The no-JavaScript workflows run over HTTP in
 * tests/web/subscriptions.test.ts; the page and its declared states are in the axe sweep.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { hydrated, signInWith, testPatient } from "./support";

async function open(page: Page, slot: number, testInfo: TestInfo) {
  await signInWith(page, testPatient(slot), "/patient/subscriptions");
  await hydrated(page, testInfo);
}

/** Reloads until the subscription's label reads `label` (a job finishes the change shortly after the answer). */
async function labelBecomes(page: Page, testInfo: TestInfo, label: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("subscription-label")).toHaveText(label, { timeout: 500 });
  }).toPass({ timeout: 15_000, intervals: [300, 500, 1000] });
  await hydrated(page, testInfo);
}

test("change plan, then cancel the scheduled change; pause, then resume (Active shortly after)", async ({ page }, testInfo) => {
  await open(page, 57, testInfo);
  await expect(page.getByTestId("subscription-label")).toHaveText("Active");
  await expect(page.getByTestId("addon-warning")).toHaveText("Updating the main plan product may remove all add-ons.");
  await page.getByRole("button", { name: "Schedule plan change" }).click();
  await expect(page.getByTestId("error-summary")).toBeFocused();
  await page.getByLabel(/^Compounded Semaglutide · Starter, 3-month plan/).check();
  await page.getByRole("button", { name: "Schedule plan change" }).click();
  await expect(page.getByText("Your plan change is scheduled for your next renewal.")).toBeVisible();
  await expect(page.getByTestId("scheduled-change")).toContainText("(downgrade)");
  await page.getByRole("button", { name: "Cancel the scheduled change" }).click();
  await expect(page.getByText("Your scheduled plan change has been cancelled.")).toBeVisible();
  await expect(page.getByTestId("scheduled-change")).toHaveCount(0);

  await page.getByRole("button", { name: "Pause subscription" }).click();
  await expect(page.getByTestId("subscription-label")).toHaveText("Paused");
  await page.getByRole("button", { name: "Resume subscription" }).click();
  await expect(page.getByText("Your subscription will resume in a few minutes, once your card has been charged.").first()).toBeVisible();
  await labelBecomes(page, testInfo, "Active");
});

test("in Spanish: cancel with a reason, decline the one-time offer, keep the plan; then accept the offer", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });
  const page = await context.newPage();
  await open(page, 58, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suscripciones");
  await page.getByRole("link", { name: "Cancelar la suscripción" }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByTestId("error-summary")).toBeFocused();
  await page.getByLabel("Es demasiado caro").check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByTestId("retention-offer")).toContainText("Compounded Semaglutide");
  await page.getByRole("button", { name: "No, gracias, continuar con la cancelación" }).click();
  await expect(page.getByTestId("cancel-confirm-text")).toContainText("Conserva el acceso hasta entonces.");
  // Not confirmed: the plan is kept, and the offer is still there the next time.
  await page.getByRole("link", { name: "Conservar mi suscripción" }).click();
  await expect(page.getByTestId("cancel-flow")).toHaveCount(0);
  await page.getByRole("link", { name: "Cancelar la suscripción" }).click();
  await page.getByLabel("Efectos secundarios").check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("button", { name: "Cambiar al plan de mantenimiento" }).click();
  await expect(page.getByText("Se cambiará al plan de mantenimiento en su próxima renovación.")).toBeVisible();
  await expect(page.getByTestId("scheduled-change")).toContainText("Plan de mantenimiento");
  await expect(page.getByTestId("subscription-label")).toHaveText("Activa");
  await context.close();
});

test("a declined card: resume on it → Card Decline; a new card → retried at once → Active", async ({ page }, testInfo) => {
  await open(page, 59, testInfo);
  await page.getByRole("button", { name: "Pause subscription" }).click();
  await expect(page.getByTestId("subscription-label")).toHaveText("Paused");
  await page.getByRole("button", { name: "Resume subscription" }).click();
  // The resume job charges the declining card a moment later.
  await labelBecomes(page, testInfo, "Card Decline");
  await expect(page.getByTestId("card-decline")).toContainText("Please contact your bank to approve the charge");
  await page.getByRole("link", { name: "Update your card" }).click();
  await hydrated(page, testInfo);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry month").fill("09");
  await page.getByLabel("Expiry year").fill(String(new Date().getUTCFullYear() + 2));
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Test Patient");
  const primary = page.getByLabel("Make this my primary card");
  if (!(await primary.isChecked())) await primary.check();
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByText("Your card has been added.")).toBeVisible();
  await page.goto("/patient/subscriptions");
  await labelBecomes(page, testInfo, "Active");
  await expect(page.getByTestId("card-decline")).toHaveCount(0);
});
