/**
 * The account security panel (issue 5) in the browser, with JavaScript: one journey per workflow on
 * /patient/account/security — change password (the rules checked as you type and before posting, in both
 * languages; other devices signed out), change email ("Did you mean…?" as you type, then the /confirm-email
 * link), two-factor authentication (enrol: the QR code image, the recovery codes with Print; turn it off),
 * sessions (sign out one, then the others). Every no-JavaScript workflow of the panel, the staff and manager
 * profile pages, and the rate limits run over HTTP in tests/web/account-security.test.ts and auth.test.ts;
 * the panel's error states are swept by axe from tests/support/a11y-states/account-security.ts.
 *
 * Each test signs in as a test patient of its own (slots 10–19 of tests/support/accounts.ts), so the demo
 * accounts' shared sessions stay as they are. Mail goes to the development outbox of the e2e server's API.
 */
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD_RULES, USER_AGENTS, authenticator, enableTotpFor, outboxHead, outboxLink } from "./account-security-support";
import { countPosts, hydrated, signInWith, testPatient } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const SECURITY = "/patient/account/security";

async function switchLanguage(page: Page, name: "English" | "Español") {
  await page.getByRole("button", { name }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", name === "English" ? "en-US" : "es-US");
}

const toast = (page: Page, type: "success" | "error" | "info") => page.locator(`[data-toast=${type}]`).last();

test("change password: a wrong current password from the server, each rule checked before posting and ticked off as you type", async ({ page }, testInfo) => {
  const account = testPatient(10);
  await signInWith(page, account, SECURITY);
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
  for (const name of ["Password", "Email address", "Two-factor authentication", "Where you are signed in"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }

  const form = page.locator("#change-password");
  const current = form.getByLabel("Current password");
  const fresh = form.getByLabel("New password", { exact: true });
  const confirm = form.getByLabel("Confirm new password");
  const submit = form.getByRole("button", { name: "Change password" });

  // A wrong current password: refused by the server beside the field; nothing typed stays in the form.
  await current.fill("Wrong-Passw0rd-1");
  await fresh.fill("Another-Passw0rd-9");
  await confirm.fill("Another-Passw0rd-9");
  await submit.click();
  await expect(page.locator("#change-password-currentPassword-error")).toHaveText("The current password is not correct.");
  await expect(current).toHaveValue("");
  await expect(fresh).toHaveValue("");
  await expect(confirm).toHaveValue("");

  // The rules are checked in the browser: each its own message, and no post.
  const posts = countPosts(page, SECURITY);
  for (const [password, message] of PASSWORD_RULES.en) {
    await current.fill(account.password);
    await fresh.fill(password);
    await confirm.fill(password);
    await submit.click();
    await expect(page.locator("#change-password-newPassword-error")).toHaveText(message);
  }
  // …and ticked off as you type.
  await fresh.fill("");
  await fresh.pressSequentially("Abc1");
  const checklist = form.getByTestId("password-checklist");
  await expect(checklist.locator("[data-rule=uppercase]")).toHaveAttribute("data-met", "true");
  await expect(checklist.locator("[data-rule=digit]")).toHaveAttribute("data-met", "true");
  await expect(checklist.locator("[data-rule=tooShort]")).toHaveAttribute("data-met", "false");
  await expect(fresh).toHaveAttribute("aria-describedby", /.+/);
  expect(posts()).toBe(0);
});

test("change password in Spanish: the rules in Spanish, then the new password; other devices are signed out, this one stays", async ({ page, browser, request }, testInfo) => {
  const account = testPatient(18);
  // Another browser signed in to the same account (its sign-in-page notice is checked over HTTP).
  const other = await browser.newContext();
  const otherSignIn = await other.request.post("/login", { form: { intent: "password", ...account }, maxRedirects: 0 });
  expect(otherSignIn.status()).toBe(302);
  await signInWith(page, account, SECURITY);
  await hydrated(page, testInfo);
  await switchLanguage(page, "Español");
  // The switcher is a plain form: the page loads again, in Spanish.
  await hydrated(page, testInfo);

  const form = page.locator("#change-password");
  const current = form.getByLabel("Contraseña actual");
  const fresh = form.getByLabel("Nueva contraseña", { exact: true });
  const confirm = form.getByLabel("Confirme la nueva contraseña");
  const submit = form.getByRole("button", { name: "Cambiar contraseña" });
  const posts = countPosts(page, SECURITY);
  for (const [password, message] of PASSWORD_RULES.es) {
    await current.fill(account.password);
    await fresh.fill(password);
    await confirm.fill(password);
    await submit.click();
    await expect(page.locator("#change-password-newPassword-error")).toHaveText(message);
  }
  await fresh.fill("Otra-Contrasena-9");
  await confirm.fill("Otra-Contrasena-8");
  await submit.click();
  await expect(page.locator("#change-password-passwordConfirm-error")).toHaveText("Las contraseñas no coinciden");
  expect(posts()).toBe(0);

  await confirm.fill("Otra-Contrasena-9");
  await submit.click();
  await expect(toast(page, "success")).toHaveText("Se cambió su contraseña. Se cerró la sesión en sus otros dispositivos.");
  await expect(page).toHaveURL(new RegExp(`${SECURITY}#password$`));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seguridad");

  // The other browser was signed out; this one stays signed in.
  const otherHome = await other.request.get("/patient", { maxRedirects: 0 });
  expect(otherHome.headers()["location"]).toBe("/login?redirectTo=%2Fpatient");
  await other.close();
  expect((await page.request.get(SECURITY, { maxRedirects: 0 })).status()).toBe(200);
  // The new password works.
  const signIn = await request.post("/login", { form: { intent: "password", email: account.email, password: "Otra-Contrasena-9" }, maxRedirects: 0 });
  expect(signIn.status()).toBe(302);
});

test("email change: 'Did you mean…?' as you type and from the server; the link goes to the new address, /confirm-email confirms on the button", async ({ page }, testInfo) => {
  const account = testPatient(11);
  await signInWith(page, account, SECURITY);
  await hydrated(page, testInfo);
  await expect(page.getByTestId("current-email")).toHaveText(account.email);

  const form = page.locator("#change-email");
  const typo = "moved.11@gmial.com";
  const fixed = "moved.11@gmail.com";
  await form.getByLabel("New email address").fill(typo);
  // With JavaScript, as you type.
  await expect(page.getByTestId("email-suggestion-live")).toContainText(`Did you mean ${fixed}?`);
  await expect(page.getByTestId("email-suggestion-live")).toContainText("This email address is probably not real");
  await form.getByRole("button", { name: "Change email address" }).click();
  // The server asks before sending a link to a likely typo.
  const suggestion = page.getByTestId("email-suggestion");
  await expect(suggestion).toContainText(`Did you mean ${fixed}?`);
  await expect(suggestion).toContainText("This email address is probably not real");
  await expect(form.getByLabel("New email address")).toHaveValue(typo);

  const before = await outboxHead(API);
  await suggestion.getByRole("button", { name: `Use ${fixed}` }).click();
  await expect(page.getByTestId("email-sent")).toContainText(`We sent a confirmation link to ${fixed}.`);
  // Unchanged until the link is opened.
  await expect(page.getByTestId("current-email")).toHaveText(account.email);
  const link = await outboxLink(API, fixed, "/confirm-email", before);

  // Opening the link changes nothing by itself: a button confirms.
  await page.goto(link.pathname + link.search);
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email address");
  await page.getByRole("button", { name: "Confirm email address" }).click();
  await expect(page.getByTestId("confirm-email-done")).toContainText("Email address changed");
  await expect(page.getByTestId("confirm-email-done")).toContainText(`Your account now uses ${fixed}.`);
  await page.getByRole("link", { name: "Go to your account security" }).click();
  await expect(page).toHaveURL(SECURITY);
  await expect(page.getByTestId("current-email")).toHaveText(fixed);
});

test("two-factor: enrol on the security page — the QR code, the key, a wrong code, then the recovery codes to print or download", async ({ page }, testInfo) => {
  const account = testPatient(12);
  await signInWith(page, account, SECURITY);
  await hydrated(page, testInfo);
  const section = page.locator("#two-factor");
  await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
  await section.getByRole("button", { name: "Set up two-factor authentication" }).click();

  // The QR code (the upstream's SVG, shown as an image the browser can draw) and the key.
  const qr = page.getByTestId("totp-qr");
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByTestId("totp-secret").getAttribute("data-secret")) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}/);
  await expect(page.getByTestId("totp-secret")).toHaveText(secret.replace(/=+$/, "").replace(/(.{4})(?=.)/g, "$1 "));
  const totp = authenticator(secret);

  // A wrong code: the error beside the field, the same QR code and key still there.
  const code = section.getByLabel("Code from your authenticator app");
  await code.fill("000000");
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator("#totp-confirm-code-error")).toHaveText("Invalid code.");
  await expect(code).toHaveValue("");
  await expect(page.getByTestId("totp-secret")).toHaveAttribute("data-secret", secret);
  await expect(page.getByTestId("totp-qr")).toBeVisible();

  await code.fill(totp.generate());
  await section.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByTestId("recovery-codes");
  await expect(codes).toContainText("Your recovery codes");
  await expect(codes.locator("li")).toHaveCount(10);
  await expect(codes.getByRole("link", { name: "Download codes" })).toHaveAttribute("download", "recovery-codes.txt");
  // With JavaScript: Print and Copy buttons.
  await expect(codes.getByRole("button", { name: "Print" })).toBeVisible();
  await expect(codes.getByRole("button", { name: "Copy" })).toBeVisible();
  await expect(codes).toContainText("Print them, copy them to your password manager, or download them as a file.");
  expect(await codes.locator("li code").first().innerText()).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expect(page.getByTestId("two-factor-status")).toHaveText("On");
});

test("two-factor: turn it off — a wrong password is refused, the right one works", async ({ page }, testInfo) => {
  const account = testPatient(13);
  // Signed in first (with two-factor on, a password sign-in asks for a code), then it is turned on.
  await signInWith(page, account, null);
  await enableTotpFor(API, account.email, account.password);
  await page.goto(SECURITY);
  await hydrated(page, testInfo);
  const section = page.locator("#two-factor");
  await expect(page.getByTestId("two-factor-status")).toHaveText("On");
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("You have 10 recovery codes left.");
  await section.getByLabel("Or your password").fill("Wrong-Passw0rd-1");
  await section.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(page.locator("#totp-disable-password-error")).toHaveText("The password is not correct.");
  await expect(section.getByLabel("Or your password")).toHaveValue("");
  await section.getByLabel("Or your password").fill(account.password);
  await section.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(toast(page, "success")).toHaveText("Two-factor authentication is off.");
  await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
  await expect(section.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();
});

test("sessions: this device marked, another signed out, then all the others", async ({ page, browser }) => {
  const account = testPatient(16);
  const firefox = await browser.newContext({ userAgent: USER_AGENTS.firefox });
  const phone = await browser.newContext({ userAgent: USER_AGENTS.iphone });
  const signIn = async (request: typeof firefox.request) => {
    const response = await request.post("/login", { form: { intent: "password", ...account }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  };
  /** Where /patient leads that browser: itself while signed in, the sign-in page once signed out. */
  const patientHome = async (request: typeof firefox.request) => {
    const response = await request.get("/patient", { maxRedirects: 0 });
    return response.status() === 200 ? "/patient" : response.headers()["location"];
  };
  await signIn(firefox.request);
  await signIn(phone.request);
  await signInWith(page, account, SECURITY);

  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(3);
  const current = page.locator("[data-testid=session][data-current=true]");
  await expect(current).toContainText("This device");
  await expect(current).toContainText(/^Chrome on /);
  await expect(sessions.filter({ hasText: "Firefox on Windows" })).toContainText(/IP address: (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
  await expect(sessions.filter({ hasText: "Safari on iOS" })).toContainText(/Last active \d\d\/\d\d\/\d{4} \d\d:\d\d [ap]m/);
  await expect(current.getByRole("button")).toHaveCount(0);

  await page.getByRole("button", { name: /^Sign out Firefox on Windows \(/ }).click();
  await expect(toast(page, "success")).toHaveText("The session has been signed out.");
  await expect(sessions).toHaveCount(2);
  expect(await patientHome(firefox.request)).toBe("/login?redirectTo=%2Fpatient");
  expect(await patientHome(phone.request)).toBe("/patient");

  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(toast(page, "success")).toHaveText("1 other session has been signed out.");
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText("You are not signed in anywhere else.")).toBeVisible();
  expect(await patientHome(phone.request)).toBe("/login?redirectTo=%2Fpatient");
  await firefox.close();
  await phone.close();
});
