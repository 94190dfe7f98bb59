/**
 * The header's global search with JavaScript (issue 13, spec §2, §5, §9): typing shows the dropdown's groups after
 * the 600 ms debounce, the arrow keys move through the options and Enter opens one, Enter with none (or the
 * button) opens the results page, Escape closes, a text that finds nothing says so, in en-US and es-US; axe on the
 * open dropdown (a state only typing shows). Without JavaScript (a GET form): tests/web/search-access.test.ts.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, signIn } from "./support";

test.describe("header global search", () => {
  test("the dropdown by keyboard: groups, arrows, Enter opens the patient record", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff");
    await hydrated(page, testInfo);
    const box = page.getByRole("combobox", { name: "Search" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.fill("carter");
    const listbox = page.getByRole("listbox", { name: "Search results" });
    await expect(listbox.getByRole("group", { name: "Treatments" })).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const emma = listbox.getByRole("option").filter({ hasText: "Emma Carter" });
    await expect(emma).toHaveCount(1);
    // Down through the options to Emma, whose id the input names as active; Enter opens her record.
    const ids = await listbox.getByRole("option").evaluateAll((els) => els.map((el) => el.id));
    const emmaId = await emma.getAttribute("id");
    for (let i = 0; i <= ids.indexOf(emmaId!); i++) await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", emmaId!);
    await expect(emma).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/staff\/patients\/\d+$/);
    await expect(listbox).toBeHidden();
  });

  test("axe on the open dropdown (a state only typing shows)", async ({ page }, testInfo) => {
    await signIn(page, "nurse", "/staff");
    await hydrated(page, testInfo);
    await page.getByRole("combobox", { name: "Search" }).fill("carter");
    await expect(page.getByRole("listbox", { name: "Search results" }).getByRole("option").first()).toBeVisible();
    await expectNoAxeViolations(page, "the open search dropdown", ["header"]);
  });

  test("Enter with no option chosen opens the results page; Escape closes; clearing resets", async ({ page }, testInfo) => {
    await signIn(page, "manager", "/manager");
    await hydrated(page, testInfo);
    const box = page.getByRole("combobox", { name: "Search" });
    await box.fill("hale");
    const listbox = page.getByRole("listbox", { name: "Search results" });
    await expect(listbox.getByRole("group", { name: "Providers" }).getByRole("option", { name: /Marcus Hale/ })).toBeVisible();
    await box.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.fill("");
    await expect(listbox.getByRole("option")).toHaveCount(0);
    await box.fill("hale");
    await expect(listbox.getByRole("option", { name: /Marcus Hale/ })).toBeVisible();
    await box.press("Enter");
    await expect(page).toHaveURL(/\/manager\/search\/hale$/);
    await expect(page.locator("#providers")).toContainText("Marcus Hale");
  });
});

test.describe("header global search in es-US", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });

  test("the groups and the no-results message in Spanish", async ({ page }, testInfo) => {
    await signIn(page, "support", "/staff");
    await hydrated(page, testInfo);
    const box = page.getByRole("combobox", { name: "Buscar" });
    await box.fill("zzqxjv");
    await expect(page.getByTestId("global-search-dropdown").getByRole("status")).toHaveText("No hay resultados para «zzqxjv»");
    await box.fill("carter");
    const listbox = page.getByRole("listbox", { name: "Resultados de la búsqueda" });
    await expect(listbox.getByRole("group", { name: "Tratamientos" })).toBeVisible();
    await expect(listbox.getByRole("option", { name: /Ver todos los resultados de «carter»/ })).toBeVisible();
  });
});
