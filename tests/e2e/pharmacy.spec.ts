/**
 * The pharmacy in the browser with JavaScript (issue 16 part A): test patient 64 adds a card on the order page, orders
 * a weight-loss plan with an add-on of the same period, reads it as Packing; support marks it shipped on the shipment
 * queue; the patient reads Shipped with the tracking link (en-US). Test patient 65, in Spanish, pays with a card that
 * is declined: the §8 notice, nothing ordered, the cart kept. The no-JavaScript walk is tests/web/pharmacy.test.ts;
 * the pages and declared states are in the axe sweep.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { hydrated, signIn, signInWith, testPatient } from "./support";

const YEAR = String(new Date().getUTCFullYear() + 3);

async function addCard(page: Page, number: string, labels: { number: RegExp; month: RegExp; year: RegExp; cvc: RegExp; name: RegExp; add: string }) {
  await page.getByLabel(labels.number).fill(number);
  await page.getByLabel(labels.month).fill("12");
  await page.getByLabel(labels.year).fill(YEAR);
  await page.getByLabel(labels.cvc).fill("123");
  await page.getByLabel(labels.name).fill("Test Shopper");
  await page.getByRole("button", { name: labels.add }).click();
}

/** Chooses the add-on's option of a period (its text names the period). */
async function chooseAddon(select: Locator, period: string) {
  const value = await select.locator("option", { hasText: period }).getAttribute("value");
  await select.selectOption(value!);
}

async function openProduct(page: Page, testInfo: TestInfo) {
  await page.goto("/patient/pharmacy");
  await hydrated(page, testInfo);
  await page.getByRole("link", { name: /^(Weight loss|Pérdida de peso)$/ }).click();
  await page.getByRole("link", { name: "Compounded Semaglutide" }).click();
  await expect(page.getByTestId("product-name")).toHaveText("Compounded Semaglutide");
}

test("order a plan with an add-on, shipped by support, tracked by the patient", async ({ page, browser }, testInfo) => {
  await signInWith(page, testPatient(64), "/patient");
  await openProduct(page, testInfo);
  await expect(page.getByTestId("no-card")).toBeVisible();
  await addCard(page, "4242 4242 4242 4242", { number: /^Card number/, month: /^Expiry month/, year: /^Expiry year/, cvc: /^Security code/, name: /^Name on card/, add: "Add card" });
  await expect(page.getByText("Your card has been added.")).toBeVisible();
  await expect(page.getByTestId("no-card")).toHaveCount(0);

  const form = page.getByTestId("order-form");
  await form.getByLabel(/^Starter, 3-month plan/).check();
  await chooseAddon(form.getByLabel(/^Vitamin B12 injection/), "3 months");
  await form.getByRole("button", { name: "Update total" }).click();
  await expect(page.getByTestId("order-summary")).toContainText("Vitamin B12 injection");
  await form.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/patient\/orders$/);
  const toast = page.getByText(/^Thank you: your order TH-\d{7} has been placed\.$/);
  await expect(toast).toBeVisible();
  const orderNumber = /TH-\d{7}/.exec((await toast.textContent()) ?? "")![0];
  const row = page.locator(`[data-testid=patient-orders] tr[data-order-number="${orderNumber}"]`);
  await expect(row).toContainText("Packing");
  await expect(row).toContainText("Vitamin B12 injection");

  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, "support", "/staff/shipments?status=1");
  await hydrated(staff, testInfo);
  const shipment = staff.locator(`[data-testid=shipment-row][data-order-number="${orderNumber}"]`);
  await shipment.getByLabel(`Status of order ${orderNumber}`).selectOption("5");
  await shipment.getByLabel(`Fulfiller of order ${orderNumber}`).fill("UPS");
  await shipment.getByLabel(`Tracking number of order ${orderNumber}`).fill("1ZE2E0000000037");
  await shipment.getByRole("button", { name: `Save order ${orderNumber}` }).click();
  await expect(staff.getByText("The order has been updated.")).toBeVisible();
  await context.close();

  await page.reload();
  await hydrated(page, testInfo);
  await expect(row).toContainText("Shipped");
  await expect(row).toContainText("UPS");
  await expect(row.getByRole("link", { name: /1ZE2E0000000037/ })).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1ZE2E0000000037");
});

test("a declined card in Spanish: the notice, nothing ordered, the cart kept", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });
  const page = await context.newPage();
  await signInWith(page, testPatient(65), "/patient");
  await openProduct(page, testInfo);
  await addCard(page, "4000 0000 0000 0341", { number: /^Número de tarjeta/, month: /^Mes de vencimiento/, year: /^Año de vencimiento/, cvc: /^Código de seguridad/, name: /^Nombre en la tarjeta/, add: "Añadir tarjeta" });
  await expect(page.getByTestId("no-card")).toHaveCount(0);
  const form = page.getByTestId("order-form");
  await form.getByLabel(/^Starter, 6-month plan/).check();
  await chooseAddon(form.getByLabel(/^Ondansetron/), "6 meses");
  await form.getByLabel(/^Código de cupón/).fill("SAVE20");
  await form.getByRole("button", { name: "Realizar pedido" }).click();
  const declined = page.getByTestId("order-declined");
  await expect(declined).toContainText("Tarjeta rechazada");
  await expect(declined).toContainText("Sus elecciones se conservan");
  await expect(form.getByLabel(/^Starter, 6-month plan/)).toBeChecked();
  await expect(form.getByLabel(/^Código de cupón/)).toHaveValue("SAVE20");
  await expect(form.getByLabel(/^Ondansetron/)).not.toHaveValue("");
  await page.goto("/patient/orders");
  await expect(page.getByText("Todavía no tiene pedidos.")).toBeVisible();
  await context.close();
});
