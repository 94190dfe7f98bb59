/**
 * The document shell: languages (spec §1), themes (white-label hmr host names), page titles, security
 * headers (ARCHITECTURE §6), toasts (spec §9), the boot spinner, analytics (Init + PageView).
 */
import { expect, test } from "@playwright/test";
import { DEMO, hydrated, isNoJs, signIn, submitSignIn } from "./support";

test.describe("languages", () => {
  test("switching to es-US translates the page and stays chosen", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
    await expect(page).toHaveTitle("Telehealth | Iniciar sesión");
    await expect(page.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");

    // Signed-in pages, toasts and validation messages follow.
    await page.getByLabel("Correo electrónico").fill(DEMO.patient.email);
    await page.getByLabel("Contraseña").fill("DemoPassw0rd");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL("/patient");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resumen");
    await expect(page.locator("[data-toast=success]")).toHaveText("Ha iniciado sesión.");
    await expect(page.getByRole("complementary").getByRole("link", { name: "Mis programas" })).toBeVisible();

    await page.getByRole("complementary").getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
  });

  test.describe("Accept-Language", () => {
    test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });
    test("a Spanish browser gets es-US, including the upstream's error message", async ({ page }) => {
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
      await page.getByLabel("Correo electrónico").fill(DEMO.patient.email);
      await page.getByLabel("Contraseña").fill("WrongPassw0rd");
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      await expect(page.locator("[data-toast=error]")).toHaveText("Correo electrónico o contraseña incorrectos.");
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      await expect(page.locator("#sign-in-password-error")).toHaveText(/.+/);
    });
  });
});

test.describe("themes", () => {
  // The theme is the server's markup (data-theme, title, icon) and the stylesheet's colours, the same whatever
  // the browser's script setting: checked once, here with JavaScript on; without JavaScript the axe sweep's
  // second pass shows every page on the hmr host (tests/e2e/a11y.spec.ts).
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => test.skip(isNoJs(testInfo), "the same server markup and stylesheet as with JavaScript"));
  for (const host of ["hmr.localhost", "hmrprogram.localhost"]) {
    test(`the hmr theme on ${host}`, async ({ page, baseURL }) => {
      const port = new URL(baseURL!).port;
      await page.goto(`http://${host}:${port}/login`);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "hmr");
      await expect(page).toHaveTitle("HMR Program | Sign in");
      await expect(page.getByRole("img", { name: "HMR Program" })).toBeVisible();
      await expect(page.locator("link[rel=icon]")).toHaveAttribute("href", "/favicon-hmr.svg");
      // The theme's colours come from app.css under [data-theme="hmr"].
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary").trim());
      expect(primary).toBe("#0f5f57");
    });
  }

  test("the default theme elsewhere", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.+/);
    await expect(page).toHaveTitle("Telehealth | Sign in");
    await expect(page.locator("link[rel=icon]")).toHaveAttribute("href", "/favicon-default.svg");
  });
});

test.describe("headers", () => {
  // Response headers do not depend on the browser's script setting: checked once, with JavaScript on.
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => test.skip(isNoJs(testInfo), "the same response headers as with JavaScript"));
  test("security headers, a nonce on every script, no-store pages", async ({ page }) => {
    const response = await page.goto("/login");
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "default-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-powered-by"]).toBeUndefined();
    expect(headers["cache-control"]).toBe("no-store");
    const html = await response!.text();
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/json")([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // A second request gets another nonce.
    const again = await page.request.get("/login");
    expect(again.headers()["content-security-policy"]).not.toContain(nonce!);
  });

  test("signed-in pages are no-store; fingerprinted assets are immutable; /healthz answers", async ({ page }) => {
    await signIn(page, "patient");
    const response = await page.goto("/patient/orders");
    expect(response!.headers()["cache-control"]).toBe("no-store");
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(await response!.text())?.[1];
    expect(asset).toBeTruthy();
    const assetResponse = await page.request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    expect(assetResponse.headers()["cache-control"]).toContain("immutable");
    expect(assetResponse.headers()["cache-control"]).toContain("max-age=31536000");
    const health = await page.request.get("/healthz");
    expect(await health.json()).toEqual({ status: "ok", upstream: "up" });
  });

  test("no CSP violations or page errors while browsing", async ({ page }, testInfo) => {
    test.skip(isNoJs(testInfo), "script errors need script");
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await signIn(page, "patient");
    await page.getByRole("complementary").getByRole("link", { name: "My journeys" }).click();
    await expect(page).toHaveURL("/patient/journeys");
    await page.goto("/patient/account/billing");
    await page.goto("/login?x=1");
    expect(problems).toEqual([]);
  });
});

test.describe("toasts", () => {
  test("top right, in a live region; auto-dismissed after 5 s with JavaScript", async ({ page }, testInfo) => {
    // The page's clock, moved on by hand below instead of waiting five seconds.
    if (!isNoJs(testInfo)) await page.clock.install();
    await page.goto("/login");
    await submitSignIn(page, DEMO.patient.email);
    await expect(page).toHaveURL("/patient");
    const region = page.getByRole("region", { name: "Notifications" });
    const toast = region.locator("[data-toast=success]");
    await expect(toast).toHaveText("You are signed in.");
    await expect(region.locator("[aria-live=polite]")).toContainText("You are signed in.");
    const box = await toast.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 40);
    expect(box!.y).toBeLessThan(100);
    if (isNoJs(testInfo)) {
      // Without JavaScript the toast stays for this page and is gone on the next one.
      await page.goto("/patient/orders");
      await expect(region.locator("[data-toast]")).toHaveCount(0);
    } else {
      await page.clock.fastForward(5_000);
      await expect(toast).toBeHidden();
    }
  });
});

test.describe("boot spinner", () => {
  test("shown only while the client boots", async ({ page }, testInfo) => {
    await page.goto("/login");
    const spinner = page.getByRole("status").filter({ hasText: "Loading…" });
    if (isNoJs(testInfo)) {
      await expect(spinner).toBeHidden();
      await expect(page.locator("html")).not.toHaveClass(/booting/);
    } else {
      await hydrated(page, testInfo);
      await expect(spinner).toBeHidden();
    }
  });
});

test.describe("analytics", () => {
  test("Init once per visit and a PageView after each navigation, with device details", async ({ page }, testInfo) => {
    test.skip(isNoJs(testInfo), "the no-JS path is tested below");
    const events: { event: string; payload: { name: string; url: string }; device?: Record<string, string>; browser?: unknown }[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/resources/track") && request.method() === "POST") events.push(request.postDataJSON());
    });
    const tracked = (n: number) => expect.poll(() => events.length).toBeGreaterThanOrEqual(n);
    await page.goto("/login");
    await tracked(2);
    await submitSignIn(page, DEMO.patient.email);
    await expect(page).toHaveURL("/patient");
    await tracked(3);
    await page.getByRole("complementary").getByRole("link", { name: "Uploads" }).click();
    await expect(page).toHaveURL("/patient/uploads");
    await tracked(4);
    expect(events.map((e) => `${e.event} ${e.payload.url}`)).toEqual([
      "Init /login",
      "PageView /login",
      "PageView /patient",
      "PageView /patient/uploads",
    ]);
    expect(events[3].payload.name).toBe("common:pages.patientUploads");
    expect(Object.keys(events[3].device!)).toEqual(["screenResolution", "viewport", "encoding", "language", "colors", "platform", "userAgent"]);
    expect(events[3].browser).toMatchObject({ name: "Chrome" });
  });

  test("without JavaScript the document records its PageView (no device details)", async ({ page }, testInfo) => {
    test.skip(!isNoJs(testInfo), "only browsers without script load the <noscript> image");
    const pixels: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/resources/track.gif")) pixels.push(new URL(request.url()).searchParams.get("url")!);
    });
    const sent = page.waitForResponse((r) => r.url().includes("/resources/track.gif?") && r.url().includes("%2Flogin"));
    await page.goto("/login");
    expect((await sent).status()).toBe(200);
    expect((await sent).headers()["content-type"]).toBe("image/gif");
    expect(pixels).toEqual(["/login"]);
  });
});

test.describe("lazy-load failure", () => {
  test("a page chunk that fails to load reloads once and lands on the page the user wanted", async ({ page }, testInfo) => {
    test.skip(isNoJs(testInfo), "chunks are JavaScript");
    await signIn(page, "patient");
    await hydrated(page, testInfo);
    // React Router learns the routes of the links on the page (lazy route discovery); wait for this one.
    const moduleOf = () =>
      page.evaluate(
        () =>
          (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string } | undefined> } }).__reactRouterManifest.routes[
            "routes/patient/journeys"
          ]?.module ?? "",
      );
    await expect.poll(moduleOf).not.toBe("");
    const chunk = await moduleOf();
    // The chunk fails once (say, a deploy replaced it), then is there again.
    await page.route(`**${chunk}`, (route) => route.abort("failed"), { times: 1 });
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
    });
    await page.getByRole("complementary").getByRole("link", { name: "My journeys" }).click();
    await expect(page).toHaveURL("/patient/journeys");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My journeys");
    await hydrated(page, testInfo);
    // React Router reloaded the page it was on; the recovery then loaded the wanted page, once.
    expect(documents).toEqual(["/patient", "/patient/journeys"]);
  });
});

test("performance budget: a patient page loads at most 150 KiB of JavaScript and 30 KiB of CSS (gzip)", async ({ page }, testInfo) => {
  test.skip(isNoJs(testInfo), "measured once, over HTTP");
  const { gzipSync } = await import("node:zlib");
  await signIn(page, "patient", null);
  const html = await (await page.request.get("/patient/journeys")).text();
  const scripts = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  const gzipped = async (paths: string[]) => {
    let total = 0;
    for (const path of paths) total += gzipSync(await (await page.request.get(path)).body(), { level: 6 }).length;
    return total;
  };
  expect(await gzipped(scripts)).toBeLessThanOrEqual(150 * 1024);
  expect(await gzipped(styles)).toBeLessThanOrEqual(30 * 1024);
});
