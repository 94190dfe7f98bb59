/**
 * Sign-in and logout in the browser, with JavaScript (spec §2 Public, §4 Login): the form checked in the
 * browser before anything is posted, a refused password, a sign-in that lands home with a toast, and logout
 * from the patient menu and the staff profile menu. Every no-JavaScript workflow (sign-in by role, back to
 * the page asked for, the signed-in visit to /login, the rate limit, the logout another site cannot trigger)
 * runs over HTTP in tests/web/auth.test.ts; the form with its errors is swept by axe (a11y-states/shell.ts).
 * Tests that log out sign in with a session of their own (signInFresh), so the shared sessions stay valid.
 */
import { expect, test } from "@playwright/test";
import { beacons } from "./account-security-support";
import { DEMO, PASSWORD, hydrated, signInFresh, submitSignIn } from "./support";

test("empty fields show their errors beside the fields, checked in the browser before anything is posted", async ({ page }, testInfo) => {
  await page.goto("/login");
  await hydrated(page, testInfo);
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts++;
  });
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#sign-in-email-error")).toHaveText("Value is required");
  await expect(page.locator("#sign-in-password-error")).toHaveText("Value is required");
  // The first field in error has the focus.
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("x");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#sign-in-email-error")).toHaveText("Value is not a valid email address");
  // Fixed as you type.
  await page.getByLabel("Email").fill("someone@example.com");
  await expect(page.locator("#sign-in-email-error")).toHaveCount(0);
  await expect(page).toHaveURL("/login");
  expect(posts).toBe(0);
});

test("a wrong password is refused with the upstream message; the right one lands home with a toast", async ({ page }, testInfo) => {
  const quiet = beacons(page);
  await page.goto("/login");
  await hydrated(page, testInfo);
  await quiet.settled();
  await submitSignIn(page, DEMO.support.email, "WrongPassw0rd");
  await expect(page.locator("#sign-in").getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page.locator("[data-toast=error]")).toHaveText("Invalid email or password.");
  await expect(page).toHaveURL("/login");
  // The password is not kept in the page; the email is.
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue(DEMO.support.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(DEMO.support.home);
  await expect(page.locator("[data-toast=success]")).toHaveText("You are signed in.");
});

test("logout ends the session (patient menu)", async ({ page }) => {
  await signInFresh(page, "patient");
  await page.getByRole("complementary").getByRole("link", { name: "Log out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.locator("[data-toast=success]")).toHaveText("You have been signed out.");
  await page.goto("/patient");
  await expect(page).toHaveURL("/login?redirectTo=%2Fpatient");
});

test("logout from the staff profile menu", async ({ page }, testInfo) => {
  await signInFresh(page, "provider");
  await hydrated(page, testInfo);
  const menu = page.getByTestId("profile-menu");
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "Log out" }).click();
  await expect(page).toHaveURL("/login");
  await page.goto("/staff");
  await expect(page).toHaveURL("/login?redirectTo=%2Fstaff");
});
