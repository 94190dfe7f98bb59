/**
 * The design pages (spec §2): /_design/foundation and /_design/components/{component}.
 *
 * Runs in both Playwright projects ("js" and "nojs", playwright.config.ts). Form tests submit real
 * forms and read the values the server echoes in <output data-testid="submitted">. Without JavaScript the
 * same submissions run as HTTP in the fast tier (tests/web/design.test.ts, forms serialised as a browser does),
 * so in the nojs project only what needs a real browser runs (tagged @nojs-browser: computed theme colours,
 * the modal's width, hash tabs, the tooltip on focus and hover) besides the "without JavaScript" block. Keyboard
 * and dialog tests that depend on script run in the js project only. Every design page answers 200 with its heading in the web tier's route
 * sweep; axe checks every design page in both themes in the axe sweep (tests/e2e/a11y.spec.ts).
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectNoAxeViolations, isNoJs } from "./support";

const submitted = (page: Page) => page.getByTestId("submitted");

/** English texts: make sure the page renders in en-US whatever the browser sends. */
test.use({ locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US" } });

/** Without JavaScript, the tests of the first two blocks not tagged @nojs-browser are HTTP tests (tests/web/design.test.ts). */
const httpWithoutJs = (testInfo: TestInfo) =>
  test.skip(isNoJs(testInfo) && !testInfo.tags.includes("@nojs-browser"), "without JavaScript this is an HTTP test (tests/web/design.test.ts)");

test.describe("design pages render", () => {
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => httpWithoutJs(testInfo));
  test("the component heading names the component; the title names the section", async ({ page }) => {
    await page.goto("/_design/components/button-group");
    await expect(page).toHaveTitle(/Design system: components$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Button group");
    await expect(page.getByRole("link", { name: "Button group" })).toHaveAttribute("aria-current", "page");
  });

  test("an unknown component is not found", async ({ page }) => {
    const response = await page.goto("/_design/components/carousel");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Design system" })).toHaveCount(0);
  });

  test("?theme=hmr wraps the page in the hmr theme, and links keep it", { tag: "@nojs-browser" }, async ({ page }) => {
    await page.goto("/_design/components/badge?theme=hmr");
    await expect(page.locator('[data-theme="hmr"]').first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Alert", exact: true })).toHaveAttribute("href", /theme=hmr/);
    const primary = await page
      .getByRole("link", { name: "Back to the default theme" })
      .evaluate((el) => getComputedStyle(el).color);
    await page.goto("/_design/components/badge");
    const defaultPrimary = await page
      .getByRole("link", { name: "Preview the hmr theme" })
      .evaluate((el) => getComputedStyle(el).color);
    expect(primary).not.toBe(defaultPrimary);
  });

  test("the foundation shows both themes side by side", { tag: "@nojs-browser" }, async ({ page }) => {
    await page.goto("/_design/foundation");
    await expect(page.getByTestId("theme-default")).toBeVisible();
    await expect(page.getByTestId("theme-hmr")).toBeVisible();
    const bg = (id: string) =>
      page.getByTestId(id).locator("li", { hasText: "primary-foreground / primary" }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg("theme-default")).not.toBe(await bg("theme-hmr"));
  });
});

test.describe("form controls submit their values", () => {
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => httpWithoutJs(testInfo));
  test("button: the pressed button's value", async ({ page }) => {
    await page.goto("/_design/components/button");
    await page.getByRole("button", { name: "Secondary" }).first().click();
    await expect(submitted(page)).toHaveText("intent=secondary");
    await expect(page).toHaveURL(/intent=secondary/);
  });

  test("button group: the chosen view, marked pressed", async ({ page }) => {
    await page.goto("/_design/components/button-group");
    await page.getByRole("button", { name: "Month" }).click();
    await expect(submitted(page)).toHaveText("view=month");
    await expect(page.getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "false");
  });

  test("checkbox: checked boxes only, disabled ones never", async ({ page }) => {
    await page.goto("/_design/components/checkbox");
    await page.getByLabel("Email me about my orders").check();
    await page.getByLabel("Text me shipping updates").uncheck();
    await page.getByLabel("I agree to the telehealth consent").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("updates=email");
    await expect(submitted(page)).toContainText("terms=on");
    await expect(submitted(page)).not.toContainText("updates=sms");
    await expect(submitted(page)).not.toContainText("lockedOn");
  });

  test("input: text fields post to the action; the error is tied to its field", async ({ page }) => {
    await page.goto("/_design/components/input");
    const phone = page.getByLabel("Phone");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription("Enter a 10-digit phone number.");
    await page.getByLabel("First name").fill("Ana María");
    await page.getByLabel("Email").fill("ana@example.com");
    await phone.fill("5551234567");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("firstName=Ana María");
    await expect(submitted(page)).toContainText("email=ana@example.com");
    await expect(submitted(page)).toContainText("phone=5551234567");
    await expect(submitted(page)).not.toContainText("memberId");
  });

  test("radio: one value per group", async ({ page }) => {
    await page.goto("/_design/components/radio");
    await expect(page.getByLabel("Every 3 months")).toBeChecked();
    await expect(page.getByLabel("12 months")).toBeDisabled();
    await page.getByLabel("6 months").check();
    await page.getByLabel("Every year").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("frequency=yearly");
    await expect(submitted(page)).toContainText("plan=6");
  });

  test("switch: on switches submit, off ones do not", async ({ page }) => {
    await page.goto("/_design/components/switch");
    const bot = page.getByRole("switch", { name: "Chat bot replies" });
    await expect(bot).not.toBeChecked();
    await bot.check();
    await page.getByRole("switch", { name: "Available for new patients" }).uncheck();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("bot=on");
    await expect(submitted(page)).not.toContainText("available=on");
  });

  test("textarea: 8 rows by default, posts its text", async ({ page }) => {
    await page.goto("/_design/components/textarea");
    const note = page.getByLabel("Visit note");
    await expect(note).toHaveAttribute("rows", "8");
    await note.fill("Line one\nLine two");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("note=Line one");
    await expect(submitted(page)).toContainText("Line two");
  });

  test("search input: a GET form with a results page", async ({ page }) => {
    await page.goto("/_design/components/search-input");
    await expect(page.getByRole("search").first()).toBeVisible();
    await page.getByRole("searchbox", { name: "Search medications", exact: true }).fill("ti");
    await page.getByRole("button", { name: "Search" }).first().click();
    await expect(page).toHaveURL(/[?&]q=ti/);
    await expect(page.getByTestId("search-results")).toContainText("Tirzepatide");
    await expect(page.getByTestId("search-results")).toContainText("Semaglutide");
    await expect(page.getByTestId("search-results")).not.toContainText("Sildenafil");
  });

  test("modal: opens from a link, its form submits, Cancel goes back", async ({ page }) => {
    await page.goto("/_design/components/modal");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("link", { name: "Open modal", exact: true }).click();
    await expect(page).toHaveURL(/modal=default/);
    const dialog = page.getByRole("dialog", { name: "Edit nickname" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(480);
    await dialog.getByLabel("Nickname").fill("Mari");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toHaveText("nickname=Mari");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Open modal", exact: true }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/modal=/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("modal: the wide variant is at most 800px, the close button is a way back", { tag: "@nojs-browser" }, async ({ page }) => {
    await page.goto("/_design/components/modal?modal=wide");
    const dialog = page.getByRole("dialog", { name: "Task 1042" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThan(480);
    expect(box?.width).toBeLessThanOrEqual(800);
    await dialog.getByRole("link", { name: "Close" }).first().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
  });

  test("tabs: query tabs are links the server follows", async ({ page }) => {
    await page.goto("/_design/components/tabs");
    const nav = page.getByRole("navigation", { name: "Patient sections" });
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: /Visits/ }).click();
    await expect(page).toHaveURL(/tab=visits/);
    await expect(nav.getByRole("link", { name: /Visits/ })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", /.*/);
    await expect(page.getByText("The visits tab: visit records.")).toBeVisible();
    await expect(page.getByText("The overview tab: the patient's summary.")).toHaveCount(0);
  });

  test("tabs: hash tabs show their panel", { tag: "@nojs-browser" }, async ({ page }) => {
    await page.goto("/_design/components/tabs");
    await expect(page.getByText("Treatments that match the search.")).toBeVisible();
    await expect(page.getByText("Tasks that match the search.")).toBeHidden();
    await page.getByRole("navigation", { name: "Search results" }).getByRole("link", { name: "Tasks" }).click();
    await expect(page).toHaveURL(/#tasks$/);
    await expect(page.getByText("Tasks that match the search.")).toBeVisible();
    await expect(page.getByText("Treatments that match the search.")).toBeHidden();
  });

  test("tooltip: shown on keyboard focus and on hover", { tag: "@nojs-browser" }, async ({ page }) => {
    await page.goto("/_design/components/tooltip");
    const trigger = page.getByRole("button", { name: "About BMI" });
    const tip = page.getByRole("tooltip", { name: /Weight in kilograms/ });
    await expect(tip).toBeHidden();
    await expect(trigger).toHaveAccessibleDescription(/Weight in kilograms/);
    await trigger.focus();
    await expect(tip).toBeVisible();
    await trigger.blur();
    await expect(tip).toBeHidden();
    await page.getByRole("button", { name: "Bottom" }).hover();
    await expect(page.getByRole("tooltip", { name: "Shown on the Bottom side" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "no-JavaScript behaviour");

  test("select: the native select is the control and submits", async ({ page }) => {
    await page.goto("/_design/components/select");
    await page.getByLabel("State").selectOption("NY");
    await page.getByLabel("Task category").selectOption("2");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("state=NY");
    await expect(submitted(page)).toContainText("category=2");
    await expect(submitted(page)).toContainText("status=");
    await expect(submitted(page)).toContainText("native=AZ");
  });

  test("select: a required select without a choice blocks the submission", async ({ page }) => {
    await page.goto("/_design/components/select");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toHaveText("Nothing submitted yet.");
    expect(await page.getByLabel("Task category").evaluate((el: HTMLSelectElement) => el.validity.valueMissing)).toBe(true);
  });

  test("tag input: comma-separated text plus ticked existing tags", async ({ page }) => {
    await page.goto("/_design/components/tag-input");
    await page.getByRole("checkbox", { name: "follow-up" }).uncheck();
    await page.getByRole("textbox", { name: "Tags", exact: true }).fill("refill, Weight-Loss ,  new");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("tags (parseTags)=weight-loss | refill | new");
  });

  test("modal: a click on the backdrop goes back to the page", async ({ page }) => {
    await page.goto("/_design/components/modal?modal=default");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(page).not.toHaveURL(/modal=/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("hash tabs: a tab address opens that panel", async ({ page }) => {
    await page.goto("/_design/components/tabs#providers");
    await expect(page.getByText("Providers that match the search.")).toBeVisible();
    await expect(page.getByText("Treatments that match the search.")).toBeHidden();
  });
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "needs JavaScript");

  test("Tab and Shift+Tab follow the visual order and skip disabled controls", async ({ page }) => {
    await page.goto("/_design/components/checkbox");
    await page.getByLabel("Email me about my orders").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Text me shipping updates")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("I agree to the telehealth consent")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Select all (partly selected)")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByLabel("Select all (partly selected)")).toBeFocused();
    expect(await page.getByLabel("Select all (partly selected)").evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
  });

  test("the skip link is the first stop and jumps to the main content", async ({ page }) => {
    await page.goto("/_design/components/input");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: /skip/i });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("modal: Escape closes it and focus returns to the opener", async ({ page }) => {
    await page.goto("/_design/components/modal");
    const opener = page.getByRole("link", { name: "Open modal", exact: true });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit nickname" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
    await expect(dialog.getByLabel("Nickname")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
    await expect(opener).toBeFocused();
  });

  test("modal: a click on the backdrop closes it", async ({ page }) => {
    await page.goto("/_design/components/modal");
    await page.getByRole("link", { name: "Cancel review" }).click();
    await expect(page.getByRole("dialog", { name: "Cancel review?" })).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
  });

  test("modal: a server-rendered open modal becomes a real modal dialog after hydration", async ({ page }) => {
    await page.goto("/_design/components/modal?modal=default");
    const dialog = page.getByRole("dialog", { name: "Edit nickname" });
    await expect.poll(() => dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
  });

  test("modal: a state-driven modal returns focus to its button", async ({ page }) => {
    await page.goto("/_design/components/modal");
    const button = page.getByRole("button", { name: "Open with JavaScript" });
    await button.click();
    await expect(page.getByRole("dialog", { name: "Opened by a button" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test("tabs: arrow keys move between tabs; hash tabs switch without reloading", async ({ page }) => {
    await page.goto("/_design/components/tabs");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const nav = page.getByRole("navigation", { name: "Search results" });
    await nav.getByRole("link", { name: "Treatments" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(nav.getByRole("link", { name: "Tasks" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(nav.getByRole("link", { name: "Providers" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(nav.getByRole("link", { name: "Treatments" })).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#providers$/);
    await expect(nav.getByRole("link", { name: "Providers" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Providers that match the search.")).toBeVisible();
    await expect(page.getByText("Treatments that match the search.")).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    const queryNav = page.getByRole("navigation", { name: "Patient sections" });
    await queryNav.getByRole("link", { name: "Overview" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(queryNav.getByRole("link", { name: "Orders" })).toBeFocused();
  });

  test("radio: arrow keys move the choice within the group", async ({ page }) => {
    await page.goto("/_design/components/radio");
    await page.getByLabel("Every 3 months").focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByLabel("Every year")).toBeChecked();
    await expect(page.getByLabel("Every year")).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(page.getByLabel("Every 3 months")).toBeChecked();
  });

  test("select: keyboard, filtering, no-results label and the submitted value", async ({ page }) => {
    await page.goto("/_design/components/select");
    const state = page.getByRole("combobox", { name: "State" });
    await expect(state).toHaveValue("California");
    await state.focus();
    await page.keyboard.press("ArrowDown");
    const list = page.getByRole("listbox", { name: "State" });
    await expect(list).toBeVisible();
    expect((await list.boundingBox())?.height).toBeLessThanOrEqual(250);
    const california = list.getByRole("option", { name: "California" });
    await expect(california).toHaveAttribute("aria-selected", "true");
    await expect(state).toHaveAttribute("aria-activedescendant", (await california.getAttribute("id")) ?? "");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(state).toHaveValue("Colorado");
    await expect(list).toBeHidden();

    await state.fill("new y");
    await expect(list.getByRole("option")).toHaveText(["New York"]);
    await page.keyboard.press("Enter");
    await expect(state).toHaveValue("New York");

    await state.fill("zzz");
    await expect(page.getByText("No results")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(state).toHaveValue("New York");
    await expect(page.getByText("No results")).toBeHidden();

    const category = page.getByRole("combobox", { name: /Task category/ });
    const refund = page.getByRole("listbox", { name: /Task category/ }).getByRole("option", { name: "Refund" });
    await category.click();
    await refund.click();
    await expect(category).toHaveValue("Refund");
    // Not deselectable: choosing it again keeps it.
    await category.click();
    await refund.click();
    await expect(category).toHaveValue("Refund");

    // Deselectable: choosing the selected option again clears it.
    const status = page.getByRole("combobox", { name: "Status" });
    const statusList = page.getByRole("listbox", { name: "Status" });
    await status.click();
    await statusList.getByRole("option", { name: "Done" }).click();
    await expect(status).toHaveValue("Done");
    await status.click();
    await statusList.getByRole("option", { name: "Done" }).click();
    await expect(status).toHaveValue("");
    await status.click();
    await statusList.getByRole("option", { name: "In progress" }).click();

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("state=NY");
    await expect(submitted(page)).toContainText("status=in_progress");
    await expect(submitted(page)).toContainText("category=2");
  });

  test("tag input: Enter and comma add chips, Backspace removes, chips submit", async ({ page }) => {
    await page.goto("/_design/components/tag-input");
    const input = page.getByRole("textbox", { name: "Tags", exact: true });
    await input.fill("alpha");
    await input.press("Enter");
    await input.pressSequentially("beta,");
    const chips = page.getByRole("list", { name: "Tags" }).getByRole("listitem");
    await expect(chips).toHaveText(["weight-loss", "follow-up", "alpha", "beta"]);
    await expect(input).toHaveValue("");
    await input.press("Backspace");
    await expect(chips).toHaveText(["weight-loss", "follow-up", "alpha"]);
    await page.getByRole("button", { name: "Remove follow-up" }).click();
    await expect(chips).toHaveText(["weight-loss", "alpha"]);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(submitted(page)).toContainText("tags (parseTags)=weight-loss | alpha");
  });

  test("search input: debounced search as you type; clearing resets", async ({ page }) => {
    await page.goto("/_design/components/search-input");
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(".data") && url.searchParams.has("q")) dataRequests.push(url.searchParams.get("q") ?? "");
    });
    const box = page.getByRole("searchbox", { name: "Search medications", exact: true });
    await box.pressSequentially("tirz", { delay: 40 });
    await expect(page).toHaveURL(/[?&]q=tirz/);
    await expect(page.getByTestId("search-results")).toContainText("Tirzepatide");
    // Typing faster than the debounce sends one request, for the whole text.
    expect(dataRequests).toEqual(["tirz"]);
    await box.fill("");
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(page.getByTestId("search-results")).toContainText("Type a medication name.");

    const live = page.getByRole("searchbox", { name: "Search medications as you type" });
    await live.pressSequentially("fin");
    await expect(page.getByTestId("live-results")).toHaveText("Finasteride");
  });

  test("tooltip: Escape hides it while it is focused", async ({ page }) => {
    await page.goto("/_design/components/tooltip");
    const trigger = page.getByRole("button", { name: "About BMI" });
    const tip = page.getByRole("tooltip", { name: /Weight in kilograms/ });
    await trigger.focus();
    await expect(tip).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();
  });
});

test.describe("accessibility of what only script shows", () => {
  // Every design page, its modal and tab states, in both themes, with JavaScript on and off, is checked by the
  // axe sweep (tests/e2e/a11y.spec.ts, tests/support/a11y-states/design.ts). An open listbox exists only with
  // JavaScript, after a key press, so it is checked here.
  test("an open enhanced select has no violations", async ({ page }, testInfo) => {
    test.skip(isNoJs(testInfo), "the listbox exists with JavaScript only");
    await page.goto("/_design/components/select");
    const state = page.getByRole("combobox", { name: "State" });
    await expect(state).toHaveValue("California");
    await state.focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("listbox", { name: "State" })).toBeVisible();
    await expectNoAxeViolations(page, "open enhanced select", ["[role=listbox]"]);
  });
});
