/**
 * Signs in each demo account once per run and keeps its cookies (Playwright's storage state) in
 * `.tmp/e2e-auth/<port>/<user>.json`; `signIn()` of ./support puts them into a test's context instead of signing
 * in again. Runs as the "setup" project, which "js" and "nojs" depend on (playwright.config.ts).
 * Tests that end a session (logout, revocation) sign in afresh with `signInFresh()`, so the shared sessions
 * stay valid for everyone else.
 */
import { mkdirSync } from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { DEMO, DEMO_USERS, PASSWORD } from "../support/accounts";
import { authDir, authFile } from "./support";

setup("sign in each demo account once", async ({ browser, baseURL }) => {
  mkdirSync(authDir(), { recursive: true });
  for (const user of DEMO_USERS) {
    const context = await browser.newContext({ baseURL });
    const response = await context.request.post("/login", {
      form: { intent: "password", email: DEMO[user].email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(response.status(), `sign-in of ${user}`).toBe(302);
    // The home page shows (and so uses up) the sign-in's toast: otherwise every test's first page would open
    // with it over the top right of the page for five seconds, in the way of what the test clicks there.
    expect((await context.request.get(DEMO[user].home)).status(), `home of ${user}`).toBe(200);
    await context.storageState({ path: authFile(user) });
    await context.close();
  }
});
