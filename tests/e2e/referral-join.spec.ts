/**
 * Joining from a referral invitation in the browser (/join; README "Refer a friend"), JavaScript on ("js") and off
 * ("nojs"): test patient 52 invites a new address on their refer-a-friend page; the invitation mail's join link (the
 * development outbox) opens the form for that address; a refused post shows the error summary (focused with script);
 * axe on both with script (the sweep checks the markup without it: tests/support/a11y-states/referral-join.ts); then the names, a password and the consent make the account and the new patient lands signed in on
 * their first journey with the welcome toast. The HTTP walk: tests/web/referral-join.test.ts; the calls:
 * tests/api/referral-join.test.ts.
 */
import { expect, test } from "@playwright/test";
import { outboxMail } from "./account-security-support";
import { expectNoAxeViolations, hydrated, isNoJs, signInWith, testPatient } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

test("the invitation mail's join link → the form → signed in", async ({ browser }, testInfo) => {
  const js = !isNoJs(testInfo);
  const email = `e2e-join-${js ? "js" : "nojs"}-${Math.random().toString(36).slice(2, 10)}@example.com`;

  const inviterContext = await browser.newContext({ javaScriptEnabled: js });
  const inviter = await inviterContext.newPage();
  await signInWith(inviter, testPatient(52), "/patient/refer-friend");
  await hydrated(inviter, testInfo);
  await inviter.getByLabel(/^Your friend's email/).fill(email);
  await inviter.getByRole("button", { name: "Send invitation" }).click();
  await expect(inviter.getByText("Your invitation has been sent.")).toBeVisible();
  await inviterContext.close();

  const { link } = await outboxMail(API, email, "/join");
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  await page.goto(link.pathname + link.search);
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Telehealth");
  await expect(page.getByTestId("join-email")).toHaveText(`Your account's email address: ${email}`);
  if (js) await expectNoAxeViolations(page, "join, the form of an invitation's link");

  await page.getByLabel(/^First name/).fill("Nora");
  await page.getByLabel(/^Choose a password/).fill("short");
  await page.getByLabel(/^Confirm/).fill("short");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByTestId("error-summary")).toBeVisible();
  if (js) {
    // The browser's own checks found the errors: the summary lists them and has the focus.
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await expect(page.getByTestId("error-summary")).toContainText("Last name: Value is required");
    await expect(page.getByLabel(/^Last name/)).toHaveAccessibleDescription(/Value is required/);
  } else {
    await expect(page.getByTestId("error-summary")).toContainText("Last name: Value is required");
    await expect(page.getByLabel(/^First name/)).toHaveValue("Nora");
    await expect(page.getByLabel(/^Choose a password/)).toHaveValue("");
  }
  if (js) await expectNoAxeViolations(page, "join, the form with its errors");

  await page.getByLabel(/^Last name/).fill("Newcomer");
  await page.getByLabel(/^Choose a password/).fill("JoinPassw0rd");
  await page.getByLabel(/^Confirm/).fill("JoinPassw0rd");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/patient\/journeys\/start$/);
  await expect(page.getByText("Welcome, Nora: your account is ready.")).toBeVisible();
  await context.close();
});
