/**
 * Users and roles and the dashboards in the browser with JavaScript (issue 19): the manager invites a nurse (en-US),
 * who sets her password through the emailed link and signs in (es-US) to her dashboard; a task assigned to her shows
 * in her dashboard's count on the next load; the manager suspends her (her next page is the sign-in page) and restores
 * her. The no-JavaScript walks (errors, duplicates, paging, the edit form) are tests/web/staff-admin.test.ts; the pages
 * and the declared states are in the axe sweep.
 */
import { expect, test } from "@playwright/test";
import { outboxHead, outboxLink } from "./account-security-support";
import { hydrated, signIn } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const PASSWORD = "Nurse-Browser-1";

/** The manager's own API session (plain fetch with cookies and the CSRF token): to assign a task as a colleague would. */
async function apiAsManager() {
  const cookies = new Map<string, string>();
  let csrf = "";
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(API + path, {
      method,
      headers: {
        Accept: "application/json",
        "X-Requested-With": "XMLHttpRequest",
        "X-Frontend-Version": "2",
        "Content-Type": "application/json",
        ...(csrf ? { "X-CSRF-Token": csrf } : {}),
        Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair!.indexOf("=");
      cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
    }
    return (await res.json()) as { data: Record<string, unknown> & { csrfTokenValue?: string } };
  };
  csrf = (await call("POST", "/api/v1/users/session-info")).data.csrfTokenValue ?? "";
  csrf = (await call("POST", "/actions/users/login", { loginName: "manager@demo.test", password: "DemoPassw0rd" })).data.csrfTokenValue ?? csrf;
  return call;
}

test("a manager invites a nurse who sets a password and signs in; her dashboard counts live; suspended and restored", async ({ page, browser }, testInfo) => {
  const email = `e2e-invite-${Date.now()}@staff.demo.test`;
  await signIn(page, "manager", "/manager/settings");
  await hydrated(page, testInfo);
  const invite = page.getByTestId("invite-form");
  await invite.getByRole("textbox", { name: /^Email/ }).fill(email);
  await invite.getByLabel(/^First name/).fill("Irene");
  await invite.getByLabel(/^Last name/).fill("Browser");
  await invite.getByLabel(/^Role/).selectOption("medicalSupport");
  await invite.getByLabel(/^Profession/).selectOption("nurse");
  await invite.getByLabel(/^Email language/).selectOption("es-US");
  const before = await outboxHead(API);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`An invitation has been sent to ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/manager\/settings\/\d+$/);
  const userId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByTestId("user-status")).toHaveText("Invited");

  // The nurse, in Spanish: the link, her password, her dashboard.
  const link = await outboxLink(API, email, "/set-password", before);
  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });
  const nurse = await context.newPage();
  await nurse.goto(link.pathname + link.search);
  await hydrated(nurse, testInfo);
  await nurse.getByLabel(/^Nueva contraseña/).fill(PASSWORD);
  await nurse.getByLabel(/^Confirme la nueva contraseña/).fill(PASSWORD);
  await nurse.getByRole("button", { name: "Establecer contraseña" }).click();
  await expect(nurse).toHaveURL(/\/password-changed$/);
  await nurse.goto("/login");
  await nurse.getByLabel(/^Correo electrónico/).fill(email);
  await nurse.getByLabel(/^Contraseña$/).fill(PASSWORD);
  await nurse.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(nurse).toHaveURL(/\/staff$/);
  await hydrated(nurse, testInfo);
  await expect(nurse.getByTestId("dashboard-ready")).toBeVisible();
  // Visible only: the nurse's page is not the front tab, and a streamed panel's server copy can stay in the document,
  // hidden, when the browser does not run its reveal before hydration does.
  await expect(nurse.getByTestId("count-tasks-todo").filter({ visible: true })).toHaveText("0");

  // A task assigned to her: the count on her next load.
  const api = await apiAsManager();
  const patients = await api("GET", "/api/v1/users?roles[]=patients&perPage=1");
  const patientId = (patients.data as unknown as { id: number }[])[0]!.id;
  await api("POST", "/api/v1/tasks", { title: "Call the patient back", description: "About the dose", patientId, providerId: userId, status: 1, sectionType: 1 });
  await nurse.reload();
  await hydrated(nurse, testInfo);
  await expect(nurse.getByTestId("count-tasks-todo").filter({ visible: true })).toHaveText("1");

  // Suspended: her next page is the sign-in page. Restored: active again.
  await page.reload();
  await hydrated(page, testInfo);
  await page.getByTestId("action-suspend").click();
  await page.getByTestId("confirm-yes").click();
  await expect(page.getByText("The user has been suspended and signed out.")).toBeVisible();
  await expect(page.getByTestId("user-status")).toHaveText("Suspended");
  await nurse.goto("/staff/tasks");
  await expect(nurse).toHaveURL(/\/login/);
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("The user has been restored.")).toBeVisible();
  await expect(page.getByTestId("user-status")).toHaveText("Active");
  await context.close();
});

test("the manager's dashboard in Spanish: turnaround, workload and the review clocks", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US" } });
  const page = await context.newPage();
  await signIn(page, "manager", "/manager");
  await hydrated(page, testInfo);
  await expect(page.getByRole("heading", { name: "Tiempo de revisión" })).toBeVisible();
  await expect(page.getByTestId("panel-workload").getByTestId("workload-row").first()).toBeVisible();
  await expect(page.getByTestId("review-clock").first()).toBeVisible();
  await context.close();
});
