/**
 * Refer a friend in the browser (issue 18), JavaScript on ("js") and off ("nojs"): the patient sees their code and
 * link, an invalid address is refused (focus on the error summary with script, the field described by its error),
 * then an invitation is sent and listed as Invited; the page in Spanish. Test patients 38 (js), 39 (nojs), 40 (es-US).
 * The HTTP walk of both forms: tests/web/referrals.test.ts; the $99 rule and the credits: tests/api/referrals.test.ts.
 */
import { expect, test } from "@playwright/test";
import { hydrated, isNoJs, signInWith, testPatient } from "./support";

const friendEmail = () => `e2e-friend-${Math.random().toString(36).slice(2, 10)}@example.com`;

test("invite a friend and see them listed", async ({ page }, testInfo) => {
  const slot = isNoJs(testInfo) ? 39 : 38;
  await signInWith(page, testPatient(slot), "/patient/refer-friend");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refer a friend");
  await expect(page.getByTestId("referral-code")).toHaveText(`TEST${slot}`);
  await expect(page.getByLabel(/^Your personal link/)).toHaveValue(new RegExp(`/patient/refer-friend\\?code=TEST${slot}$`));

  await page.getByLabel(/^Your friend's email/).fill("not-an-address");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("error-summary")).toBeVisible();
  if (!isNoJs(testInfo)) await expect(page.getByTestId("error-summary")).toBeFocused();
  await expect(page.getByLabel(/^Your friend's email/)).toHaveAccessibleDescription(/Value is not a valid email address/);

  const to = friendEmail();
  await page.getByLabel(/^Your friend's email/).fill(to);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Your invitation has been sent.")).toBeVisible();
  await expect(page.getByTestId("friends").locator("tbody tr", { hasText: to })).toContainText("Invited");
});

test("the refer a friend page in Spanish", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" }, javaScriptEnabled: !isNoJs(testInfo) });
  const page = await context.newPage();
  await signInWith(page, testPatient(40), "/patient/refer-friend");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recomiende a un amigo");
  await page.getByLabel(/^Correo electrónico de tu amigo/).fill(testPatient(40).email);
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByLabel(/^Correo electrónico de tu amigo/)).toHaveAccessibleDescription(/No puedes invitarte a ti mismo\./);
  await context.close();
});
