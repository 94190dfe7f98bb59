/**
 * The access rule (spec §2 "Access rule", §6; app/lib/access.ts): not-found for roles that may not open a
 * page, /login for /patient paths and for guests, and back to the page after signing in.
 */
import { expect, test } from "@playwright/test";
import { DEMO, signIn, signInFresh, statusOf, submitSignIn } from "./support";

test("a patient on a staff page gets the not-found page with a way home", async ({ page }) => {
  await signIn(page, "patient", null);
  const response = await page.goto("/staff/patients");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle("Telehealth | Page not found");
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/patient");
});

test("a support user on a manager page gets not-found", async ({ page }) => {
  await signIn(page, "support", null);
  const response = await page.goto("/manager");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  // …and on a staff page their role has no entry for (charts: medical support and providerUsers only).
  expect(await statusOf(page, "/staff/charts")).toBe(404);
  expect(await statusOf(page, "/staff/patients")).toBe(200);
});

test("a guest on a patient page signs in and comes back to it", async ({ page }) => {
  await page.goto("/patient/journeys");
  await expect(page).toHaveURL("/login?redirectTo=%2Fpatient%2Fjourneys");
  await submitSignIn(page, DEMO.patient.email);
  await expect(page).toHaveURL("/patient/journeys");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My journeys");
});

test("a guest on a staff page signs in and comes back to it", async ({ page }) => {
  await page.goto("/staff/tasks");
  await expect(page).toHaveURL("/login?redirectTo=%2Fstaff%2Ftasks");
  await submitSignIn(page, DEMO.nurse.email);
  await expect(page).toHaveURL("/staff/tasks");
});

test("after sign-in, a page the role may not open is replaced by the role's home", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fmanager%2Fsettings");
  await submitSignIn(page, DEMO.support.email);
  await expect(page).toHaveURL("/staff");
});

test("redirectTo never leaves the site", async ({ page }) => {
  await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fx");
  await submitSignIn(page, DEMO.patient.email);
  await expect(page).toHaveURL("/patient");
});

test("staff on a patient page are sent to sign-in, which sends them home", async ({ page }) => {
  await signIn(page, "provider", "/patient/orders");
  await expect(page).toHaveURL("/staff");
});

test("an unknown path is not found, for guests too", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/login");
});

test.describe("route-table conflicts (decisions in app/lib/access.ts)", () => {
  test("nurse: record note yes; record visit, payouts, ready for review no", async ({ page }) => {
    await signIn(page, "nurse", null);
    expect(await statusOf(page, "/staff/patients/1/intakes/1/record-note")).toBe(200);
    expect(await statusOf(page, "/staff/patients/1/intakes/1/record-visit")).toBe(404);
    expect(await statusOf(page, "/provider/payouts")).toBe(404);
    expect(await statusOf(page, "/staff/ready-for-review")).toBe(404);
    expect(await statusOf(page, "/staff/tasks")).toBe(200);
    expect(await statusOf(page, "/staff/shipments")).toBe(200);
  });

  test("customer support: no record note, no record visit", async ({ page }) => {
    await signIn(page, "support", null);
    expect(await statusOf(page, "/staff/patients/1/intakes/1/record-note")).toBe(404);
    expect(await statusOf(page, "/staff/patients/1/intakes/1/record-visit")).toBe(404);
    expect(await statusOf(page, "/staff/shipments")).toBe(200);
  });

  test("provider: record visit, payouts, ready for review, shipments", async ({ page }) => {
    await signIn(page, "provider", null);
    expect(await statusOf(page, "/staff/patients/1/intakes/1/record-visit")).toBe(200);
    expect(await statusOf(page, "/provider/payouts")).toBe(200);
    expect(await statusOf(page, "/staff/ready-for-review")).toBe(200);
    expect(await statusOf(page, "/staff/shipments")).toBe(200);
    expect(await statusOf(page, "/staff/tasks")).toBe(200);
  });

  test("manager: shipments, tasks and ready for review in the manager tree; record visit", async ({ page }) => {
    await signIn(page, "manager", null);
    expect(await statusOf(page, "/staff/shipments")).toBe(404);
    expect(await statusOf(page, "/manager/shipments")).toBe(200);
    expect(await statusOf(page, "/staff/tasks")).toBe(404);
    expect(await statusOf(page, "/manager/tasks")).toBe(200);
    expect(await statusOf(page, "/staff/ready-for-review")).toBe(404);
    expect(await statusOf(page, "/manager/ready-for-review")).toBe(200);
    expect(await statusOf(page, "/provider/payouts")).toBe(404);
    expect(await statusOf(page, "/staff/patients/1/intakes/1/record-visit")).toBe(200);
    expect(await statusOf(page, "/staff")).toBe(200);
  });
});

test("an upstream session that ends (revoked elsewhere) signs the web session out and says so", async ({ page, context }) => {
  // A session of its own: ending the shared stored one would sign every later patient test out.
  await signInFresh(page, "patient", null);
  // Read the upstream session token and CSRF token the web keeps in its own cookie, and end that upstream
  // session directly at the API, as a sign-out on another device or a password reset would.
  const webCookie = (await context.cookies()).find((c) => c.name === "th_web")!;
  const payload = JSON.parse(Buffer.from(decodeURIComponent(webCookie.value).split(".")[0], "base64").toString("utf8"));
  const api = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
  const revoked = await fetch(`${api}/actions/users/logout`, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Requested-With": "XMLHttpRequest",
      "X-Frontend-Version": "2",
      "X-CSRF-Token": payload.csrf,
      Cookie: `th_session=${payload.upstream.th_session}`,
    },
    body: "{}",
  });
  expect(revoked.status).toBe(200);

  await page.goto("/patient/orders");
  await expect(page).toHaveURL("/login?redirectTo=%2Fpatient%2Forders");
  // Said beside the sign-in form (once), not as a toast that might be missed.
  await expect(page.getByTestId("sign-in-notice")).toHaveText("You were signed out. Please sign in again.");
  await submitSignIn(page, DEMO.patient.email);
  await expect(page).toHaveURL("/patient/orders");
});
