/**
 * Shared helpers of the end-to-end tests (the demo accounts, signing in, axe). Not a spec file: Playwright
 * only runs *.spec.ts (and the setup project's *.setup.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { DEMO, PASSWORD, type DemoUser } from "../support/accounts";

export { DEMO, PASSWORD, testPatient, type DemoUser } from "../support/accounts";

export const isNoJs = (testInfo: TestInfo) => testInfo.project.name === "nojs";

/** Where the setup project keeps each demo account's signed-in cookies (one folder per server port). */
export const authDir = () => path.resolve(".tmp", "e2e-auth", process.env.E2E_PORT ?? "3100");
export const authFile = (user: DemoUser) => path.join(authDir(), `${user}.json`);

type StoredState = { cookies: Parameters<BrowserContext["addCookies"]>[0] };
const stored = new Map<DemoUser, StoredState>();

/** Fills and submits the sign-in form of the current page (/login). */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs the page's context in as a demo account with the cookies the setup project stored (one sign-in per
 * account per run), then opens `path` (the role's home by default). `origin` opens it on another host name
 * (the hmr theme): the stored cookies are for localhost, so there the account signs in afresh.
 */
export async function signIn(page: Page, user: DemoUser, path: string | null = DEMO[user].home, origin?: string) {
  if (origin && new URL(origin).hostname !== "localhost") return signInFresh(page, user, path, origin);
  if (!stored.has(user)) stored.set(user, JSON.parse(readFileSync(authFile(user), "utf8")) as StoredState);
  await page.context().addCookies(stored.get(user)!.cookies);
  if (path !== null) await page.goto(path);
}

/**
 * Signs in with a session of the test's own (posting the sign-in form, without the browser UI): for tests that
 * end their session (logout, revocation) and so must not end the shared one.
 */
export async function signInFresh(page: Page, user: DemoUser, path: string | null = DEMO[user].home, origin?: string) {
  const base = origin ?? "";
  const response = await page.request.post(`${base}/login`, {
    form: { intent: "password", email: DEMO[user].email, password: PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${user}`).toBe(302);
  expect(response.headers()["location"]).toBe(DEMO[user].home);
  if (path !== null) await page.goto(`${base}${path}`);
}

/** Signs in with any account's credentials (a test patient of `testPatient(slot)`) through the form's action. */
export async function signInWith(page: Page, account: { email: string; password: string }, path: string | null = "/patient") {
  const response = await page.request.post("/login", { form: { intent: "password", ...account }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${account.email}`).toBe(302);
  if (path !== null) await page.goto(path);
}

/** The status a signed-in page answers with (an HTTP request with the page's cookies, no rendering). */
export async function statusOf(page: Page, path: string): Promise<number> {
  return (await page.request.get(path, { maxRedirects: 0 })).status();
}

/** Counts the posts to `path` (a form's action) the page makes: client-side validation stops a failing form before any. */
export function countPosts(page: Page, path: string): () => number {
  let posts = 0;
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "POST" && (pathname === path || pathname === `${path}.data`)) posts++;
  });
  return () => posts;
}

/** Waits until the client has hydrated (the boot spinner's class is gone), a no-op without JavaScript. */
export async function hydrated(page: Page, testInfo: TestInfo) {
  if (isNoJs(testInfo)) return;
  await expect(page.locator("html")).not.toHaveClass(/booting/);
}

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe with the WCAG 2.2 AA rule set (ARCHITECTURE §7) on a state only script can show (an open listbox): zero
 * violations, and no colour-contrast item left for review. `include` limits it to that part of the page (what
 * an open popup covers cannot be judged, and is judged without it by the sweep). Every page and every state a
 * URL or a post can show is checked by the axe sweep (tests/e2e/a11y.spec.ts), not here.
 */
export async function expectNoAxeViolations(page: Page, label: string, include?: string[]) {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of include ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  const contrastUnsure = results.incomplete
    .filter((v) => v.id === "color-contrast" || v.id === "color-contrast-enhanced")
    .map((v) => `${v.id} (needs review): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect([...summary, ...contrastUnsure], `axe on ${label}`).toEqual([]);
}

/** Chooses an option of a design-system select (the enhanced combobox). */
export async function choose(scope: Locator, label: RegExp | string, option: string) {
  const control = scope.getByRole("combobox", { name: label });
  await control.click();
  const list = scope.page().locator(`[id="${await control.getAttribute("aria-controls")}"]`);
  await list.getByRole("option", { name: option, exact: true }).click();
}

/** Picks a person with the user picker of the form field `field`: open, search, choose, confirm (its button says `confirm`). */
export async function pick(page: Page, field: string, search: string, confirm: string) {
  const picker = page.locator(`[data-picker="${field}"]`);
  await picker.locator("button[aria-expanded]").click();
  const confirmButton = picker.getByRole("button", { name: confirm, exact: true });
  await picker.getByRole("searchbox").fill(search);
  await picker.getByRole("radio", { name: new RegExp(search) }).check();
  await confirmButton.click();
  await expect(picker.locator("button[aria-expanded]")).toContainText(search);
}
