/**
 * The password reset in the browser, with JavaScript (spec §4, §5; issue 5): the whole journey once — the
 * mail read from a REAL SMTP capture, the link, the new password, other sessions ended, the old password
 * refused and the new one signing in — and the password rules checked in the browser as you type
 * and before posting, in both languages. The no-JavaScript reset (the rules from the server, an expired link,
 * a used link, an unknown address, Spanish mail, the rate limit) and the sign-out after inactivity run over HTTP in
 * tests/web/password-reset.test.ts; the set-password and forgot-password error states are swept by axe
 * (tests/support/a11y-states/account-security.ts).
 *
 * How it runs: this file starts its own SMTP server (smtp-server on 127.0.0.1, a free port; every message
 * parsed with mailparser) and, in `beforeAll`, its own instance of the app on the build (web 3210, API
 * 3211), with SMTP_URL pointing at the capture, a fresh seeded database with the test patients and
 * PUBLIC_URL = its own address, so the links in the mails lead back to it. Its tests run in order in one
 * worker (`mode: "default"`); `afterAll` stops the app and the SMTP server. A database of its own: test
 * patients 17 and 18 here are this file's.
 */
import { expect, test } from "@playwright/test";
import { PASSWORD_RULES, beacons, mailWithLink, spawnApp, startSmtpCapture, type SpawnedApp } from "./account-security-support";
import { countPosts, hydrated, testPatient } from "./support";

test.describe.configure({ mode: "default" });

let app: SpawnedApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

// eslint-disable-next-line no-empty-pattern -- Playwright passes the fixtures first; this hook needs none.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  smtp = await startSmtpCapture();
  app = await spawnApp(3210, { SMTP_URL: smtp.url, SEED_TEST_ACCOUNTS: "40" });
});

test.afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const NEW = "Brand-new-Passw0rd";
const url = (path: string) => app.baseURL + path;

test("the whole reset journey: mail over SMTP, the link, the new password; the old password and other sessions end", async ({ page, browser }, testInfo) => {
  const account = testPatient(17);

  // Another browser is signed in to the same account: the reset must end its session.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signedIn = await otherPage.request.post(url("/login"), { form: { intent: "password", ...account }, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);

  const quiet = beacons(page);
  await page.goto(url("/forgot-password"));
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  await quiet.settled();
  const before = smtp.messages.length;
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();

  // ResetPasswordLink: the stored login name, and "check spam after 15 minutes".
  await expect(page).toHaveURL(url("/reset-link"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  await expect(page.getByText(`If an account exists for ${account.email}, we sent it a link to set a new password.`)).toBeVisible();
  await expect(page.getByText("No email after 15 minutes? Check your spam folder.")).toBeVisible();

  // The mail, in English (the account's language), over SMTP.
  const { mail, link } = await mailWithLink(smtp.messages, account.email, "/set-password", before);
  expect(mail.subject).toBe("Reset your password");
  expect(mail.language).toBe("en");
  expect(mail.text).toContain("expires in 1 hour");
  expect(link.origin).toBe(app.baseURL);
  expect(link.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  await page.goto(link.toString());
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a new password");
  // (The rules, checked in the browser: the next test.)
  await page.getByLabel("New password", { exact: true }).fill(NEW);
  await page.getByLabel("Confirm new password").fill(NEW);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(url("/password-changed"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password changed");

  // The other browser was signed out.
  await otherPage.goto(url("/patient"));
  await expect(otherPage).toHaveURL(url("/login?redirectTo=%2Fpatient"));
  await expect(otherPage.getByTestId("sign-in-notice")).toHaveText("You were signed out. Please sign in again.");
  await other.close();

  // The old password no longer works; the new one does.
  quiet.mark();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(url("/login"));
  await quiet.settled();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#sign-in").getByRole("alert")).toHaveText("Invalid email or password.");
  await page.getByLabel("Password", { exact: true }).fill(NEW);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(url("/patient"));
  // (That the link then works no more is checked over HTTP: tests/web/password-reset.test.ts.)
});

test("the password rules are checked in the browser, as you type and before posting, in English and Spanish", async ({ page }, testInfo) => {
  // A real link (the page says at once when a link cannot be used, and then shows no form); nothing is posted
  // while a rule fails, so the link stays unused.
  const account = testPatient(18);
  await page.goto(url("/forgot-password"));
  await hydrated(page, testInfo);
  const before = smtp.messages.length;
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL(url("/reset-link"));
  const { link } = await mailWithLink(smtp.messages, account.email, "/set-password", before);
  await page.goto(link.toString());
  await hydrated(page, testInfo);
  const posts = countPosts(page, "/set-password");
  const fresh = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  const submit = page.getByRole("button", { name: "Set password" });
  const newError = page.locator("#set-password-newPassword-error");

  // Spec §5: every rule has its own message, beside the field; one failing rule at a time.
  for (const [password, message] of PASSWORD_RULES.en) {
    await fresh.fill(password);
    await confirm.fill(password);
    await submit.click();
    await expect(newError).toHaveText(message);
  }
  await fresh.fill("Abcdefgh1");
  await confirm.fill("Abcdefgh2");
  await submit.click();
  await expect(page.locator("#set-password-passwordConfirm-error")).toHaveText("Passwords do not match");
  await expect(newError).toHaveCount(0);
  // Several failing rules: each its own message.
  await fresh.fill("abc def");
  await confirm.fill("abc def");
  await submit.click();
  for (const message of ["Password must be more than 8 characters", "Password must contain an uppercase letter", "Password must contain a digit", "Password must not contain spaces"]) {
    await expect(newError.getByText(message, { exact: true })).toBeVisible();
  }
  // The checklist ticks each rule off as you type.
  await fresh.fill("");
  await fresh.pressSequentially("Abcdefgh");
  const checklist = page.getByTestId("password-checklist");
  await expect(checklist.locator("[data-rule=tooShort]")).toHaveAttribute("data-met", "false");
  await expect(checklist.locator("[data-rule=uppercase]")).toHaveAttribute("data-met", "true");
  await expect(checklist.locator("[data-rule=digit]")).toHaveAttribute("data-met", "false");
  await fresh.pressSequentially("1");
  await expect(checklist.locator("[data-met=false]")).toHaveCount(0);

  // In Spanish (the switcher reloads the page).
  await page.getByRole("button", { name: "Español" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Establezca una nueva contraseña");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("abcdefgh1");
  await page.getByLabel("Confirme la nueva contraseña").fill("abcdefgh2");
  await page.getByRole("button", { name: "Establecer contraseña" }).click();
  await expect(newError).toHaveText("La contraseña debe contener una letra mayúscula");
  await expect(page.locator("#set-password-passwordConfirm-error")).toHaveText("Las contraseñas no coinciden");
  expect(posts()).toBe(0);
});
