/**
 * The clinical review's steps in the browser with JavaScript (issue 14, H2): the allergies combobox by keyboard
 * (type, ↓, Enter) in a recorded visit, and one prescription written. The same workflows without JavaScript run over
 * HTTP in tests/web/clinical-review.test.ts; every step page and its error state is in the axe sweep
 * (tests/support/a11y-states/clinical-review.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signIn } from "./support";

/** Emma's (patient 1) approved treatment with the seed's prescriptions: treatment 1 (tests/support/routes.ts samples it). */
const prescribable = async (_page: Page) => "1";

test.describe("clinical review", () => {
  test("record a visit: the allergies combobox by keyboard", async ({ page }, testInfo) => {
    await signIn(page, "provider", null);
    const id = await prescribable(page);
    await page.goto(`/staff/patients/1/intakes/${id}/record-visit`);
    await hydrated(page, testInfo);
    await page.getByLabel(/^Chief complaint/).fill("Keyboard visit");
    const combo = page.getByRole("combobox", { name: "Search allergies" });
    await combo.focus();
    await page.keyboard.type("shell");
    await expect(page.getByRole("option", { name: /Shellfish/ })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(combo).toHaveAttribute("aria-activedescendant", /shellfish/);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("allergies-selected").getByRole("checkbox", { name: /Shellfish/ })).toBeChecked();
    await expect(combo).toHaveValue("");
    await page.getByLabel(/^Assessment/).fill("Stable");
    await page.getByLabel(/^Plan/).fill("Continue");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByText("The visit has been recorded.")).toBeVisible();
    await expect(page).toHaveURL(/\/(manage-prescription|inform-patient)$/);
  });

  test("write a prescription", async ({ page }, testInfo) => {
    await signIn(page, "provider", null);
    const id = await prescribable(page);
    await page.goto(`/provider/patients/1/intakes/${id}/manage-prescription`);
    await hydrated(page, testInfo);
    await page.getByLabel(/^Diagnosis code/).selectOption("E66.01");
    await page.getByLabel(/^Instructions/).fill("");
    await page.getByRole("button", { name: "Save prescription" }).click();
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await page.getByLabel(/^Instructions/).fill("Inject 0.5 mg once weekly (e2e).");
    await page.getByRole("button", { name: "Save prescription" }).click();
    await expect(page.getByText("The prescription has been saved.")).toBeVisible();
    await expect(page.getByTestId("prescription-history")).toContainText("Inject 0.5 mg once weekly (e2e).");
  });
});
