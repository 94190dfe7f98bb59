/**
 * The password reset journey (spec §4, §5; issue 5) with the mail read from a REAL SMTP capture, and the
 * inactivity sign-out. JavaScript on and off, en-US and es-US, axe on every page of the flow.
 *
 * How it runs (reliable on a busy 2-core machine):
 *  - this file starts its own SMTP server (smtp-server on 127.0.0.1, a free port; every message parsed
 *    with mailparser) and, in `beforeAll`, its own instance of the app: `node --import tsx server.ts` on the
 *    build Playwright's webServer made (BUILD_DIR), with SMTP_URL pointing at the capture, its own ports
 *    (web 3210 / API 3211 for the "js" project, 3212 / 3213 for "nojs"), a fresh seeded PGlite database and
 *    PUBLIC_URL = its own address, so the links in the mails lead back to it; it waits for /healthz;
 *  - staff sessions end after 5 seconds of inactivity on that instance (SESSION_IDLE_STAFF_SECONDS), for the
 *    inactivity test; the reset journeys use patients, whose idle timeout is the usual two hours;
 *  - the file runs its tests in order in one worker (`mode: "default"`), so one instance serves them all;
 *    `afterAll` stops it and the SMTP server.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeHere, mailWithLink, signInAs, spawnApp, startSmtpCapture, type CapturedMail, type SpawnedApp } from "./account-security-support";
import { PASSWORD, hydrated, isNoJs } from "./support";

test.describe.configure({ mode: "default", timeout: 120_000 });

let app: SpawnedApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

// eslint-disable-next-line no-empty-pattern -- Playwright passes the fixtures first; this hook needs none.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  smtp = await startSmtpCapture();
  const port = isNoJs(testInfo) ? 3212 : 3210;
  app = await spawnApp(port, { SMTP_URL: smtp.url, SESSION_IDLE_STAFF_SECONDS: "5" });
});

test.afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const NEW = "Brand-new-Passw0rd";
const url = (path: string) => app.baseURL + path;

/** Asks for a reset link on /forgot-password (the page in whatever language is set). */
async function requestReset(page: Page, email: string, submit = "Send reset link") {
  await page.goto(url("/forgot-password"));
  await page.getByRole("textbox").first().fill(email);
  await page.getByRole("button", { name: submit }).click();
  await expect(page).toHaveURL(url("/reset-link"));
}

/** Opens a link from a mail on this instance (the link's own origin is PUBLIC_URL = the instance). */
const open = (page: Page, link: URL) => page.goto(link.toString());

test("the whole reset journey: mail over SMTP, a single-use link, the new password; old password and other sessions end", async ({ page, browser }, testInfo) => {
  const email = "patient@demo.test";

  // Another browser is signed in to the same account: the reset must end its session.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, email, PASSWORD, "/patient", app.baseURL);
  await expect(otherPage).toHaveURL(url("/patient"));

  await page.goto(url("/forgot-password"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  await axeHere(page, "/forgot-password", testInfo);
  const before = smtp.messages.length;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();

  // ResetPasswordLink: the stored login name, and "check spam after 15 minutes".
  await expect(page).toHaveURL(url("/reset-link"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  await expect(page.getByText(`If an account exists for ${email}, we sent it a link to set a new password.`)).toBeVisible();
  await expect(page.getByText("No email after 15 minutes? Check your spam folder.")).toBeVisible();
  await axeHere(page, "/reset-link", testInfo);

  // The mail, in English (the account's language), over SMTP.
  const { mail, link } = await mailWithLink(smtp.messages, email, "/set-password", before);
  expect(mail.subject).toBe("Reset your password");
  expect(mail.language).toBe("en");
  expect(mail.text).toContain("expires in 1 hour");
  expect(link.origin).toBe(app.baseURL);
  expect(link.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  await open(page, link);
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a new password");
  await axeHere(page, "/set-password", testInfo);

  // Spec §5: every rule has its own message, beside the field; one failing rule at a time.
  const cases: [string, string, string][] = [
    ["Abcdefg1", "Abcdefg1", "Password must be more than 8 characters"],
    ["abcdefgh1", "abcdefgh1", "Password must contain an uppercase letter"],
    ["ABCDEFGH1", "ABCDEFGH1", "Password must contain a lowercase letter"],
    ["Abcdefghij", "Abcdefghij", "Password must contain a digit"],
    ["Abcd efgh1", "Abcd efgh1", "Password must not contain spaces"],
  ];
  const newError = page.locator("#set-password-newPassword-error");
  for (const [password, confirm, message] of cases) {
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByLabel("Confirm new password").fill(confirm);
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(newError).toHaveText(message);
  }
  await page.getByLabel("New password", { exact: true }).fill("Abcdefgh1");
  await page.getByLabel("Confirm new password").fill("Abcdefgh2");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.locator("#set-password-passwordConfirm-error")).toHaveText("Passwords do not match");
  await expect(newError).toHaveCount(0);
  // Several failing rules: each its own message.
  await page.getByLabel("New password", { exact: true }).fill("abc def");
  await page.getByLabel("Confirm new password").fill("abc def");
  await page.getByRole("button", { name: "Set password" }).click();
  for (const message of ["Password must be more than 8 characters", "Password must contain an uppercase letter", "Password must contain a digit", "Password must not contain spaces"]) {
    await expect(newError.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel("New password", { exact: true }).fill(NEW);
  await page.getByLabel("Confirm new password").fill(NEW);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(url("/password-changed"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password changed");
  await axeHere(page, "/password-changed", testInfo);

  // The other browser was signed out.
  await otherPage.goto(url("/patient"));
  await expect(otherPage).toHaveURL(url("/login?redirectTo=%2Fpatient"));
  await expect(otherPage.getByTestId("sign-in-notice")).toHaveText("You were signed out. Please sign in again.");
  await other.close();

  // The old password no longer works; the new one does.
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#sign-in").getByRole("alert")).toHaveText("Invalid email or password.");
  await page.getByLabel("Password", { exact: true }).fill(NEW);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(url("/patient"));

  // The link worked once.
  await open(page, link);
  await page.getByLabel("New password", { exact: true }).fill("Another-Passw0rd");
  await page.getByLabel("Confirm new password").fill("Another-Passw0rd");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByTestId("link-problem")).toHaveAttribute("data-reason", "used");
  await expect(page.getByRole("alert")).toContainText("This link was already used");
  await expect(page.getByRole("alert")).toContainText("This link has already been used. Ask for a new one if you still need it.");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
});

test("an unknown address gets the same answer, and no mail", async ({ page }) => {
  const before = smtp.messages.length;
  await requestReset(page, "nobody-here@example.com");
  await expect(page.locator("main")).toContainText("If an account exists for nobody-here@example.com, we sent it a link to set a new password.");
  const unknownPage = (await page.locator("main").innerText()).replace("nobody-here@example.com", "<email>");
  // A known address afterwards: its mail arrives, and none went to the unknown one.
  await requestReset(page, "manager@demo.test");
  expect((await page.locator("main").innerText()).replace("manager@demo.test", "<email>")).toBe(unknownPage);
  await mailWithLink(smtp.messages, "manager@demo.test", "/set-password", before);
  expect(smtp.messages.slice(before).filter((m: CapturedMail) => m.to.includes("nobody-here@example.com"))).toEqual([]);
});

test("an expired link (a newer one was asked for) says so, with the way to ask again", async ({ page }, testInfo) => {
  const email = "nurse-manager@demo.test";
  const first = smtp.messages.length;
  await requestReset(page, email);
  const { link: old } = await mailWithLink(smtp.messages, email, "/set-password", first);
  const second = smtp.messages.length;
  await requestReset(page, email);
  await mailWithLink(smtp.messages, email, "/set-password", second);

  await open(page, old);
  await page.getByLabel("New password", { exact: true }).fill(NEW);
  await page.getByLabel("Confirm new password").fill(NEW);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByTestId("link-problem")).toHaveAttribute("data-reason", "expired");
  await expect(page.getByRole("alert")).toContainText("This link has expired");
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await axeHere(page, "/set-password (expired link)", testInfo);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(url("/forgot-password"));

  // A link without its code is refused before anything is typed.
  await page.goto(url("/set-password"));
  await expect(page.getByTestId("link-problem")).toHaveAttribute("data-reason", "invalid");
});

test("in Spanish: the mail in the user's language, the pages and the rule messages in Spanish", async ({ page }, testInfo) => {
  const email = "patient2@demo.test";
  // The user chooses Spanish while signed in: that becomes the account's language too.
  await signInAs(page, email, PASSWORD, "/patient", app.baseURL);
  await hydrated(page, testInfo);
  await page.getByRole("button", { name: "Español" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await page.context().clearCookies();

  // Signed out, on a browser in Spanish.
  await page.goto(url("/forgot-password"));
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Olvidó su contraseña?");
  await axeHere(page, "/forgot-password (es-US)", testInfo);
  const before = smtp.messages.length;
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page).toHaveURL(url("/reset-link"));
  await expect(page.getByText("¿No recibió el correo después de 15 minutos? Revise su carpeta de correo no deseado.")).toBeVisible();
  await expect(page.getByText(`Si existe una cuenta para ${email}`)).toBeVisible();

  const { mail, link } = await mailWithLink(smtp.messages, email, "/set-password", before);
  expect(mail.language).toBe("es");
  expect(mail.subject).not.toBe("Reset your password");
  expect(mail.text).toContain("Hola");

  await open(page, link);
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Establezca una nueva contraseña");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("abcdefgh1");
  await page.getByLabel("Confirme la nueva contraseña").fill("abcdefgh2");
  await page.getByRole("button", { name: "Establecer contraseña" }).click();
  await expect(page.locator("#set-password-newPassword-error")).toHaveText("La contraseña debe contener una letra mayúscula");
  await expect(page.locator("#set-password-passwordConfirm-error")).toHaveText("Las contraseñas no coinciden");
  await axeHere(page, "/set-password (es-US)", testInfo);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill(NEW);
  await page.getByLabel("Confirme la nueva contraseña").fill(NEW);
  await page.getByRole("button", { name: "Establecer contraseña" }).click();
  await expect(page).toHaveURL(url("/password-changed"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contraseña cambiada");
  await axeHere(page, "/password-changed (es-US)", testInfo);
});

test("a session that timed out lands on sign-in with a clear message, in both languages", async ({ page }) => {
  for (const [language, text] of [
    ["English", "You were signed out after a period of inactivity. Please sign in again."],
    ["Español", "Se cerró su sesión tras un periodo de inactividad. Vuelva a iniciar sesión."],
  ] as const) {
    await page.goto(url("/login"));
    await page.getByRole("button", { name: language }).click();
    await signInAs(page, "nurse@demo.test", PASSWORD, "/staff", app.baseURL);
    await expect(page).toHaveURL(url("/staff"));
    // Staff sessions on this instance end after 5 seconds without activity (see the header).
    await expect(async () => {
      await page.goto(url("/staff/tasks"));
      await expect(page).toHaveURL(url("/login?redirectTo=%2Fstaff%2Ftasks"), { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("sign-in-notice")).toHaveText(text);
    // Said once: a reload does not repeat it.
    await page.reload();
    await expect(page.getByTestId("sign-in-notice")).toHaveCount(0);
  }
});
