/**
 * Sign-in with the two-factor step in the browser, with JavaScript (spec §3 "Login response may carry
 * authMethod for TOTP", §4 Login): the upstream answers the password with a challenge, the same page asks
 * for the code (the field has the focus), or for a recovery code, then the user lands on the page they
 * asked for. Two-factor authentication is switched on for a test patient of the test's own through the
 * upstream API first. The same steps without JavaScript run over HTTP in tests/web/auth.test.ts; their
 * error states are swept by axe from tests/support/a11y-states/account-security.ts.
 */
import { expect, test } from "@playwright/test";
import { beacons, enableTotpFor, nextCode } from "./account-security-support";
import { hydrated, submitSignIn, testPatient } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

test("a password sign-in with two-factor authentication asks for the code, refuses a wrong one, then goes on to the page asked for", async ({ page }, testInfo) => {
  const account = testPatient(14);
  const { totp } = await enableTotpFor(API, account.email, account.password);

  const quiet = beacons(page);
  await page.goto("/login?redirectTo=%2Fpatient%2Faccount%2Fsecurity");
  await hydrated(page, testInfo);
  await quiet.settled();
  await submitSignIn(page, account.email, account.password);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step verification");
  const code = page.getByLabel("Verification code");
  await expect(code).toBeFocused();

  // A wrong code is refused; the step stays, the code is cleared.
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("[data-toast=error]")).toHaveText("Invalid code.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step verification");
  await expect(code).toHaveValue("");

  // Codes are single-use: the enrolment used the current one, so sign in with the next period's code.
  await code.fill(nextCode(totp));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/patient/account/security");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
});

test("a recovery code instead of the app: a wrong one is refused beside the field, a right one signs in", async ({ page }, testInfo) => {
  const account = testPatient(15);
  const { recoveryCodes } = await enableTotpFor(API, account.email, account.password);

  const quiet = beacons(page);
  await page.goto("/login");
  await hydrated(page, testInfo);
  await quiet.settled();
  await submitSignIn(page, account.email, account.password);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step verification");
  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Use a recovery code");
  const field = page.getByLabel("Recovery code");
  await expect(field).toBeFocused();
  await field.fill("aaaa-bbbb-cccc");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#sign-in-recovery-recoveryCode-error")).toHaveText("Invalid code.");
  await field.fill(recoveryCodes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/patient");
});
