/**
 * Defect 4 (spec §8 "no response"): with JavaScript, the browser's connection to the web drops while a form is
 * posted. The page, the form and what the user typed stay, and the toast "Please check your internet connection
 * and try again." says why (app/lib/offline.ts, the root's client middleware) — on Save details (profile), Make
 * primary (payment details) and Create task. A navigation to another page while offline shows the 503 "Service
 * unavailable" page with the same text instead of "500 Something went wrong"; a reload of the page on screen
 * keeps it; axe checks that 503 page (the sweep cannot reach it: its server-side twin needs a stopped upstream).
 * JavaScript only: without it the browser shows its own offline page and keeps the form when going
 * back (the upstream-down answers without JavaScript are in tests/web/upstream-down.test.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { choose, expectNoAxeViolations, hydrated, pick, signIn } from "./support";

const NETWORK = "Please check your internet connection and try again.";
const networkToast = (page: Page) => page.locator("[data-toast=error]").filter({ hasText: NETWORK });

/** The page did not turn into an error page. */
async function expectNoErrorPage(page: Page) {
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await expect(page.getByText("Service unavailable")).toHaveCount(0);
}

test("Save details while the connection is lost: the toast, and the form keeps the typed input", async ({ page }, testInfo) => {
  await signIn(page, "patient", "/patient/account/profile");
  await hydrated(page, testInfo);
  const details = page.getByRole("region", { name: "Personal details" });
  await details.getByLabel("First name").fill("Typed while offline");
  await details.getByLabel("Phone").fill("415.555.0123");
  await page.context().setOffline(true);
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(networkToast(page)).toHaveCount(1);
  await expectNoErrorPage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
  await expect(details.getByLabel("First name")).toHaveValue("Typed while offline");
  await expect(details.getByLabel("Phone")).toHaveValue("415.555.0123");
  await expect(details.getByRole("button", { name: "Save details" })).toBeEnabled();
  await expect(page).toHaveURL("/patient/account/profile");
});

test("Make primary while the connection is lost: the toast, and the cards stay as they were", async ({ page }, testInfo) => {
  await signIn(page, "patient", "/patient/account/payment-details");
  await hydrated(page, testInfo);
  const backup = page.getByTestId("card-row").filter({ hasText: "•••• 4444" });
  await expect(backup.getByText("Primary", { exact: true })).toHaveCount(0);
  await page.context().setOffline(true);
  await backup.getByRole("button", { name: /Make primary/ }).click();
  await expect(networkToast(page)).toHaveCount(1);
  await expectNoErrorPage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment details");
  await expect(backup.getByRole("button", { name: /Make primary/ })).toBeVisible();
  await expect(page.getByText("Primary", { exact: true })).toHaveCount(1);
});

test("Create task while the connection is lost: the toast, and the modal keeps the draft", async ({ page }, testInfo) => {
  await signIn(page, "nurse", "/staff/tasks?task=new");
  await hydrated(page, testInfo);
  const dialog = page.getByRole("dialog", { name: "Create a task" });
  const title = `Offline draft ${Date.now().toString(36)}`;
  await dialog.getByLabel(/^Summary/).fill(title);
  await dialog.getByLabel(/^Description/).fill("Typed before the connection dropped.");
  await pick(page, "patientId", "Emma Carter", "Submit");
  await pick(page, "providerId", "Grace Lee", "Assign");
  await choose(dialog, /^Journey/, "Weight loss");
  await choose(dialog, /^Task category/, "Pharmacy Tracking");
  await choose(dialog, /^Source/, "Phone");
  await page.context().setOffline(true);
  await dialog.getByRole("button", { name: "Create task" }).click();
  await expect(networkToast(page)).toHaveCount(1);
  await expectNoErrorPage(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Summary/)).toHaveValue(title);
  await expect(dialog.getByLabel(/^Description/)).toHaveValue("Typed before the connection dropped.");
  await expect(dialog.getByRole("button", { name: "Create task" })).toBeEnabled();
});

test("navigating while the connection is lost: another page shows the 503 page with the §8 text; the page on screen stays", async ({ page }, testInfo) => {
  await signIn(page, "patient", "/patient/account/billing");
  await hydrated(page, testInfo);
  // Both pages' code is loaded once, as it is after any visit (a page never opened needs its code from the server).
  await page.getByRole("navigation", { name: "Account menu" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
  await page.context().setOffline(true);

  // The link to the page on screen reloads its data: it stays, with the toast.
  await page.getByRole("navigation", { name: "Account menu" }).getByRole("link", { name: "Profile" }).click();
  await expect(networkToast(page)).toHaveCount(1);
  await expectNoErrorPage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");

  await page.getByRole("navigation", { name: "Account menu" }).getByRole("link", { name: "Billing" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service unavailable");
  await expect(page.getByText(NETWORK)).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await expect(page).toHaveURL("/patient/account/billing");
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "");
  // The same page as the server's 503 for a down upstream (UnavailablePage), which the axe sweep cannot reach.
  await expectNoAxeViolations(page, "the 503 page");

  await page.context().setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing");
});
