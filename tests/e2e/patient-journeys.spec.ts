/**
 * The patient's overview and journeys with JavaScript (issue 15 part B): the overview streams (the shell with each
 * panel's placeholder first, then the panels as their calls resolve) and shows every panel, in en-US and es-US; a
 * journey opened from the overview by a client-side navigation; and issue 14's leftover: a provider declines a
 * treatment and its patient's journey page shows 'Intake denied: not eligible for the requested treatment'. The
 * same pages without JavaScript (complete in one response) are tests/web/patient-journeys.test.ts; every page is in
 * the axe sweep.
 */
import { expect, test } from "@playwright/test";
import { Client } from "../api/harness";
import { PASSWORD } from "../support/accounts";
import { hydrated, signIn, signInWith } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

test.describe("patient overview", () => {
  test("streams: the shell first with the panels' placeholders, then every panel", async ({ page }, testInfo) => {
    await signIn(page, "patient", "/patient");
    await hydrated(page, testInfo);
    // A browser that ran our script carries th_js: the document is streamed (app/lib/streaming.server.ts).
    expect((await page.context().cookies()).some((c) => c.name === "th_js" && c.value === "1")).toBe(true);
    const streamed = await (await page.request.get("/patient")).text();
    expect(streamed).toContain('data-testid="panel-loading"');
    await page.reload();
    // Inside its panel: while streaming, React parks each resolved panel in a hidden segment at the end of the body
    // until its script moves it in.
    for (const panel of ["panel-actions", "panel-next", "panel-journeys"]) await expect(page.getByTestId(panel).getByTestId(`${panel}-ready`)).toBeVisible();
    await expect(page.getByTestId("panel-loading")).toHaveCount(0);
    const inReview = page.locator("[data-testid=journey][data-state=pending]").first();
    await expect(inReview.getByTestId("review-clock")).toContainText(/left/);
    // The demo patient has a due check-in (other tests may request more: the first is checked).
    await expect(page.getByTestId("panel-actions").getByRole("link", { name: "Answer the check-in" }).first()).toHaveAttribute("href", /^\/patient\/check-ins\/\d+$/);
    await expect(page.getByTestId("unread-messages").getByRole("link")).toHaveAttribute("href", "/patient/chats");
    await expect(page.getByTestId("next-charge")).toContainText(/\$[\d,]+\.\d\d on \d\d\/\d\d\/\d{4}/);
    // A journey by a client-side navigation, and its progress.
    await page.locator("[data-testid=journey][data-state=approved]").filter({ hasText: "Weight loss" }).getByRole("heading").getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journey");
    await expect(page.getByTestId("journey-timeline").locator("[aria-current=step]")).toHaveAttribute("data-step", "checkIn");
    await page.getByRole("link", { name: "See your progress" }).click();
    await expect(page.getByTestId("weight-chart")).toBeVisible();
  });

});

test.describe("patient overview, es-US (the browser's language)", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });

  test("the panels in Spanish", async ({ page }, testInfo) => {
    await signIn(page, "patient", "/patient");
    await hydrated(page, testInfo);
    await expect(page.getByTestId("panel-journeys").getByTestId("panel-journeys-ready")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sus programas" })).toBeVisible();
    await expect(page.locator("[data-testid=journey][data-state=pending]").first()).toContainText("Un proveedor revisa su cuestionario en un plazo de 24 a 48 horas.");
  });
});

test("a provider declines a treatment; its patient's journey page shows the denial", async ({ page }, testInfo) => {
  // Liam Foster's (patient2@demo.test) haircare request, pending review with the demo provider: declined through the API.
  const staff = new Client(API);
  await staff.login("manager@demo.test");
  const patients = await staff.get<{ id: number; email: string }[]>("/api/v1/users?roles[]=patients&search=patient2%40demo.test&perPage=5");
  const liam = patients.body.data!.find((u) => u.email === "patient2@demo.test")!.id;
  const treatments = await staff.get<{ treatments: { id: number; reviewStatus: string; sectionType: number }[] }>(`/api/v1/treatments-v2?patientId=${liam}`);
  const pending = treatments.body.data!.treatments.find((t) => t.reviewStatus === "pending" && t.sectionType === 4)!;
  const declined = await staff.put(`/api/v1/treatments/${pending.id}/decline-v2`, { reason: "contraindication", note: "Not a candidate (e2e)." });
  expect(declined.status).toBe(200);

  await signInWith(page, { email: "patient2@demo.test", password: PASSWORD }, "/patient/journeys");
  await hydrated(page, testInfo);
  const card = page.locator("[data-testid=journey][data-state=declined]").filter({ hasText: "Haircare" });
  await expect(card).toContainText("This request was not approved.");
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByTestId("journey-denied")).toHaveText("Intake denied: not eligible for the requested treatment");
  await expect(page.getByTestId("journey-treatment")).toHaveAttribute("data-state", "declined");
});
