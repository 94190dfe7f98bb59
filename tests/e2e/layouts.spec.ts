/**
 * Layouts of spec §2: patient (desktop sidebar, mobile bottom bar and full-screen menu, footer), account,
 * staff (sidebar by role, header), staff without header, review (steps, cancel-review modal), basic.
 * Every test runs with JavaScript on; without JavaScript the same markup, links and URL states are HTTP tests
 * (tests/web/layouts.test.ts), and only what needs a real browser runs in the nojs project too (tagged
 * @nojs-browser: the 375 px menu, a checkbox and a <details> that CSS shows; the staff profile menu's
 * <details> is tests/e2e/auth.nojs.spec.ts).
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, isNoJs, signIn, submitSignIn } from "./support";

// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => {
  test.skip(isNoJs(testInfo) && !testInfo.tags.includes("@nojs-browser"), "without JavaScript this is an HTTP test (tests/web/layouts.test.ts)");
});

test.describe("patient layout", () => {
  test("desktop sidebar: the main menu in the spec's order, unread counter, logout at the bottom", async ({ page }) => {
    await signIn(page, "patient");
    const sidebar = page.getByRole("complementary");
    const menu = sidebar.getByRole("navigation", { name: "Main menu" });
    await expect(menu.getByRole("listitem")).toHaveText([
      "Overview",
      "My journeys",
      "My progress",
      "Subscriptions",
      "Pharmacy",
      /^Messages\s*\d+\s*\d+ unread messages?$/,
      "Uploads",
      "Order history",
      "Account settings",
      "Help center",
    ]);
    await expect(menu.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Log out" })).toBeVisible();
    await expect(sidebar.getByRole("img", { name: "Telehealth" })).toBeVisible();
    // Footer: the four legal pages and the current year.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link")).toHaveText(["Telehealth consent", "Privacy policy", "Terms and conditions", "Cancellation policy"]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Telehealth`);
    await footer.getByRole("link", { name: "Privacy policy" }).click();
    await expect(page).toHaveURL("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
    // The document title follows client-side navigations too.
    await expect(page).toHaveTitle("Telehealth | Privacy policy");
  });

  test("menu items follow the profile flags", async ({ page }) => {
    await page.goto("/login");
    // The second demo patient has neither progress nor the pharmacy available.
    await submitSignIn(page, "patient2@demo.test");
    await expect(page).toHaveURL("/patient");
    const menu = page.getByRole("complementary").getByRole("navigation", { name: "Main menu" });
    await expect(menu.getByRole("link", { name: "My journeys" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "My progress" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Pharmacy" })).toHaveCount(0);
  });

  test("account layout: close link and account menu", async ({ page }) => {
    await signIn(page, "patient");
    await page.goto("/patient/account");
    await expect(page).toHaveURL("/patient/account/profile");
    const menu = page.getByRole("navigation", { name: "Account menu" });
    await expect(menu.getByRole("link")).toHaveText(["Back to overview", "Profile", "My pharmacy", "Billing", "Payment details", "Security"]);
    await menu.getByRole("link", { name: "Security" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
    await page.getByRole("link", { name: "Close account settings" }).click();
    await expect(page).toHaveURL("/patient");
  });
});

test.describe("patient layout on a 375 px screen", () => {
  test.use({ viewport: { width: 375, height: 720 } });

  test("bottom bar and the full-screen menu with the account submenu", { tag: "@nojs-browser" }, async ({ page }, testInfo) => {
    await signIn(page, "patient");
    await hydrated(page, testInfo);
    await expect(page.getByRole("complementary")).toBeHidden();
    const bar = page.getByRole("navigation", { name: "Quick links" });
    await expect(bar.getByRole("link")).toHaveText(["Overview", "My journeys", /^\s*\d+\s*\d+ unread messages?\s*Chats$/, "My progress", "Pharmacy"]);

    // One menu for both sizes (the sidebar above the large breakpoint): hidden here until the menu button opens it.
    const panel = page.getByRole("navigation", { name: "Main menu" });
    await expect(panel).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(panel).toBeVisible();
    await expect(page.getByText("Close menu", { exact: true })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Order history" })).toBeVisible();
    // Account settings is a submenu here, not a link.
    await expect(panel.getByRole("link", { name: "Account settings" })).toBeHidden();
    await expect(panel.getByRole("link", { name: "Billing" })).toBeHidden();
    await panel.locator("summary").getByText("Account settings").click();
    await expect(panel.getByRole("link", { name: "Billing" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Log out" })).toBeVisible();
    // The open menu and the header with its menu button pass axe at this size (axe runs as a script: JavaScript on).
    if (!isNoJs(testInfo)) await expectNoAxeViolations(page, "patient menu open on a 375 px screen", ["header", "#patient-menu"]);
    await panel.getByRole("link", { name: "Help center" }).click();
    await expect(page).toHaveURL("/patient/help-center");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help center");
    // The menu is closed on the new page.
    await expect(panel).toBeHidden();
    await expect(page.getByText("Menu", { exact: true })).toBeVisible();

    await bar.getByRole("link", { name: "My journeys" }).click();
    await expect(page).toHaveURL("/patient/journeys");
  });
});

test.describe("staff layout", () => {
  test("the sidebar is built from the role", async ({ page }) => {
    await signIn(page, "provider");
    const sidebar = page.getByTestId("staff-sidebar");
    await expect(sidebar.getByRole("link")).toHaveText([
      "Dashboard",
      "Ready for review",
      "Patients",
      "Messages",
      "Tasks",
      "Payouts",
      "Charts",
      "Renewals",
      "Shipments",
      "Uploads",
      "Past due patients",
    ]);
  });

  test("customer support: no charts, no payouts, no workload", async ({ page }) => {
    await signIn(page, "support");
    await expect(page.getByTestId("staff-sidebar").getByRole("link")).toHaveText([
      "Dashboard",
      "Patients",
      "Messages",
      "Tasks",
      "Renewals",
      "Shipments",
      "Uploads",
    ]);
  });

  test("manager: manager pages, workload and settings at the bottom", async ({ page }) => {
    await signIn(page, "manager");
    const links = page.getByTestId("staff-sidebar").getByRole("link");
    await expect(links).toHaveText([
      "Dashboard",
      "Ready for review",
      "Patients",
      "Messages",
      "Tasks",
      "Charts",
      "Renewals",
      "Shipments",
      "Uploads",
      "Past due patients",
      "Provider workload",
      "Settings",
    ]);
    await expect(links.filter({ hasText: "Settings" })).toHaveAttribute("href", "/manager/settings");
    await expect(links.filter({ hasText: "Charts" })).toHaveAttribute("href", "/manager/charts");
  });

  test("header: search form, profile menu with links by role", async ({ page, javaScriptEnabled }) => {
    await signIn(page, "manager");
    // The box is a combobox once hydrated (its dropdown: tests/e2e/global-search.spec.ts), a plain search field without JavaScript.
    await page.getByRole(javaScriptEnabled ? "combobox" : "searchbox", { name: "Search" }).fill("jane doe");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/manager/search/jane%20doe");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results");

    const menu = page.getByTestId("profile-menu");
    await menu.locator("summary").click();
    await expect(menu.getByTestId("profile-name")).not.toBeEmpty();
    await expect(menu.getByRole("link", { name: "My availability" })).toHaveAttribute("href", "/manager/profile#schedule");
    await expect(menu.getByRole("link", { name: "Account settings" })).toHaveAttribute("href", "/manager/profile#general");
    await expect(menu.getByRole("link", { name: "Licenses" })).toHaveAttribute("href", "/manager/profile#licenses");
  });

  test("header profile links for other staff point at /staff/profile", async ({ page }) => {
    await signIn(page, "nurse");
    const menu = page.getByTestId("profile-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Licenses" })).toHaveAttribute("href", "/staff/profile#licenses");
    await menu.getByRole("link", { name: "My availability" }).click();
    await expect(page).toHaveURL("/staff/profile#schedule");
  });

  test("patient page tabs", async ({ page }) => {
    await signIn(page, "support");
    await page.goto("/staff/patients/1");
    const tabs = page.getByRole("navigation", { name: "Patient sections" });
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Access management" }).click();
    await expect(page).toHaveURL("/staff/patients/1/access-management");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Access management");
  });

  test("the message room has the sidebar but no header", async ({ page }) => {
    await signIn(page, "support");
    await page.goto("/staff/messages/1/chat");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message room");
    await expect(page.getByTestId("staff-sidebar")).toBeVisible();
    await expect(page.getByRole("searchbox")).toHaveCount(0);
  });
});

test.describe("review layout", () => {
  test("steps and the cancel-review modal", async ({ page }, testInfo) => {
    await signIn(page, "provider");
    await page.goto("/staff/patients/1/intakes/1/review");
    await hydrated(page, testInfo);
    const steps = page.getByRole("navigation", { name: "Review steps" });
    // Treatment 1 is approved (its intake step shows a check and "approved"); Emma's plan has a dosage cycle, so
    // manage prescription is a step (spec §2, §4).
    await expect(steps.getByRole("listitem")).toHaveText(["Review the intakeapproved", "2Record visitavailable", "3Manage prescriptionavailable", "4Inform the patientavailable"]);
    await expect(steps.locator("[aria-current=step]")).toContainText("Review the intake");

    await page.getByRole("link", { name: "Cancel review" }).click();
    await expect(page).toHaveURL(/\?cancel=1$/);
    const dialog = page.getByRole("dialog", { name: "Cancel review?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "No, continue review" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/staff/patients/1/intakes/1/review");

    await page.getByRole("link", { name: "Cancel review" }).click();
    await page.getByRole("dialog", { name: "Cancel review?" }).getByRole("link", { name: "Yes, cancel" }).click();
    await expect(page).toHaveURL("/staff/patients/1");
  });

  test("the chart review: review the chart, then sign for approval (disabled)", async ({ page }) => {
    await signIn(page, "nurse");
    // Chart 1: the demo patient's approved treatment, to review.
    await page.goto("/staff/charts/1?cancel=1");
    await expect(page.getByRole("navigation", { name: "Review steps" }).getByRole("listitem")).toHaveText([
      "1Review the chartcurrent step",
      "2Sign for approvalnot available yet",
    ]);
    await page.getByRole("dialog", { name: "Cancel review?" }).getByRole("link", { name: "Yes, cancel" }).click();
    await expect(page).toHaveURL("/staff/charts");
  });
});

test("basic layout: legal pages are public", async ({ page }) => {
  for (const [path, title] of [
    ["/telehealth-consent", "Telehealth consent"],
    ["/terms-and-conditions", "Terms and conditions"],
    ["/cancellation-policy", "Cancellation policy"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`Telehealth | ${title}`);
  }
});

test("password pages exist with their forms", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  // The upstream answers the same for any address (no enumeration); then ResetPasswordLink shows it.
  const email = `nobody-${Date.now()}@example.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL("/reset-link");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  // A link that does not work says so on opening it, with no form (the form on a real link: password-reset.spec.ts).
  await page.goto("/set-password?code=abc&id=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a new password");
  await expect(page.getByTestId("link-problem")).toHaveAttribute("data-reason", "invalid");
  await expect(page.getByText("This link does not work")).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  await page.goto("/password-changed");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password changed");
  // The login name was shown once only.
  await page.goto("/reset-link");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  await expect(page.getByText(email)).toHaveCount(0);
});
