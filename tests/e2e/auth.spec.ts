/**
 * Sign-in by role (spec §2 Public, §4 Login), the signed-in visit to /login, form errors, logout.
 * Runs with JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { DEMO, PASSWORD, hydrated, signIn, submitSignIn, type DemoUser } from "./support";

test.describe("sign-in by role", () => {
  for (const user of Object.keys(DEMO) as DemoUser[]) {
    test(`${DEMO[user].email} lands on ${DEMO[user].home}`, async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL("/login");
      await submitSignIn(page, DEMO[user].email);
      await expect(page).toHaveURL(DEMO[user].home);
      // The upstream's success message, as a toast.
      await expect(page.locator("[data-toast=success]")).toHaveText("You are signed in.");
    });
  }
});

test("a signed-in visit to /login redirects by role", async ({ page }) => {
  await signIn(page, "manager", "/login");
  await expect(page).toHaveURL("/manager");
  await page.goto("/");
  await expect(page).toHaveURL("/manager");
});

test("a signed-in nurse visiting /login goes to the staff home", async ({ page }) => {
  await signIn(page, "nurse", "/login");
  await expect(page).toHaveURL("/staff");
});

test("empty fields show their errors beside the fields", async ({ page }, testInfo) => {
  await page.goto("/login");
  await hydrated(page, testInfo);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#sign-in-email-error")).toHaveText("Value is required");
  await expect(page.locator("#sign-in-password-error")).toHaveText("Value is required");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("x");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#sign-in-email-error")).toHaveText("Value is not a valid email address");
  await expect(page).toHaveURL("/login");
});

test("a wrong password is refused with the upstream message", async ({ page }) => {
  await page.goto("/login");
  await submitSignIn(page, DEMO.support.email, "WrongPassw0rd");
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." }).first()).toBeVisible();
  await expect(page.locator("[data-toast=error]")).toHaveText("Invalid email or password.");
  await expect(page).toHaveURL("/login");
  // The password is not sent back into the page.
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await submitSignIn(page, DEMO.support.email, PASSWORD);
  await expect(page).toHaveURL("/staff");
});

test("logout ends the session (patient menu)", async ({ page }) => {
  await signIn(page, "patient");
  await page.getByRole("complementary").getByRole("link", { name: "Log out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.locator("[data-toast=success]")).toHaveText("You have been signed out.");
  await page.goto("/patient");
  await expect(page).toHaveURL("/login?redirectTo=%2Fpatient");
});

test("logout from the staff profile menu", async ({ page }) => {
  await signIn(page, "provider");
  await page.getByTestId("profile-menu").locator("summary").click();
  await page.getByTestId("profile-menu").getByRole("link", { name: "Log out" }).click();
  await expect(page).toHaveURL("/login");
  await page.goto("/staff");
  await expect(page).toHaveURL("/login?redirectTo=%2Fstaff");
});

test("a logout link on another site cannot sign the user out", async ({ page }) => {
  await signIn(page, "patient");
  // A GET from another site (Sec-Fetch-Site: cross-site) only shows a confirmation page…
  const crossSite = await page.request.get("/actions/users/logout", { headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
  expect(crossSite.status()).toBe(200);
  const html = await crossSite.text();
  expect(html).toContain("Do you want to sign out?");
  await page.goto("/patient");
  await expect(page).toHaveURL("/patient");
  // …whose POST form, carrying the session's form token, signs out.
  const formToken = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
  expect(formToken).toBeTruthy();
  const confirmed = await page.request.post("/actions/users/logout", { form: { formToken: formToken! }, maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  expect(confirmed.headers()["location"]).toBe("/login");
  await page.goto("/patient");
  await expect(page).toHaveURL("/login?redirectTo=%2Fpatient");
});

test("a logout post without the form token is refused", async ({ page }) => {
  await signIn(page, "patient");
  const response = await page.request.post("/actions/users/logout", { form: { formToken: "forged" }, maxRedirects: 0 });
  expect(response.status()).toBe(403);
  await page.goto("/patient");
  await expect(page).toHaveURL("/patient");
});
