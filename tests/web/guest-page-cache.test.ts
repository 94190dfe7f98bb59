/**
 * The guest page cache (app/lib/guest-page-cache.server.ts, issue 11): the public pages every plain guest sees alike
 * are served from a template with the request's own nonce and form token, and are byte for byte what React Router
 * renders for the same visitor; anyone the cache cannot answer for gets the page rendered as before.
 */
import { describe, expect, inject, it } from "vitest";
import { testPatient } from "../support/accounts";
import { as, WebClient, WebPage } from "./client";

const GUEST_PAGES = ["/login", "/forgot-password", "/telehealth-consent", "/privacy-policy", "/terms-and-conditions", "/cancellation-policy"];
const cached = (response: Response) => /cache;desc="guest page"/.test(response.headers.get("server-timing") ?? "");
const LOGIN = new URL("/login", inject("webBaseURL")).toString();
const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";

describe("the guest page cache", () => {
  it("answers each public page, in each language, with exactly what the page renders for the same visitor", async () => {
    for (const language of ["en-US", "es-US"] as const) {
      const guest = new WebClient();
      guest.headers["Accept-Language"] = language;
      for (const path of GUEST_PAGES) {
        const fromCache = await guest.raw("GET", path);
        // With a query string the page is not the cache's: the same page rendered by React Router for the same
        // session (the query shows only in the address the language switcher returns to).
        const rendered = await guest.raw("GET", `${path}?v=1`);
        expect({ path, language, fromCache: cached(fromCache), rendered: cached(rendered) }).toEqual({ path, language, fromCache: true, rendered: false });
        expect(rendered.headers.get("server-timing")).toMatch(/render;dur=/);
        const [a, b] = [await fromCache.text(), await rendered.text()];
        expect(a.replaceAll(nonceOf(fromCache), "NONCE"), `${path} in ${language}`).toBe(b.replaceAll(nonceOf(rendered), "NONCE").replaceAll("?v=1", ""));
        expect(new WebPage(path, 200, fromCache.headers, a).lang).toBe(language);
        expect(fromCache.headers.get("content-type")).toBe(rendered.headers.get("content-type"));
        expect(fromCache.headers.get("cache-control")).toBe("no-store");
      }
    }
  });

  it("writes each response's own nonce into every script and each visitor's own form token, which their forms accept", async () => {
    const [one, two] = [new WebClient(), new WebClient()];
    const [r1, r2] = [await one.raw("GET", "/login"), await two.raw("GET", "/login")];
    expect(cached(r1) && cached(r2)).toBe(true);
    // A first visit gets its web session (and with it the form token) as the page rendered through React Router does.
    expect(r1.headers.getSetCookie().some((c) => /^th_web=/.test(c))).toBe(true);
    const [p1, p2] = [new WebPage(LOGIN, 200, r1.headers, await r1.text()), new WebPage(LOGIN, 200, r2.headers, await r2.text())];
    for (const [page, response] of [[p1, r1], [p2, r2]] as const) {
      const nonces = new Set(page.$$("script[nonce], link[nonce]").map((el) => el.getAttribute("nonce")));
      expect([...nonces]).toEqual([nonceOf(response)]);
    }
    expect(nonceOf(r1)).not.toBe(nonceOf(r2));
    const token = (page: WebPage) => page.$('form[action="/actions/language"] input[name="formToken"]')?.getAttribute("value");
    expect(token(p1)).toBeTruthy();
    expect(token(p1)).not.toBe(token(p2));
    // The same visitor keeps their token on the next visit (no new cookie), and the language form takes it.
    const again = await one.raw("GET", "/login");
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(token(new WebPage("/login", 200, again.headers, await again.text()))).toBe(token(p1));
    // Each visitor's language form works with the token written into their page, and refuses another visitor's.
    const switched = await one.submit(p1, { button: "Español" }, {}, { follow: false });
    expect(switched.status).toBe(303);
    expect(one.cookies.has("lng")).toBe(true);
    const refused = await two.post("/actions/language", { formToken: token(p1) ?? "", lng: "es-US", redirectTo: "/login" }, { follow: false });
    expect(refused.status).toBe(303);
    expect(two.cookies.has("lng")).toBe(false);
    // The language chosen with the switcher (the lng cookie) wins over Accept-Language, as on the normal path.
    const chosen = await one.raw("GET", "/login");
    expect(cached(chosen)).toBe(true);
    expect(new WebPage("/login", 200, chosen.headers, await chosen.text()).lang).toBe("es-US");
  });

  it("renders as before for anyone it cannot answer for: signed in, a query string, a toast", async () => {
    // Signed in: the sign-in page sends the user home.
    const patient = await as("patient");
    const home = await patient.raw("GET", "/login");
    expect(home.status).toBe(302);
    // A legal page signed in is React Router's render (no cache), whatever it shows.
    expect(cached(await patient.raw("GET", "/privacy-policy"))).toBe(false);
    // A query string (the sign-in's second step, a redirect target).
    const guest = new WebClient();
    const withQuery = await guest.raw("GET", "/login?redirectTo=%2Fpatient");
    expect(withQuery.status).toBe(200);
    expect(cached(withQuery)).toBe(false);
    // A toast cookie: the page must show it, so it is rendered.
    const toasted = await guest.raw("GET", "/login", undefined, { Cookie: "th_toast=anything" });
    expect(cached(toasted)).toBe(false);
  });

  it("a session that ended elsewhere: the sign-in page is rendered and says why, once; then it is the cache's again", async () => {
    const account = testPatient(67);
    const [laptop, phone] = [new WebClient(), new WebClient()];
    await laptop.signIn(account.email, account.password);
    await phone.signIn(account.email, account.password);
    const security = await laptop.get("/patient/account/security");
    await laptop.submit(security, { button: "Sign out all other sessions" });
    // The phone still holds its ended session: the sign-in page checks it, and says why.
    const told = await phone.raw("GET", "/login");
    expect(cached(told)).toBe(false);
    const page = new WebPage("/login", 200, told.headers, await told.text());
    expect(page.bodyText).toContain("You were signed out. Please sign in again.");
    // Once said, the phone is a plain guest.
    // A toast once shown leaves no cookie behind.
    expect(phone.cookies.has("th_toast")).toBe(false);
    const next = await phone.raw("GET", "/login");
    expect(cached(next)).toBe(true);
    expect(new WebPage("/login", 200, next.headers, await next.text()).bodyText).not.toContain("You were signed out.");
    // A page that signs the phone out on its way (flashing why) hands the sign-in page a message: rendered again.
    await phone.signIn(account.email, account.password);
    await laptop.submit(await laptop.get("/patient/account/security"), { button: "Sign out all other sessions" });
    const away = await phone.raw("GET", "/patient");
    expect(away.status).toBe(302);
    const flashed = await phone.raw("GET", "/login");
    expect(cached(flashed)).toBe(false);
    expect(new WebPage("/login", 200, flashed.headers, await flashed.text()).text("[data-testid=sign-in-notice]")).toBe("You were signed out. Please sign in again.");
  });
});
