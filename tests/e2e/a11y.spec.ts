/**
 * The axe sweep (WCAG 2.2 AA, ARCHITECTURE §7): every page of app/routes.ts (tests/support/routes.ts, checked
 * against the access table by tests/unit/route-samples.test.ts) as a role that may open it, every role's own
 * layout (sidebar, header), and every declared modal and error state (tests/support/a11y-states/), with zero
 * violations and no colour-contrast item left for review. Which role checks which page in which pass is
 * `sweepPlan` (tests/support/routes.ts; its coverage is proven by tests/unit/a11y-plan.test.ts): a page's
 * markup differs between roles only in its layout and some actions, so each page is checked once per pass as
 * one allowed role, rotating between passes, rather than once per role.
 *
 * Each page is checked in two passes that between them cover both languages, both themes and both ways of
 * running:
 *   1. en-US, default theme (localhost), JavaScript on — the hydrated page;
 *   2. es-US, hmr theme (hmr.localhost), JavaScript off — the server's markup (see openContext).
 * A theme changes only colours (contrast), a language only text, JavaScript only the enhanced markup; so each
 * of the three is checked on every page in each of its values, at the cost of two visits instead of eight.
 *
 * One browser context per role and pass (per worker), signed in once, reused by every page of that role —
 * the cost of a check is the page load (about 0.55 s) and axe (about 0.2 s). Runs in the "js" project (it makes
 * its own contexts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO, DEMO_USERS, PASSWORD } from "../support/accounts";
import { STATES, sweepPlan, type SweepWho } from "../support/routes";
import { AXE_TAGS } from "./support";

type Who = SweepWho;
const WHO_ORDER: Who[] = ["guest", ...DEMO_USERS];
const PASSES = [
  { key: "en-default-js", label: "en-US, default theme, JavaScript on", locale: "en-US", host: "localhost", js: true },
  { key: "es-hmr-nojs", label: "es-US, hmr theme, JavaScript off", locale: "es-US", host: "hmr.localhost", js: false },
] as const;
type Pass = (typeof PASSES)[number];

const contexts = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();

async function openContext(browser: Browser, baseURL: string, who: Who, pass: Pass) {
  const origin = `http://${pass.host}:${new URL(baseURL).port}`;
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled: true,
    locale: pass.locale,
    extraHTTPHeaders: { "Accept-Language": pass.locale },
  });
  // axe loads with every page. "JavaScript off" cannot be the browser setting: with it, axe's own timers never
  // fire. Instead every script file of the app is refused, so React never hydrates and axe sees the markup a
  // browser without JavaScript shows (the inline boot script's spinner class is removed by hand).
  await context.addInitScript({ content: AXE_SOURCE });
  if (!pass.js) await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
  const page = await context.newPage();
  if (who !== "guest") {
    // Signs in from inside the browser (its host-resolver rules map hmr.localhost; this machine's resolver
    // need not): the sign-in form's own post, answered with the session cookie and a redirect.
    await page.goto("/login");
    const status = await page.evaluate(
      async ({ email, password }) =>
        (await fetch("/login", { method: "POST", body: new URLSearchParams({ intent: "password", email, password }), redirect: "manual" })).type,
      { email: DEMO[who].email, password: PASSWORD },
    );
    expect(status, `sign-in of ${who} on ${pass.host}`).toBe("opaqueredirect");
  }
  return { context, page };
}

/**
 * The context of this role and pass. A worker runs the tests in the order they are declared (pass by pass, role
 * by role), so it keeps one context open at a time: a page left open in another context would go on running
 * the app's scripts (polling, timers) beside every later check.
 */
async function contextFor(browser: Browser, baseURL: string, who: Who, pass: Pass) {
  const key = `${who}:${pass.key}`;
  for (const [other, context] of contexts) {
    if (other === key) continue;
    contexts.delete(other);
    await (await context).context.close();
  }
  if (!contexts.has(key)) contexts.set(key, openContext(browser, baseURL, who, pass));
  return contexts.get(key)!;
}

test.afterAll(async () => {
  for (const c of contexts.values()) await (await c).context.close();
  contexts.clear();
});

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the sweep makes its own contexts (JavaScript off in pass 2)");

async function settle(page: Page, pass: Pass) {
  if (pass.js) await expect(page.locator("html")).not.toHaveClass(/booting/);
  else await page.evaluate(() => document.documentElement.classList.remove("booting"));
}

/** axe-core's own build, loaded into every page of the sweep's contexts before the page's scripts. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeNode = { target: string[]; any?: { message?: string }[] };
type AxeFinding = { id: string; nodes: AxeNode[] };
async function check(page: Page, label: string) {
  const results = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeFinding[]; incomplete: AxeFinding[] }> } }).axe;
    const found = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      // Only what the check reads: the details of passing and inapplicable rules cost time and are unused.
      resultTypes: ["violations", "incomplete"],
    });
    // The one colour-contrast item axe cannot decide by design: text drawn inside a chart's SVG (axe does not
    // find a background behind SVG shapes; an item it cannot decide is "incomplete", never a pass). Its colours are theme tokens on the chart's own card-coloured
    // background, whose contrast tests/unit/theme-contrast.test.ts proves in both themes.
    const inChart = (node: AxeNode) => Boolean(document.querySelector(node.target.join(" "))?.closest("svg[data-chart]"));
    // Text in an open modal dialog that axe leaves undecided only because of what lies beneath the dialog:
    // axe compares the whole element stack under each line of a text (page content included, below the
    // dialog's opaque background), so a two-line paragraph over two different page elements, or a row of a
    // scrolled list, is "undecided". Its colours are decided here the way axe decides them elsewhere: the text
    // colour against the nearest opaque background inside the dialog, with axe's own colour maths, at the
    // WCAG AA ratio (4.5:1, 3:1 for large text). Anything else axe could not decide still fails the check.
    const OVERLAP = /partially (overlaps other elements|obscured by another element)/;
    type AxeColor = { alpha: number };
    const colors = (axe as unknown as { commons: { color: { Color: new () => AxeColor & { parseString(s: string): AxeColor }; getContrast(bg: AxeColor, fg: AxeColor): number; flattenColors(fg: AxeColor, bg: AxeColor): AxeColor } } }).commons.color;
    const decidedInDialog = (node: AxeNode) => {
      if (!node.any?.some((a) => OVERLAP.test(a.message ?? ""))) return false;
      const element = document.querySelector(node.target.join(" "));
      const dialog = element?.closest("dialog[open]");
      if (!element || !dialog) return false;
      let background: AxeColor | null = null;
      for (let at: Element | null = element; at && dialog.contains(at); at = at.parentElement) {
        const bg = new colors.Color().parseString(getComputedStyle(at).backgroundColor);
        if (bg.alpha === 1) {
          background = bg;
          break;
        }
        if (bg.alpha > 0) return false; // a translucent layer: leave it to review
      }
      if (!background) return false;
      const style = getComputedStyle(element);
      const foreground = colors.flattenColors(new colors.Color().parseString(style.color), background);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      return colors.getContrast(background, foreground) >= (large ? 3 : 4.5);
    };
    for (const finding of found.incomplete) {
      if (finding.id === "color-contrast") finding.nodes = finding.nodes.filter((n) => !inChart(n) && !decidedInDialog(n));
    }
    // Only the findings' summaries leave the page (axe's whole result, with every node's markup, is large).
    return [
      ...found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}`),
      ...found.incomplete
        .filter((v) => v.id === "color-contrast" && v.nodes.length > 0)
        .map((v) => `${v.id} (left for review): ${v.nodes.map((n) => `${n.target.join(" ")} [${n.any?.[0]?.message ?? ""}]`).slice(0, 5).join(", ")}`),
    ];
  }, AXE_TAGS);
  expect(results, `axe on ${label}`).toEqual([]);
}

PASSES.forEach((pass, passIndex) => {
  test.describe(pass.label, () => {
    // Every address once per pass, as one role allowed on it (rotating), plus each role once on a page of each
    // layout it may open — the plan and its proof of coverage are in tests/support/routes.ts.
    for (const { who, pattern, path, why } of sweepPlan(passIndex)) {
      test(`${who} ${path}${why === "layout" ? " (layout)" : ""}`, async ({ browser, baseURL }) => {
        const { page } = await contextFor(browser, baseURL!, who, pass);
        const response = await page.goto(path);
        expect(response?.status(), `${who} ${path}`).toBe(pattern === "*" ? 404 : 200);
        await settle(page, pass);
        await check(page, `${who} ${path} (${pass.label})`);
      });
    }

    // The declared states, grouped by role (a worker keeps one role's context open at a time).
    for (const state of [...STATES].sort((a, b) => WHO_ORDER.indexOf(a.role) - WHO_ORDER.indexOf(b.role))) {
      test(`state: ${state.label} (${state.role})`, async ({ browser, baseURL }) => {
        const { page } = await contextFor(browser, baseURL!, state.role, pass);
        if (state.post) {
          // Posts the failing form the way a browser without JavaScript does, and checks the answer page.
          const fields = state.post;
          await page.goto(state.path);
          // A mark on the page before: gone once the browser shows the answer (a new document).
          await page.evaluate(() => Object.assign(window, { sweepBefore: true }));
          await page.evaluate(
            ({ action, fields }) => {
              const form = document.createElement("form");
              form.method = "post";
              form.action = action;
              for (const [name, value] of Object.entries(fields)) {
                const input = document.createElement("input");
                input.type = "hidden";
                input.name = name;
                input.value = value;
                form.append(input);
              }
              document.body.append(form);
              HTMLFormElement.prototype.submit.call(form);
            },
            { action: state.path, fields },
          );
          await page.waitForFunction(() => !("sweepBefore" in window) && document.readyState === "complete");
        } else {
          const response = await page.goto(state.path);
          expect(response?.status(), state.path).toBeLessThan(400);
        }
        await settle(page, pass);
        await expect(page.locator(state.expect).first(), `${state.label}: ${state.expect}`).toBeAttached();
        await check(page, `${state.label} (${pass.label})`);
      });
    }
  });
});
