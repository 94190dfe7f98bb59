/**
 * A provider's schedule, availability, license and payout in the browser (issue 19 part B), with JavaScript on
 * ("js") and off ("nojs"), in en-US and es-US: the header's availability switch, the weekly schedule (an overlap
 * refused first), a day off set from the calendar, a license added (flagged as expiring soon), and a payout
 * requested — a success with a new invoice while anything is payable, 'Payout request error' once nothing is.
 * Each project and language signs in as its own provider user. The no-JavaScript HTTP walks with every refusal:
 * tests/web/staff-operations.test.ts; the pages and their error states are in the axe sweep.
 */
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { PASSWORD, choose, hydrated, isNoJs, signInWith } from "./support";

const PROVIDERS = {
  js: { "en-US": "provider@demo.test", "es-US": "sofia.alvarez@staff.demo.test" },
  nojs: { "en-US": "emily.novak@staff.demo.test", "es-US": "provider@demo.test" },
} as const;

const TEXT = {
  "en-US": {
    unavailable: "Not available",
    availabilitySaved: "Your availability has been updated.",
    mondayFrom2: "Monday range 2 from",
    mondayTo2: "Monday range 2 to",
    overlap: "This time range overlaps another range of the same day",
    saveWeekly: "Save weekly schedule",
    weeklySaved: "Your weekly schedule has been saved.",
    dayOff: "Day off",
    saveDays: "Save selected days",
    state: /^State/,
    type: "Type",
    number: /^License ID/,
    expires: /^Expiry date/,
    addLicense: "Add license",
    licenseAdded: "The license has been added.",
    expiresSoon: "Expires in 20 days",
    request: "Request payout",
    requested: "Your payout has been requested.",
    requestError: "Payout request error",
    nurseType: "RN (registered nurse)",
    stateName: "Maine (ME)",
  },
  "es-US": {
    unavailable: "No disponible",
    availabilitySaved: "Tu disponibilidad se ha actualizado.",
    mondayFrom2: "lunes franja 2 desde",
    mondayTo2: "lunes franja 2 hasta",
    overlap: "Esta franja se superpone con otra franja del mismo día",
    saveWeekly: "Guardar horario semanal",
    weeklySaved: "Tu horario semanal se ha guardado.",
    dayOff: "Día libre",
    saveDays: "Guardar días seleccionados",
    state: /^Estado/,
    type: "Tipo",
    number: /^Número de licencia/,
    expires: /^Fecha de vencimiento/,
    addLicense: "Agregar licencia",
    licenseAdded: "La licencia se ha agregado.",
    expiresSoon: "Vence en 20 días",
    request: "Solicitar pago",
    requested: "Se ha solicitado tu pago.",
    requestError: "Error al solicitar el pago",
    nurseType: "RN (enfermero titulado)",
    stateName: "Maine (ME)",
  },
} as const;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function schedule(page: Page, testInfo: TestInfo, lang: "en-US" | "es-US") {
  // Five forms posted and three pages loaded: about 12 s, up to 20 s on a busy machine.
  testInfo.setTimeout(60_000);
  const project = isNoJs(testInfo) ? "nojs" : "js";
  const text = TEXT[lang];
  await signInWith(page, { email: PROVIDERS[project][lang], password: PASSWORD }, "/staff/profile#schedule");
  await hydrated(page, testInfo);

  // The header's availability switch (the profile menu is a <details>).
  await page.getByTestId("profile-menu").locator("summary").click();
  await page.getByTestId("availability-switch").getByRole("button", { name: text.unavailable }).click();
  await expect(page.getByText(text.availabilitySaved).first()).toBeVisible();
  // The menu closes after the post; the switch (hidden with it) says the new value.
  await expect(page.locator("[data-testid=availability-switch] button[value=unavailable]")).toHaveAttribute("aria-pressed", "true");

  // The weekly schedule: an overlap refused beside the field, then saved.
  const weekly = page.getByTestId("weekly-form");
  await weekly.getByLabel(text.mondayFrom2, { exact: true }).fill("11:00");
  await weekly.getByLabel(text.mondayTo2, { exact: true }).fill("13:00");
  await weekly.getByLabel(text.mondayFrom2.replace("2", "1"), { exact: true }).fill("09:00");
  await weekly.getByLabel(text.mondayTo2.replace("2", "1"), { exact: true }).fill("12:00");
  await weekly.getByRole("button", { name: text.saveWeekly }).click();
  await expect(page.getByTestId("weekly-form").getByTestId("error-summary")).toContainText(text.overlap);
  await page.getByTestId("weekly-form").getByLabel(text.mondayFrom2, { exact: true }).fill("13:00");
  await page.getByTestId("weekly-form").getByLabel(text.mondayTo2, { exact: true }).fill("17:00");
  await page.getByTestId("weekly-form").getByRole("button", { name: text.saveWeekly }).click();
  await expect(page.getByText(text.weeklySaved).first()).toBeVisible();

  // A day off from the calendar (next month's first Monday).
  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const month = next.toISOString().slice(0, 7);
  await page.goto(`/staff/profile?month=${month}#schedule`);
  await hydrated(page, testInfo);
  const days = page.getByTestId("days-form");
  const firstMonday = (await days.locator(`[data-testid=calendar-day][data-date^="${month}"]`).evaluateAll((cells) => cells.map((c) => c.getAttribute("data-date")!))).find(
    (d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1,
  )!;
  expect(firstMonday).toBeTruthy();
  await days.locator(`input[name=dates][value="${firstMonday}"]`).check();
  await days.getByLabel(text.dayOff, { exact: true }).check();
  await days.getByRole("button", { name: text.saveDays }).click();
  await expect(page.locator(`[data-testid=calendar-day][data-date="${firstMonday}"]`)).toHaveAttribute("data-source", "day");

}

async function licenseAndPayout(page: Page, testInfo: TestInfo, lang: "en-US" | "es-US") {
  const project = isNoJs(testInfo) ? "nojs" : "js";
  const text = TEXT[lang];
  // A license, flagged: it expires within 30 days.
  await signInWith(page, { email: PROVIDERS[project][lang], password: PASSWORD }, "/staff/profile#licenses");
  await hydrated(page, testInfo);
  const add = page.getByTestId("license-add-form");
  if (isNoJs(testInfo)) await add.getByLabel(text.state).selectOption("ME");
  else await choose(add, text.state, text.stateName);
  await add.getByLabel(text.type).selectOption({ label: text.nurseType });
  await add.getByLabel(text.number).fill(`ME-RN-${project}-${lang}`);
  await add.getByLabel(text.expires).fill(inDays(20));
  await add.getByRole("button", { name: text.addLicense }).click();
  await expect(page.getByText(text.licenseAdded).first()).toBeVisible();
  const row = page.locator("[data-testid=license-row][data-state=ME]").filter({ hasText: `ME-RN-${project}-${lang}` });
  await expect(row.getByTestId("license-status")).toHaveText(text.expiresSoon);

  // A payout: while anything is payable a new invoice; once nothing is, 'Payout request error'.
  await page.goto("/provider/payouts");
  await hydrated(page, testInfo);
  const rowsBefore = await page.getByTestId("payout-row").count();
  const payable = (await page.getByTestId("payable-amount").textContent())!.trim();
  await page.getByRole("button", { name: text.request }).click();
  if (payable !== "$0.00") {
    await expect(page.getByText(text.requested).first()).toBeVisible();
    await expect(page.getByTestId("payout-row")).toHaveCount(rowsBefore + 1);
    await expect(page.getByTestId("payable-amount")).toHaveText("$0.00");
    await page.getByRole("button", { name: text.request }).click();
  }
  await expect(page.getByTestId("payout-error")).toHaveText(text.requestError);
}

async function inSpanish(browser: Browser, testInfo: TestInfo, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" }, javaScriptEnabled: !isNoJs(testInfo) });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test("a provider sets availability from the header and a schedule (en-US)", async ({ page }, testInfo) => {
  await schedule(page, testInfo, "en-US");
});

test("a provider adds a license and requests a payout (en-US)", async ({ page }, testInfo) => {
  await licenseAndPayout(page, testInfo, "en-US");
});

test("a provider sets availability from the header and a schedule (es-US)", async ({ browser }, testInfo) => {
  await inSpanish(browser, testInfo, (page) => schedule(page, testInfo, "es-US"));
});

test("a provider adds a license and requests a payout (es-US)", async ({ browser }, testInfo) => {
  await inSpanish(browser, testInfo, (page) => licenseAndPayout(page, testInfo, "es-US"));
});
