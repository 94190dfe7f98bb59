/**
 * The clinical review queues in the browser with JavaScript (issue 14, H3): a chart signed by keyboard only — the
 * sign button stays disabled until the provider consent is checked. The no-JavaScript workflows (the consent refused
 * by the server with its error summary, addenda, the ready-for-review list, the uploads review) run over HTTP in
 * tests/web/review-queues.test.ts; the pages and the declared states are in the axe sweep.
 */
import { expect, test } from "@playwright/test";
import { hydrated, signIn } from "./support";

test("a provider signs a chart by keyboard, after confirming the consent", async ({ page }, testInfo) => {
  await signIn(page, "provider", "/staff/charts");
  await hydrated(page, testInfo);
  // Chart 1 stays to review for the axe sweep's declared sign-form state: sign another one.
  const row = page.locator('[data-testid=chart-row]:not([data-chart-id="1"])').first();
  const open = row.getByTestId("open-chart");
  await open.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chart-status")).toHaveText("To review");
  const sign = page.getByRole("button", { name: "Sign for approval" });
  await expect(sign).toBeDisabled();
  const consent = page.getByRole("checkbox", { name: /I confirm the provider consent/ });
  await consent.focus();
  await page.keyboard.press("Space");
  await expect(consent).toBeChecked();
  await expect(sign).toBeEnabled();
  await page.keyboard.press("Tab");
  await expect(sign).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chart-status")).toHaveText("Reviewed");
  await expect(page.getByTestId("signed-by")).toContainText("Signed by Marcus Hale on");
  await expect(page.getByText("The chart has been signed.")).toBeVisible();
  await expect(page.getByTestId("addendum-form")).toBeVisible();
});
