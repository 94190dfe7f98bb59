/**
 * Route × role over HTTP: every page of app/routes.ts (tests/support/routes.ts) visited by a guest and by each
 * demo role, answered as the access table (app/lib/access.ts) says —
 *   allowed: 200 (after the page's own redirects), one non-empty <h1>, a "Telehealth | …" title, the language;
 *   a guest on a private page: /login?redirectTo=<the page>;
 *   a signed-in role on a patient page it may not open: /login, which sends it on to its own home;
 *   any other refusal: 404 with the not-found page.
 * Every allowed page is fetched in en-US and in es-US: the <html lang> follows, and no translation key (a
 * missing translation shows as its key) appears in the text, and no element has two classes for one property
 * (`cn()` is plain clsx: tests/support/class-conflicts.ts). Not a test file: routes-*.test.ts call it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decide, homeFor, type Role } from "../../app/lib/access.ts";
import { DEMO, type DemoUser } from "../support/accounts";
import { conflictsInHtml } from "../support/class-conflicts";
import { PAGES } from "../support/routes";
import { WebClient, type WebPage } from "./client";

const roleOf = (user: DemoUser | "guest"): Role => (user === "guest" ? "guest" : DEMO[user].role);

/** Every key of every namespace of both locales ("nav.patients"…): what i18next shows for a missing translation. */
function translationKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (prefix: string, value: unknown) => {
    if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v);
    else if (prefix.includes(".")) keys.add(prefix.replace(/_(one|other|zero|few|many)$/, ""));
  };
  for (const lng of ["en-US", "es-US"]) {
    const dir = path.resolve("locales", lng);
    for (const file of readdirSync(dir)) walk("", JSON.parse(readFileSync(path.join(dir, file), "utf8")));
  }
  return keys;
}
const KEYS = translationKeys();

/** Translation keys that show in a page's text (as whole words). */
export function keysShown(page: WebPage): string[] {
  const words = page.bodyText.split(/\s+/).map((w) => w.replace(/^[^\w]+|[^\w]+$/g, ""));
  return [...new Set(words.filter((w) => w.includes(".") && KEYS.has(w.replace(/^\w+:/, ""))))];
}

function expectPage(page: WebPage, what: string, lang: "en-US" | "es-US") {
  expect(page.lang, `${what}: <html lang>`).toBe(lang);
  expect(page.$$("h1").length, `${what}: one <h1>`).toBe(1);
  expect(page.h1, `${what}: the heading`).not.toBe("");
  expect(page.title, `${what}: the title`).toMatch(/^Telehealth \| .+/);
  expect(keysShown(page), `${what}: translation keys showing (missing translations)`).toEqual([]);
  expect(conflictsInHtml(page.html), `${what}: conflicting utilities in one class list`).toEqual([]);
}

export function sweepRoutes(users: (DemoUser | "guest")[]) {
  for (const user of users) {
    describe(`${user} on every page`, () => {
      const role = roleOf(user);
      const clients = new Map<string, Promise<WebClient>>();
      const client = (lang: "en-US" | "es-US") => {
        if (!clients.has(lang)) {
          clients.set(
            lang,
            (async () => {
              const c = new WebClient();
              c.headers["Accept-Language"] = lang;
              if (user !== "guest") await c.signIn(DEMO[user].email);
              return c;
            })(),
          );
        }
        return clients.get(lang)!;
      };

      for (const { pattern, paths } of PAGES) {
        const decision = decide(pattern, role);
        it(`${pattern}: ${decision}`, async () => {
          for (const p of paths) {
            const what = `${user} ${p}`;
            const en = await client("en-US");
            const first = await en.get(p, { follow: false });
            if (decision === "allow") {
              const page = first.status >= 300 && first.status < 400 ? await en.get(p) : first;
              if (pattern === "*") {
                expect(page.status, what).toBe(404);
                expect(page.h1, what).toBe("Page not found");
              } else {
                expect(page.status, `${what} (via ${page.redirects.join(" → ") || "no redirect"})`).toBe(200);
              }
              expectPage(page, what, "en-US");
              const es = await (await client("es-US")).get(p);
              expect(es.status, `${what} es-US`).toBe(page.status);
              expectPage(es, `${what} es-US`, "es-US");
            } else if (decision === "login") {
              expect(first.status, what).toBe(302);
              if (role === "guest") {
                expect(first.location, what).toBe(`/login?redirectTo=${encodeURIComponent(p)}`);
              } else {
                expect(first.location, what).toMatch(/^\/login(\?|$)/);
                const landed = await en.get(p);
                expect(landed.path, `${what} ends at home`).toBe(homeFor(role));
              }
            } else {
              expect(first.status, what).toBe(404);
              expect(first.h1, what).toBe("Page not found");
              expect(first.title, what).toBe("Telehealth | Page not found");
            }
          }
        });
      }
    });
  }
}
