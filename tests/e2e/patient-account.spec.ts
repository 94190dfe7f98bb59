/**
 * Patient account pages (issue 7; spec §2 account pages and menu, §3 profile / address / save-address, §4
 * billing portal and invoice statuses, §5 validation, §7 calls, §8 card declined and 'Cannot download invoice',
 * §9 currency and the 400x400 picture), in the browser, in en-US and es-US. Every page and its error and
 * confirmation states are checked by the axe sweep (tests/support/a11y-states/patient-account.ts).
 *
 * Without JavaScript only the picture upload runs here (a file input: what plain HTTP cannot show); every other
 * workflow without JavaScript is an HTTP test of tests/web/patient-account.test.ts. The tests that run in both
 * projects carry the tag @nojs-browser.
 *
 * Who is changed, so that nothing meets another test:
 *  - profile and addresses: a test patient of this file's own (SEED_TEST_ACCOUNTS);
 *  - cards and billing (the demo patients have the invoices): the first demo patient.
 * The two projects run side by side against one server; within a project the tests of this file run in order.
 */
import { deflateSync, crc32 } from "node:zlib";
import { readFile } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { PASSWORD, hydrated, isNoJs, testPatient } from "./support";

// In order within a project: the tests of a project share its patients (cards, addresses).
test.describe.configure({ mode: "default" });

// Playwright's fixtures argument comes first; this hook needs none of them.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => {
  test.skip(isNoJs(testInfo) && !testInfo.tags.includes("@nojs-browser"), "without JavaScript this workflow is an HTTP test (tests/web/patient-account.test.ts)");
});

/** Cards and invoices are the first demo patient's (the tests that change them run with JavaScript only). */
const CARD_PATIENT = "patient@demo.test";

type Account = { email: string; password: string };

/** Signs in (the sign-in form is tested elsewhere): this project's demo patient by default; then opens `path`. */
async function signInPatient(page: Page, testInfo: TestInfo, path: string, account?: Account) {
  const response = await page.request.post("/login", {
    form: { intent: "password", email: account?.email ?? CARD_PATIENT, password: account?.password ?? PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await page.goto(path);
  await hydrated(page, testInfo);
}

/**
 * A patient account of this file's own for profile and address changes (other specs look the demo patients up by
 * name, so their names stay as they are): test patient 20 in the "js" project, 21 in "nojs" (tests/support/accounts.ts).
 */
const ownPatient = (testInfo: TestInfo): Account => testPatient(isNoJs(testInfo) ? 21 : 20);

const toast = (page: Page, type: "success" | "error", text: string | RegExp) => page.locator(`[data-toast=${type}]`).filter({ hasText: text });

/** Picks an option of the design system's Select (the enhanced combobox). */
async function choose(page: Page, scope: ReturnType<Page["locator"]>, label: string, option: string) {
  // The accessible name ends with " (required)".
  const combobox = scope.getByRole("combobox", { name: label });
  // Type to filter (cleared first: typing the value already shown would not open the list).
  await combobox.fill("");
  await combobox.fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(combobox).toHaveValue(option);
}

/** A small, valid PNG (solid colour), made here so the test needs no binary fixture. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x4a)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
};

/* ------------------------------------------------------------------------------------------------------------ */

test.describe("profile", () => {
  test("edit names, phone, date of birth and time zone", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/profile", ownPatient(testInfo));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
    const details = page.getByRole("region", { name: "Personal details" });
    const suffix = "Js";
    await details.getByLabel("First name").fill(`Anne-Marie ${suffix}`);
    await details.getByLabel("Middle name").fill("O'Neil");
    await details.getByLabel("Last name").fill(`García ${suffix}`);
    await details.getByLabel("Phone").fill("415.555.0199");
    await details.getByLabel("Date of birth").fill("04/17/1988");
    await choose(page, details, "Time zone", "Mountain Time (Denver) (UTC" + (isDst("America/Denver") ? "−06:00)" : "−07:00)"));
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(toast(page, "success", "Your profile has been updated.")).toBeVisible();

    await page.reload();
    await expect(details.getByLabel("First name")).toHaveValue(`Anne-Marie ${suffix}`);
    await expect(details.getByLabel("Middle name")).toHaveValue("O'Neil");
    await expect(details.getByLabel("Last name")).toHaveValue(`García ${suffix}`);
    // Shown as (area) prefix-line (spec §5).
    await expect(details.getByLabel("Phone")).toHaveValue("(415) 555-0199");
    await expect(details.getByLabel("Date of birth")).toHaveValue("04/17/1988");
    await expect(details.getByRole("combobox", { name: "Time zone" })).toHaveValue(/Mountain Time \(Denver\)/);
  });

  test("each validation message, with the input kept", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/profile", ownPatient(testInfo));
    const details = page.getByRole("region", { name: "Personal details" });
    await details.getByLabel("First name").fill("Ann3");
    await details.getByLabel("Last name").fill("   ");
    await details.getByLabel("Phone").fill("555-12");
    await details.getByLabel("Date of birth").fill("02/30/1990");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByText("Only letters, spaces, dashes and apostrophes are allowed")).toBeVisible();
    await expect(details.getByText("Value is required")).toBeVisible();
    await expect(details.getByText("Enter a phone number in the format (555) 123-4567")).toBeVisible();
    await expect(details.getByText("Enter a valid date of birth")).toBeVisible();
    // Nothing typed is lost.
    await expect(details.getByLabel("First name")).toHaveValue("Ann3");
    await expect(details.getByLabel("Phone")).toHaveValue("555-12");
    await expect(details.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

    for (const [value, message] of [
      [yearsAgo(-1), "Date of birth cannot be in the future"],
      [yearsAgo(121), "Date of birth cannot be more than 120 years ago"],
      [yearsAgo(18, 1), "You must be 18 or older"],
    ] as const) {
      await details.getByLabel("First name").fill("Ann");
      await details.getByLabel("Last name").fill("Lee");
      await details.getByLabel("Phone").fill("");
      await details.getByLabel("Date of birth").fill(value);
      await details.getByRole("button", { name: "Save details" }).click();
      await expect(details.getByText(message, { exact: true })).toBeVisible();
      await expect(details.getByLabel("Date of birth")).toHaveValue(value);
    }
  });

  test("email change: the typo suggestion, then the link to the new address", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/profile", ownPatient(testInfo));
    const section = page.getByRole("region", { name: "Email address" });
    const local = "ana.js";
    await section.getByLabel("Email").fill(`${local}@gmial.com`);
    // Spec §5: "Did you mean {email}?" and the warning.
    await expect(section.getByTestId("email-suggestion")).toContainText(`Did you mean ${local}@gmail.com?`);
    await expect(section.getByTestId("email-suggestion")).toContainText("This email address is probably not real");
    await section.getByRole("button", { name: `Use ${local}@gmail.com` }).click();
    await expect(section.getByTestId("email-sent")).toHaveText(
      `We sent a confirmation link to ${local}@gmail.com. Your email address changes when you open it.`,
    );
    // The address itself changes only when the link is opened.
    await expect(section.getByLabel("Email")).toHaveValue(ownPatient(testInfo).email);
  });

  test("a name over its length says the limit as you leave the field (issue 12)", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/profile", ownPatient(testInfo));
    const details = page.getByRole("region", { name: "Personal details" });
    await details.getByLabel("First name").fill("a".repeat(450));
    await details.getByLabel("Last name").focus();
    await expect(details.getByText("The maximum length allowed is 100", { exact: true })).toBeVisible();
    await expect(details).not.toContainText("{{max}}");
  });

  test("email change: Enter in the field sends the link to what was typed, never to the suggestion (issue 12)", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/profile", ownPatient(testInfo));
    const section = page.getByRole("region", { name: "Email address" });
    const typed = `enter.${testInfo.project.name}@gmial.com`;
    await section.getByLabel("Email").fill(typed);
    await expect(section.getByTestId("email-suggestion")).toContainText(`Did you mean enter.${testInfo.project.name}@gmail.com?`);
    await section.getByLabel("Email").press("Enter");
    await expect(section.getByTestId("email-sent")).toHaveText(`We sent a confirmation link to ${typed}. Your email address changes when you open it.`);
  });

  test("picture: upload a PNG, refuse an HTML file named .png and a picture that is too large, remove", { tag: "@nojs-browser" }, async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/profile", ownPatient(testInfo));
    const section = page.getByRole("region", { name: "Profile picture" });
    await expect(section).toContainText("400x400 px recommended");
    await expect(section.getByLabel("Choose a picture")).toHaveAttribute("accept", /\.jpg,\.jpeg,\.png,\.gif/);

    // Checked by content: an HTML page with a .png name is refused by the API, the message shown on the page.
    await section.getByLabel("Choose a picture").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><title>x</title><p>not an image") });
    await section.getByRole("button", { name: "Upload picture" }).click();
    await expect(section.getByText("Upload a JPG, PNG or GIF image.")).toBeVisible();

    // Over the size limit (5 MB): 'Uploaded image is too large' (checked before sending with JavaScript, by the server without).
    await section.getByLabel("Choose a picture").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.concat([png(8, 8), Buffer.alloc(5 * 1024 * 1024 + 10)]) });
    await section.getByRole("button", { name: "Upload picture" }).click();
    await expect(section.getByText("Uploaded image is too large")).toBeVisible();

    await section.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png(600, 500) });
    await section.getByRole("button", { name: "Upload picture" }).click();
    await expect(toast(page, "success", "Your profile picture has been updated.")).toBeVisible();
    const img = section.getByTestId("profile-avatar").locator("img");
    const src = await img.getAttribute("src");
    expect(src).toMatch(/^\/api\/v1\/avatars\/[a-f0-9]{32}$/);
    const picture = await page.request.get(src!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/png");
    const bytes = await picture.body();
    // Re-encoded as a PNG of at most 400x400 (spec §9), cropped square.
    expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([400, 400]);
    if (!isNoJs(testInfo)) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(400);

    await section.getByRole("button", { name: "Remove picture" }).click();
    await expect(toast(page, "success", "Your profile picture has been removed.")).toBeVisible();
    await expect(section.getByTestId("profile-avatar").locator("img")).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Remove picture" })).toHaveCount(0);
  });
});

/* ------------------------------------------------------------------------------------------------------------ */

test.describe("my pharmacy: addresses", () => {
  test("save the shipping and the billing address, and the ZIP code error", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/pharmacy", ownPatient(testInfo));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My pharmacy");
    const shipping = page.getByRole("region", { name: "Shipping address" });
    const billing = page.getByRole("region", { name: "Billing address" });
    const street = "100 Grove St";

    await shipping.getByLabel("Street address").fill(street);
    await shipping.getByLabel("Apartment, suite, unit (optional)").fill("Unit 7");
    await shipping.getByLabel("City").fill("Austin");
    await choose(page, shipping, "State", "Texas");
    await shipping.getByLabel("ZIP code").fill("7870");
    await shipping.getByRole("button", { name: "Save shipping address" }).click();
    await expect(shipping.getByText("Enter a ZIP code like 12345 or 12345-6789")).toBeVisible();
    await expect(shipping.getByLabel("Street address")).toHaveValue(street);
    await shipping.getByLabel("ZIP code").fill("78701-1234");
    await shipping.getByLabel("Phone").fill("(512) 555-0142");
    await shipping.getByRole("button", { name: "Save shipping address" }).click();
    await expect(toast(page, "success", "Your shipping address has been saved.")).toBeVisible();

    await billing.getByLabel("First name").fill("Pat");
    await billing.getByLabel("Last name").fill("O'Hara");
    await billing.getByLabel("Street address").fill(`${street} billing`);
    await billing.getByLabel("City").fill("Denver");
    await choose(page, billing, "State", "Colorado");
    await billing.getByLabel("ZIP code").fill("80202");
    await billing.getByLabel("Phone").fill("+1 303 555 0100");
    await billing.getByRole("button", { name: "Save billing address" }).click();
    await expect(toast(page, "success", "Your billing address has been saved.")).toBeVisible();

    await page.reload();
    await expect(shipping.getByLabel("Street address")).toHaveValue(street);
    await expect(shipping.getByLabel("Apartment, suite, unit (optional)")).toHaveValue("Unit 7");
    await expect(shipping.getByLabel("ZIP code")).toHaveValue("78701-1234");
    await expect(shipping.getByLabel("Phone")).toHaveValue("(512) 555-0142");
    await expect(billing.getByLabel("Last name")).toHaveValue("O'Hara");
    await expect(billing.getByLabel("City")).toHaveValue("Denver");
    await expect(billing.getByLabel("Phone")).toHaveValue("(303) 555-0100");
    await expect(billing.getByRole("combobox", { name: "State" })).toHaveValue("Colorado");
  });
});

/* ------------------------------------------------------------------------------------------------------------ */

test.describe("payment details", () => {
  async function addCard(page: Page, number: string, { primary = false } = {}) {
    const form = page.getByRole("region", { name: "Add a card" });
    await form.getByLabel("Card number").fill(number);
    await form.getByLabel("Expiry month").fill("09");
    await form.getByLabel("Expiry year").fill(String(new Date().getUTCFullYear() + 2));
    await form.getByLabel("Security code (CVC)").fill("123");
    await form.getByLabel("Name on card").fill("Pat Q. Doe");
    if (primary) await form.getByLabel("Make this my primary card").check();
    await form.getByRole("button", { name: "Add card" }).click();
  }
  const cardRow = (page: Page, last4: string) => page.getByTestId("card-row").filter({ hasText: `•••• ${last4}` });

  test("add a card, make it primary, delete it after confirming", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/payment-details");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment details");
    const form = page.getByRole("region", { name: "Add a card" });
    await expect(form.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");
    await expect(form.getByLabel("Security code (CVC)")).toHaveAttribute("autocomplete", "cc-csc");

    await addCard(page, "6011 1111 1111 1117");
    await expect(toast(page, "success", "Your card has been added.")).toBeVisible();
    const discover = cardRow(page, "1117");
    await expect(discover).toContainText("Discover");
    await expect(discover).toContainText(`Expires 09/${new Date().getUTCFullYear() + 2}`);
    await expect(discover.getByText("Primary", { exact: true })).toHaveCount(0);

    await discover.getByRole("button", { name: /Make primary/ }).click();
    await expect(toast(page, "success", "Your primary card has been changed.")).toBeVisible();
    await expect(cardRow(page, "1117").getByText("Primary", { exact: true })).toBeVisible();
    await expect(page.getByText("Primary", { exact: true })).toHaveCount(1);
    // The primary card is listed first.
    await expect(page.getByTestId("card-row").first()).toHaveAttribute("data-last4", "1117");

    await cardRow(page, "1117").getByRole("link", { name: /Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this card?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Discover ending in 1117");
    await dialog.getByRole("link", { name: "Keep card" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(cardRow(page, "1117")).toHaveCount(1);

    await cardRow(page, "1117").getByRole("link", { name: /Delete/ }).click();
    await page.getByRole("dialog", { name: "Delete this card?" }).getByRole("button", { name: "Delete card" }).click();
    await expect(toast(page, "success", "Your card has been removed.")).toBeVisible();
    await expect(cardRow(page, "1117")).toHaveCount(0);
    // Another card became primary.
    await expect(page.getByText("Primary", { exact: true })).toHaveCount(1);
    await expect(page).toHaveURL("/patient/account/payment-details");
  });

  test("the declining test card shows the card-declined notice; number and code are not sent back", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/payment-details");
    await addCard(page, "4000 0000 0000 0002");
    const notice = page.getByTestId("card-declined");
    await expect(notice).toContainText("Your card was declined. Please contact your bank to approve the charge, then try again.");
    const form = page.getByRole("region", { name: "Add a card" });
    await expect(form.getByLabel("Card number")).toHaveValue("");
    await expect(form.getByLabel("Security code (CVC)")).toHaveValue("");
    await expect(form.getByLabel("Name on card")).toHaveValue("Pat Q. Doe");
    expect(await page.content()).not.toContain("4000000000000002");
    await expect(cardRow(page, "0002")).toHaveCount(0);

    // Field rules of the shared schema.
    await form.getByLabel("Card number").fill("4242 4242 4242 4241");
    await form.getByLabel("Expiry month").fill("13");
    await form.getByLabel("Security code (CVC)").fill("12");
    await form.getByRole("button", { name: "Add card" }).click();
    await expect(form.getByText("Enter a valid card number")).toBeVisible();
    await expect(form.getByText("Enter the expiry month (1–12)")).toBeVisible();
    await expect(form.getByText("Enter the 3-digit security code (4 digits for American Express)")).toBeVisible();
  });
});

/* ------------------------------------------------------------------------------------------------------------ */

test.describe("billing", () => {
  test("invoices with translated statuses and USD amounts; download a PDF", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/billing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing");
    const rows = page.getByTestId("invoice-row");
    await expect(rows.first()).toBeVisible();
    await expect(rows.first()).toContainText(/INV-\d{5}-\d{3}/);
    await expect(rows.first()).toContainText(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);
    await expect(page.getByRole("table").getByText("Payment due", { exact: true })).toBeVisible();

    const link = rows.first().getByRole("link", { name: /Download PDF/ });
    const href = await link.getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="[^"]+\.pdf"$/);
    expect((await response.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 4).toString("latin1")).toBe("%PDF");
    await expect(page).toHaveURL("/patient/account/billing");
  });

  test("an invoice that cannot be had: 'Cannot download invoice' on the page, not a broken download", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/billing");
    await page.goto("/patient/account/billing/invoices/999999/pdf");
    await expect(page).toHaveURL("/patient/account/billing?download=failed");
    await expect(page.getByTestId("download-failed")).toHaveText("Cannot download invoice");
  });

  test("billing portal: open, close → sync → billing refreshed", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/billing");
    await page.getByRole("button", { name: "Open billing portal" }).click();
    await expect(page).toHaveURL(/\/patient\/account\/payment-details\?portalSession=[A-Za-z0-9_-]+$/);
    const portal = page.getByTestId("billing-portal");
    await expect(portal).toContainText("You are in the billing portal");
    await portal.getByRole("button", { name: "Close billing portal" }).click();
    await expect(page).toHaveURL("/patient/account/billing");
    await expect(toast(page, "success", "Your billing details are up to date.")).toBeVisible();
    await expect(page.getByTestId("invoice-row").first()).toBeVisible();
  });
});

/* ------------------------------------------------------------------------------------------------------------ */

test.describe("in Spanish (es-US)", () => {
  test.use({ locale: "es-US" });

  test("profile validation messages", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/profile", ownPatient(testInfo));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Perfil");
    const details = page.getByRole("region", { name: "Datos personales" });
    await details.getByLabel("Nombre", { exact: true }).fill("Ana 2");
    await details.getByLabel("Apellido").fill("");
    await details.getByLabel("Teléfono").fill("12");
    await details.getByLabel("Fecha de nacimiento").fill(yearsAgo(-1));
    await details.getByRole("button", { name: "Guardar datos" }).click();
    await expect(details.getByText("Solo se permiten letras, espacios, guiones y apóstrofes")).toBeVisible();
    await expect(details.getByText("El valor es obligatorio")).toBeVisible();
    await expect(details.getByText(/Introduzca un número de teléfono/)).toBeVisible();
    await expect(details.getByText("La fecha de nacimiento no puede estar en el futuro")).toBeVisible();
    for (const [value, message] of [
      ["13/45/1990", "Introduzca una fecha de nacimiento válida"],
      [yearsAgo(130), "La fecha de nacimiento no puede ser de hace más de 120 años"],
      [yearsAgo(10), "Debe tener 18 años o más"],
    ] as const) {
      await details.getByLabel("Apellido").fill("Ruiz");
      await details.getByLabel("Nombre", { exact: true }).fill("Ana");
      await details.getByLabel("Teléfono").fill("");
      await details.getByLabel("Fecha de nacimiento").fill(value);
      await details.getByRole("button", { name: "Guardar datos" }).click();
      await expect(details.getByText(message, { exact: true })).toBeVisible();
    }
    await details.getByLabel("Fecha de nacimiento").fill("11/02/1979");
    await details.getByRole("button", { name: "Guardar datos" }).click();
    await expect(toast(page, "success", "Su perfil se ha actualizado.")).toBeVisible();
  });

  test("addresses, cards and invoices in Spanish", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/pharmacy");
    const shipping = page.getByRole("region", { name: "Dirección de envío" });
    await shipping.getByLabel("Código postal").fill("1234");
    await shipping.getByRole("button", { name: "Guardar dirección de envío" }).click();
    await expect(shipping.getByText("Introduzca un código postal como 12345 o 12345-6789")).toBeVisible();

    await page.goto("/patient/account/payment-details");
    await hydrated(page, testInfo);
    const form = page.getByRole("region", { name: "Añadir una tarjeta" });
    await form.getByLabel("Número de tarjeta").fill("4000000000000002");
    await form.getByLabel("Mes de vencimiento").fill("10");
    await form.getByLabel("Año de vencimiento").fill(String(new Date().getUTCFullYear() + 1));
    await form.getByLabel("Código de seguridad (CVC)").fill("321");
    await form.getByLabel("Nombre en la tarjeta").fill("Ana Ruiz");
    await form.getByRole("button", { name: "Añadir tarjeta" }).click();
    await expect(page.getByTestId("card-declined")).toContainText("Su tarjeta fue rechazada. Comuníquese con su banco para que apruebe el cargo");

    await page.goto("/patient/account/billing");
    await hydrated(page, testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Facturación");
    await expect(page.getByRole("table").getByText("Pagada", { exact: true }).first()).toBeVisible();
    await page.goto("/patient/account/billing/invoices/999999/pdf");
    await expect(page.getByTestId("download-failed")).toHaveText("No se puede descargar la factura");
  });
});

/* ------------------------------------------------------------------------------------------------------------ */

test.describe("account layout", () => {
  test("every account page: its title and the current menu item", async ({ page }, testInfo) => {
    await signInPatient(page, testInfo, "/patient/account/profile");
    for (const [path, title] of [
      ["/patient/account/profile", "Profile"],
      ["/patient/account/pharmacy", "My pharmacy"],
      ["/patient/account/billing", "Billing"],
      ["/patient/account/payment-details", "Payment details"],
    ] as const) {
      await page.goto(path);
      await hydrated(page, testInfo);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByRole("navigation", { name: "Account menu" }).getByRole("link", { name: title })).toHaveAttribute("aria-current", "page");
    }
  });

  test.describe("on a 375 px screen", () => {
    test.use({ viewport: { width: 375, height: 720 } });
    test("the account menu is one row of links that scrolls sideways, and every page is reachable", async ({ page }, testInfo) => {
      await signInPatient(page, testInfo, "/patient/account/profile");
      const menu = page.getByRole("navigation", { name: "Account menu" });
      await expect(menu.getByRole("link")).toHaveText(["Back to overview", "Profile", "My pharmacy", "Billing", "Payment details", "Security"]);
      // The page itself does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await menu.getByRole("link", { name: "Payment details" }).click();
      await expect(page).toHaveURL("/patient/account/payment-details");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment details");
      await menu.getByRole("link", { name: "Security" }).click();
      await expect(page).toHaveURL("/patient/account/security");
    });
  });
});

/** Is daylight saving time in effect in `zone` now? (For the time-zone option's label, which shows the current offset.) */
function isDst(zone: string): boolean {
  const offset = (date: Date) => {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(date);
    return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
  };
  const now = new Date();
  return offset(now) !== offset(new Date(Date.UTC(now.getUTCFullYear(), 0, 1)));
}
