/**
 * Shared helpers of the web-shell end-to-end tests (the seeded demo accounts, signing in, axe).
 * Not a spec file: Playwright only runs *.spec.ts.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const PASSWORD = "DemoPassw0rd";

/** The demo accounts of the API's seed and where each role lands (spec §2, §4). */
export const DEMO = {
  patient: { email: "patient@demo.test", role: "patients", home: "/patient" },
  manager: { email: "manager@demo.test", role: "providers", home: "/manager" },
  provider: { email: "provider@demo.test", role: "providerUsers", home: "/staff" },
  support: { email: "support@demo.test", role: "customerSupport", home: "/staff" },
  supportManager: { email: "support-manager@demo.test", role: "customerSupportManagers", home: "/staff" },
  nurse: { email: "nurse@demo.test", role: "medicalSupport", home: "/staff" },
  nurseManager: { email: "nurse-manager@demo.test", role: "medicalSupportManagers", home: "/staff" },
} as const;
export type DemoUser = keyof typeof DEMO;

export const isNoJs = (testInfo: TestInfo) => testInfo.project.name === "nojs";

/** Fills and submits the sign-in form of the current page (/login). */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs in without the browser UI (the sign-in form itself is tested in auth.spec.ts): posts the form to
 * /login with the page's cookies, then opens `path` (the role's home by default).
 */
export async function signIn(page: Page, user: DemoUser, path: string | null = DEMO[user].home, origin?: string) {
  const base = origin ?? "";
  const response = await page.request.post(`${base}/login`, {
    form: { intent: "password", email: DEMO[user].email, password: PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${user}`).toBe(302);
  expect(response.headers()["location"]).toBe(DEMO[user].home);
  if (path !== null) await page.goto(`${base}${path}`);
}

/** The status a signed-in page answers with (an HTTP request with the page's cookies, no rendering). */
export async function statusOf(page: Page, path: string): Promise<number> {
  return (await page.request.get(path, { maxRedirects: 0 })).status();
}

/** Waits until the client has hydrated (the boot spinner's class is gone), a no-op without JavaScript. */
export async function hydrated(page: Page, testInfo: TestInfo) {
  if (isNoJs(testInfo)) return;
  await expect(page.locator("html")).not.toHaveClass(/booting/);
}

/** axe with the WCAG 2.2 AA rule set (ARCHITECTURE §7): zero violations. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
