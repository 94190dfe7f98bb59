/**
 * The account security panel (issue 5) on /patient/account/security, /staff/profile#security and
 * /manager/profile#security: change password, change email with the "Did you mean…?" suggestion and the
 * /confirm-email link, two-factor authentication (enrol from the page, sign in with a code and with a
 * recovery code, turn it off), sessions (list, sign out one, sign out the others); rate-limit messages on
 * the sign-in and reset forms. JavaScript on and off, en-US and es-US, axe on every page and state.
 *
 * Runs against Playwright's webServer (no SMTP_URL: mail goes to the development outbox, read with
 * GET /api/v1/dev/outbox on the loopback API port). Tests that change credentials use seeded patients that
 * had no password, made into accounts through the real reset flow (`patientAccount`, one slot per test,
 * the nojs project 100 slots higher), so the shared demo logins stay as they are; that set-up talks to the
 * API with an X-Forwarded-For address of its own per slot (the API trusts its loopback caller), so the
 * rate-limit counters of the set-up do not add up across tests.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  ApiClient,
  authenticator,
  axeHere,
  nextCode,
  outboxHead,
  outboxLink,
  patientAccount,
  signInAs,
  signInWithForm,
  testIp,
  NEW_PASSWORD,
} from "./account-security-support";
import { hydrated, isNoJs, signIn } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const SECURITY = "/patient/account/security";

test.describe.configure({ timeout: 120_000 });

const slot = (testInfo: TestInfo, n: number) => n + (isNoJs(testInfo) ? 100 : 0);

async function switchLanguage(page: Page, name: "English" | "Español") {
  await page.getByRole("button", { name }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", name === "English" ? "en-US" : "es-US");
}

const toast = (page: Page, type: "success" | "error" | "info") => page.locator(`[data-toast=${type}]`).last();

test("change password: the current password is checked, each rule has its own message (en-US, es-US), other devices are signed out", async ({ page, browser }, testInfo) => {
  const account = await patientAccount(API, slot(testInfo, 1));
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, account.email, account.password, "/patient");

  await signInAs(page, account.email, account.password, SECURITY);
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
  for (const name of ["Password", "Email address", "Two-factor authentication", "Where you are signed in"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await axeHere(page, "/patient/account/security", testInfo);

  const form = page.locator("#change-password");
  const current = form.getByLabel("Current password");
  const fresh = form.getByLabel("New password", { exact: true });
  const confirm = form.getByLabel("Confirm new password");
  const submit = form.getByRole("button", { name: "Change password" });

  // A wrong current password: refused beside the field, nothing typed comes back.
  await current.fill("Wrong-Passw0rd-1");
  await fresh.fill("Another-Passw0rd-9");
  await confirm.fill("Another-Passw0rd-9");
  await submit.click();
  await expect(page.locator("#change-password-currentPassword-error")).toHaveText("The current password is not correct.");
  await expect(current).toHaveValue("");
  await expect(fresh).toHaveValue("");
  await axeHere(page, "/patient/account/security (change password errors)", testInfo);

  const rules = (lang: "en" | "es") =>
    [
      ["Abcdefg1", lang === "en" ? "Password must be more than 8 characters" : "La contraseña debe tener más de 8 caracteres"],
      ["abcdefgh1", lang === "en" ? "Password must contain an uppercase letter" : "La contraseña debe contener una letra mayúscula"],
      ["ABCDEFGH1", lang === "en" ? "Password must contain a lowercase letter" : "La contraseña debe contener una letra minúscula"],
      ["Abcdefghij", lang === "en" ? "Password must contain a digit" : "La contraseña debe contener un número"],
      ["Abcd efgh1", lang === "en" ? "Password must not contain spaces" : "La contraseña no debe contener espacios"],
    ] as const;
  for (const [password, message] of rules("en")) {
    await current.fill(account.password);
    await fresh.fill(password);
    await confirm.fill(password);
    await submit.click();
    await expect(page.locator("#change-password-newPassword-error")).toHaveText(message);
  }
  if (!isNoJs(testInfo)) {
    // With JavaScript the rules are ticked off as you type.
    await fresh.fill("");
    await fresh.pressSequentially("Abc1");
    const checklist = page.locator("#change-password [data-testid=password-checklist]");
    await expect(checklist.locator("[data-rule=uppercase]")).toHaveAttribute("data-met", "true");
    await expect(checklist.locator("[data-rule=tooShort]")).toHaveAttribute("data-met", "false");
  }

  await switchLanguage(page, "Español");
  const esForm = page.locator("#change-password");
  for (const [password, message] of rules("es")) {
    await esForm.getByLabel("Contraseña actual").fill(account.password);
    await esForm.getByLabel("Nueva contraseña", { exact: true }).fill(password);
    await esForm.getByLabel("Confirme la nueva contraseña").fill(password);
    await esForm.getByRole("button", { name: "Cambiar contraseña" }).click();
    await expect(page.locator("#change-password-newPassword-error")).toHaveText(message);
  }
  await esForm.getByLabel("Contraseña actual").fill(account.password);
  await esForm.getByLabel("Nueva contraseña", { exact: true }).fill("Otra-Contrasena-9");
  await esForm.getByLabel("Confirme la nueva contraseña").fill("Otra-Contrasena-8");
  await esForm.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.locator("#change-password-passwordConfirm-error")).toHaveText("Las contraseñas no coinciden");
  await axeHere(page, "/patient/account/security (es-US)", testInfo);

  await esForm.getByLabel("Contraseña actual").fill(account.password);
  await esForm.getByLabel("Nueva contraseña", { exact: true }).fill("Otra-Contrasena-9");
  await esForm.getByLabel("Confirme la nueva contraseña").fill("Otra-Contrasena-9");
  await esForm.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(toast(page, "success")).toHaveText("Se cambió su contraseña. Se cerró la sesión en sus otros dispositivos.");
  await expect(page).toHaveURL(new RegExp(`${SECURITY}#password$`));

  // The other browser was signed out; this one stays signed in.
  await otherPage.goto("/patient");
  await expect(otherPage).toHaveURL("/login?redirectTo=%2Fpatient");
  await expect(otherPage.getByTestId("sign-in-notice")).toHaveText("You were signed out. Please sign in again.");
  await other.close();
  await page.goto(SECURITY);
  await expect(page).toHaveURL(SECURITY);
  // The new password works.
  const check = new ApiClient(API, testIp(slot(testInfo, 1)));
  await check.signIn(account.email, "Otra-Contrasena-9");
});

test("email change: 'Did you mean…?', the link goes to the new address, /confirm-email confirms only on the button", async ({ page, context }, testInfo) => {
  const account = await patientAccount(API, slot(testInfo, 2));
  await signInAs(page, account.email, account.password, SECURITY);
  await hydrated(page, testInfo);
  await expect(page.getByTestId("current-email")).toHaveText(account.email);

  const form = page.locator("#change-email");
  const typo = `moved.${slot(testInfo, 2)}@gmial.com`;
  const fixed = `moved.${slot(testInfo, 2)}@gmail.com`;
  await form.getByLabel("New email address").fill(typo);
  if (!isNoJs(testInfo)) {
    // With JavaScript, as you type.
    await expect(page.getByTestId("email-suggestion-live")).toContainText(`Did you mean ${fixed}?`);
    await expect(page.getByTestId("email-suggestion-live")).toContainText("This email address is probably not real");
  }
  await form.getByRole("button", { name: "Change email address" }).click();
  // The server asks before sending a link to a likely typo (also without JavaScript).
  const suggestion = page.getByTestId("email-suggestion");
  await expect(suggestion).toContainText(`Did you mean ${fixed}?`);
  await expect(suggestion).toContainText("This email address is probably not real");
  await expect(form.getByLabel("New email address")).toHaveValue(typo);
  await axeHere(page, "/patient/account/security (email suggestion)", testInfo);

  const before = await outboxHead(API);
  await suggestion.getByRole("button", { name: `Use ${fixed}` }).click();
  await expect(page.getByTestId("email-sent")).toContainText(`We sent a confirmation link to ${fixed}.`);
  // Unchanged until the link is opened.
  await expect(page.getByTestId("current-email")).toHaveText(account.email);
  const link = await outboxLink(API, fixed, "/confirm-email", before);

  // Opening the link changes nothing by itself (a mail scanner may follow links): a button confirms.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email address");
  await axeHere(page, "/confirm-email", testInfo);
  const check = await context.newPage();
  await check.goto(SECURITY);
  await expect(check.getByTestId("current-email")).toHaveText(account.email);
  await check.close();
  await page.getByRole("button", { name: "Confirm email address" }).click();
  await expect(page.getByTestId("confirm-email-done")).toContainText("Email address changed");
  await expect(page.getByTestId("confirm-email-done")).toContainText(`Your account now uses ${fixed}.`);
  await axeHere(page, "/confirm-email (done)", testInfo);
  await page.getByRole("link", { name: "Go to your account security" }).click();
  await expect(page.getByTestId("current-email")).toHaveText(fixed);

  // The link works once.
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Confirm email address" }).click();
  await expect(page.getByTestId("confirm-email-problem")).toHaveAttribute("data-reason", "used");
  await expect(page.getByTestId("confirm-email-problem")).toContainText("This link was already used");
  await axeHere(page, "/confirm-email (used)", testInfo);

  // In Spanish, the suggestion and its warning too; keeping the typed address sends the link there.
  await page.goto(SECURITY);
  await switchLanguage(page, "Español");
  const esForm = page.locator("#change-email");
  await esForm.getByLabel("Nuevo correo electrónico").fill(typo);
  await esForm.getByRole("button", { name: "Cambiar correo electrónico" }).click();
  await expect(page.getByTestId("email-suggestion")).toContainText(`¿Quiso decir ${fixed}?`);
  await expect(page.getByTestId("email-suggestion")).toContainText("Es probable que esta dirección de correo electrónico no sea real");
  await page.getByTestId("email-suggestion").getByRole("button", { name: `Mantener ${typo}` }).click();
  await expect(page.getByTestId("email-sent")).toContainText(`Enviamos un enlace de confirmación a ${typo}.`);
});

test("a confirm-email link that does not work says so, also to a guest", async ({ page }, testInfo) => {
  await page.goto("/confirm-email?code=not-a-real-code");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email address");
  await page.getByRole("button", { name: "Confirm email address" }).click();
  await expect(page.getByTestId("confirm-email-problem")).toHaveAttribute("data-reason", "invalid");
  await expect(page.getByRole("link", { name: "Go to sign in" })).toBeVisible();
  await axeHere(page, "/confirm-email (invalid, guest)", testInfo);
  await page.goto("/confirm-email");
  await expect(page.getByTestId("confirm-email-problem")).toHaveAttribute("data-reason", "invalid");
});

test("two-factor: enrol on the security page, sign in with a code, then with a recovery code, then turn it off", async ({ page }, testInfo) => {
  const account = await patientAccount(API, slot(testInfo, 4));
  await signInAs(page, account.email, account.password, SECURITY);
  await hydrated(page, testInfo);
  const section = page.locator("#two-factor");
  await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
  await section.getByRole("button", { name: "Set up two-factor authentication" }).click();

  // The QR code (the upstream's SVG, shown as an image) and the key.
  const qr = page.getByTestId("totp-qr");
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByTestId("totp-secret").getAttribute("data-secret"))!;
  expect(secret).toMatch(/^[A-Z2-7]{16,}/);
  await expect(page.getByTestId("totp-secret")).toHaveText(secret.replace(/=+$/, "").replace(/(.{4})(?=.)/g, "$1 "));
  await axeHere(page, "/patient/account/security (two-factor setup)", testInfo);
  const totp = authenticator(secret);

  // A wrong code: the error beside the field, the same QR code and key still there.
  await section.getByLabel("Code from your authenticator app").fill("000000");
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator("#totp-confirm-code-error")).toHaveText("Invalid code.");
  await expect(page.getByTestId("totp-secret")).toHaveAttribute("data-secret", secret);
  await expect(page.getByTestId("totp-qr")).toBeVisible();

  await section.getByLabel("Code from your authenticator app").fill(totp.generate());
  await section.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByTestId("recovery-codes");
  await expect(codes).toContainText("Your recovery codes");
  await expect(codes.locator("li")).toHaveCount(10);
  await expect(codes.getByRole("link", { name: "Download codes" })).toHaveAttribute("download", "recovery-codes.txt");
  if (!isNoJs(testInfo)) await expect(codes.getByRole("button", { name: "Print" })).toBeVisible();
  const recovery = await codes.locator("li code").allInnerTexts();
  expect(recovery[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expect(page.getByTestId("two-factor-status")).toHaveText("On");
  await axeHere(page, "/patient/account/security (recovery codes)", testInfo);

  // Sign in again: the password, then the code step.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step verification");
  await axeHere(page, "/login (two-factor step)", testInfo);
  await page.getByLabel("Verification code").fill(nextCode(totp));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/patient");

  // And with a recovery code instead (no access to the app).
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Use a recovery code");
  await axeHere(page, "/login (recovery code step)", testInfo);
  await page.getByLabel("Recovery code").fill("aaaa-bbbb-cccc");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#sign-in-recovery-recoveryCode-error")).toHaveText("Invalid code.");
  await page.getByLabel("Recovery code").fill(recovery[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/patient");

  // Turn it off: a wrong password is refused, the right one works.
  await page.goto(SECURITY);
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("You have 9 recovery codes left.");
  await section.getByLabel("Or your password").fill("Wrong-Passw0rd-1");
  await section.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(page.locator("#totp-disable-password-error")).toHaveText("The password is not correct.");
  await axeHere(page, "/patient/account/security (turn off, error)", testInfo);
  await section.getByLabel("Or your password").fill(account.password);
  await section.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(toast(page, "success")).toHaveText("Two-factor authentication is off.");
  await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
});

test("sessions: this device marked, another signed out, then all the others", async ({ page, browser }, testInfo) => {
  const account = await patientAccount(API, slot(testInfo, 5));
  const firefox = await browser.newContext({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0" });
  const phone = await browser.newContext({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  const firefoxPage = await firefox.newPage();
  const phonePage = await phone.newPage();
  await signInWithForm(firefoxPage, account.email, account.password);
  await signInWithForm(phonePage, account.email, account.password);
  await signInAs(page, account.email, account.password, SECURITY);

  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(3);
  const current = page.locator("[data-testid=session][data-current=true]");
  await expect(current).toContainText("This device");
  await expect(current).toContainText(/^Chrome on /);
  // Each with its address (all on this machine here) and its times.
  await expect(sessions.filter({ hasText: "Firefox on Windows" })).toContainText(/IP address: (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
  await expect(sessions.filter({ hasText: "Safari on iOS" })).toContainText(/Last active \d\d\/\d\d\/\d{4} \d\d:\d\d [ap]m/);
  await expect(current.getByRole("button")).toHaveCount(0);
  await axeHere(page, "/patient/account/security (sessions)", testInfo);

  await page.getByRole("button", { name: /^Sign out Firefox on Windows \(/ }).click();
  await expect(toast(page, "success")).toHaveText("The session has been signed out.");
  await expect(sessions).toHaveCount(2);
  await firefoxPage.goto("/patient");
  await expect(firefoxPage).toHaveURL("/login?redirectTo=%2Fpatient");
  await phonePage.goto("/patient");
  await expect(phonePage).toHaveURL("/patient");

  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(toast(page, "success")).toHaveText("1 other session has been signed out.");
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText("You are not signed in anywhere else.")).toBeVisible();
  await phonePage.goto("/patient");
  await expect(phonePage).toHaveURL("/login?redirectTo=%2Fpatient");
  await expect(phonePage.getByTestId("sign-in-notice")).toHaveText("You were signed out. Please sign in again.");
  await firefox.close();
  await phone.close();
});

test("staff and manager profile pages carry the security section at #security", async ({ page }, testInfo) => {
  for (const [user, path] of [
    ["provider", "/staff/profile"],
    ["manager", "/manager/profile"],
  ] as const) {
    await page.context().clearCookies();
    await signIn(page, user, `${path}#security`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
    const section = page.locator("section#security");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Security");
    for (const name of ["Password", "Email address", "Two-factor authentication", "Where you are signed in"]) {
      await expect(section.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    await expect(section.locator("[data-testid=session][data-current=true]")).toHaveCount(1);
    await axeHere(page, path, testInfo);
    // A form of the panel posts to the profile page's own action and comes back to it.
    await section.locator("#change-password").getByRole("button", { name: "Change password" }).click();
    await expect(page.locator("#change-password-currentPassword-error")).toHaveText("Value is required");
    await expect(page).toHaveURL(new RegExp(`${path}`));
  }
});

test("rate limits read clearly, in the user's language: sign-in and reset forms", async ({ page }, testInfo) => {
  const account = await patientAccount(API, slot(testInfo, 7));
  await page.goto("/login");
  // Five wrong passwords for one account from one address, then the sixth attempt is refused for a while.
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(`Wrong-Passw0rd-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("#sign-in").getByRole("alert")).toHaveText("Invalid email or password.");
  }
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#sign-in").getByRole("alert")).toHaveText(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  await switchLanguage(page, "Español");
  await page.getByLabel("Correo electrónico").fill(account.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.locator("#sign-in").getByRole("alert")).toHaveText(/^Demasiados intentos\. Inténtelo de nuevo en \d+ minutos?\.$/);

  // Five reset requests an hour for one address.
  const address = `nobody.${slot(testInfo, 7)}@example.com`;
  for (let i = 0; i < 5; i++) {
    await page.goto("/forgot-password");
    await page.getByLabel("Correo electrónico").fill(address);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page).toHaveURL("/reset-link");
  }
  await page.goto("/forgot-password");
  await page.getByLabel("Correo electrónico").fill(address);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.locator("#forgot-password").getByRole("alert")).toHaveText(/^Demasiados intentos\. Inténtelo de nuevo en \d+ minutos\.$/);
  await expect(page).toHaveURL("/forgot-password");
});
