/**
 * The language switcher's action (/actions/language) without JavaScript: it switches, and whatever it must refuse
 * (an unknown language, an out-of-date form token, a body it cannot read) ends on a page with a toast in the
 * user's language, never a bare error (issue 12).
 */
import { describe, expect, it } from "vitest";
import { WebClient } from "./client";

const tokenOf = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? "";

describe("/actions/language never shows a raw error", () => {
  it("switches the language and returns to the page", async () => {
    const client = new WebClient();
    const login = await client.get("/login");
    const page = await client.post("/actions/language", { lng: "es-US", redirectTo: "/forgot-password", formToken: tokenOf(login.html) });
    expect(page.path).toBe("/forgot-password");
    expect(page.$("html")?.getAttribute("lang")).toBe("es-US");
  });

  for (const [language, unavailable, outOfDate] of [
    ["en-US", "That language is not available.", "Your session token is out of date. Reload the page and try again."],
    ["es-US", "Ese idioma no está disponible.", "El token de su sesión está desactualizado. Vuelva a cargar la página e inténtelo de nuevo."],
  ] as const) {
    it(`an unknown language, a stale form token, an unreadable body: a page with a toast, ${language}`, async () => {
      const client = new WebClient();
      client.headers["Accept-Language"] = language;
      const login = await client.get("/login");
      const token = tokenOf(login.html);

      const unknown = await client.post("/actions/language", { lng: "xx-XX", redirectTo: "/login", formToken: token });
      expect(unknown.redirects.length).toBe(1);
      expect(unknown.path).toBe("/login");
      expect(unknown.headers.get("content-type")).toMatch(/^text\/html/);
      expect(unknown.toasts("error")).toEqual([unavailable]);
      expect(unknown.$("html")?.getAttribute("lang")).toBe(language);

      const stale = await client.post("/actions/language", { lng: language === "en-US" ? "es-US" : "en-US", redirectTo: "/login", formToken: "stale" });
      expect(stale.redirects.length).toBe(1);
      expect(stale.path).toBe("/login");
      expect(stale.toasts("error")).toEqual([outOfDate]);
      expect(stale.$("html")?.getAttribute("lang")).toBe(language);
      expect(stale.bodyText).not.toContain('"message"');

      const missing = await client.post("/actions/language", { redirectTo: "/login", formToken: token });
      expect(missing.toasts("error")).toEqual([unavailable]);
    });
  }
});
