/**
 * What plain HTTP cannot show of sign-out without JavaScript: the staff profile menu is a <details> that the
 * browser opens by itself, and its Log out link then signs out. (Every other no-JavaScript workflow of
 * sign-in and logout runs over HTTP in tests/web/auth.test.ts.)
 */
import { expect, test } from "@playwright/test";
import { signInFresh } from "./support";

test("the staff profile menu opens without JavaScript, and its Log out link signs out", async ({ page }) => {
  await signInFresh(page, "provider");
  const menu = page.getByTestId("profile-menu");
  await expect(menu.getByRole("link", { name: "Log out" })).toBeHidden();
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Log out" })).toBeVisible();
  await menu.getByRole("link", { name: "Log out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.locator("[data-toast=success]")).toHaveText("You have been signed out.");
  await page.goto("/staff");
  await expect(page).toHaveURL("/login?redirectTo=%2Fstaff");
});
