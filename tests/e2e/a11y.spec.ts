/**
 * axe (WCAG 2.2 AA tags): zero violations on the login page and every layout of spec §2, in the default
 * theme and in the white-label hmr theme (served on its own host name).
 * axe is a script run in the page, which a context without JavaScript cannot run: these run in the "js"
 * project (the no-JS markup differs only in the toast position and the <noscript> image).
 */
import { expect, test, type Page } from "@playwright/test";
import { DEMO, expectNoAxeViolations, hydrated, submitSignIn, type DemoUser } from "./support";

const THEMES = [
  { name: "default", host: "localhost" },
  { name: "hmr", host: "hmr.localhost" },
] as const;

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "axe needs JavaScript in the page");
test.describe.configure({ timeout: 90_000 });

for (const theme of THEMES) {
  test.describe(`${theme.name} theme`, () => {
    let origin = "";
    test.beforeEach(({ baseURL }) => {
      origin = `http://${theme.host}:${new URL(baseURL!).port}`;
    });

    async function signInHere(page: Page, user: DemoUser) {
      await page.goto(`${origin}/login`);
      await submitSignIn(page, DEMO[user].email);
      await expect(page).toHaveURL(`${origin}${DEMO[user].home}`);
    }

    test("login, basic and not-found layouts", async ({ page }, testInfo) => {
      await page.goto(`${origin}/login`);
      await hydrated(page, testInfo);
      await expectNoAxeViolations(page, `${theme.name} /login`);
      // With the validation errors showing.
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, `${theme.name} /login with errors`);
      await page.goto(`${origin}/privacy-policy`);
      await expectNoAxeViolations(page, `${theme.name} /privacy-policy`);
      await page.goto(`${origin}/nothing-here`);
      await expectNoAxeViolations(page, `${theme.name} not found`);
      await page.goto(`${origin}/forgot-password`);
      await expectNoAxeViolations(page, `${theme.name} /forgot-password`);
    });

    test("patient and account layouts", async ({ page }, testInfo) => {
      await signInHere(page, "patient");
      await hydrated(page, testInfo);
      await expectNoAxeViolations(page, `${theme.name} /patient`);
      await page.goto(`${origin}/patient/account/profile`);
      await expectNoAxeViolations(page, `${theme.name} account`);
      await page.setViewportSize({ width: 375, height: 720 });
      await page.goto(`${origin}/patient/journeys`);
      await expectNoAxeViolations(page, `${theme.name} /patient mobile`);
      await page.getByTestId("mobile-menu").getByText("Menu", { exact: true }).click();
      await page.getByTestId("mobile-menu").getByText("Account settings").click();
      await expectNoAxeViolations(page, `${theme.name} /patient mobile menu open`);
    });

    test("staff, staff without header and review layouts", async ({ page }, testInfo) => {
      await signInHere(page, "provider");
      await hydrated(page, testInfo);
      await page.getByTestId("profile-menu").locator("summary").click();
      await expectNoAxeViolations(page, `${theme.name} /staff with the profile menu open`);
      await page.goto(`${origin}/staff/patients/1/visits`);
      await expectNoAxeViolations(page, `${theme.name} patient tabs`);
      await page.goto(`${origin}/staff/messages/1/chat`);
      await expectNoAxeViolations(page, `${theme.name} message room`);
      await page.goto(`${origin}/staff/patients/1/intakes/1/review`);
      await expectNoAxeViolations(page, `${theme.name} review`);
      await page.goto(`${origin}/staff/patients/1/intakes/1/review?cancel=1`);
      await expect(page.getByRole("dialog", { name: "Cancel review?" })).toBeVisible();
      await expectNoAxeViolations(page, `${theme.name} cancel-review modal`);
    });
  });
}
