/**
 * The request's language (app/lib/i18n.server.ts): the `lng` cookie, else Accept-Language, else en-US — the
 * same answers as remix-i18next's detector with order ["cookie", "header"], with Accept-Language's answer remembered.
 */
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getLanguage, i18nextMiddleware, languageCookie } from "../../app/lib/i18n.server";

async function languageOf(headers: Record<string, string>): Promise<string> {
  const context = new RouterContextProvider();
  const request = new Request("http://x/login", { headers });
  await i18nextMiddleware({ request, context, params: {}, unstable_pattern: "/login" } as never, async () => new Response());
  return getLanguage(context);
}

describe("the request's language", () => {
  it("is the lng cookie's, before Accept-Language", async () => {
    const cookie = (await languageCookie.serialize("es-US")).split(";")[0];
    expect(await languageOf({ Cookie: `other=1; ${cookie}`, "Accept-Language": "en-US" })).toBe("es-US");
    expect(await languageOf({ Cookie: (await languageCookie.serialize("en-US")).split(";")[0], "Accept-Language": "es-MX,es" })).toBe("en-US");
  });

  it("is Accept-Language's when the cookie is missing or names no supported language, on every request alike", async () => {
    const unsupported = (await languageCookie.serialize("fr-FR")).split(";")[0];
    for (let i = 0; i < 3; i++) {
      expect(await languageOf({ "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" })).toBe("es-US");
      expect(await languageOf({ Cookie: unsupported, "Accept-Language": "es" })).toBe("es-US");
      expect(await languageOf({ Cookie: "session=abc", "Accept-Language": "en-GB,en;q=0.8" })).toBe("en-US");
    }
  });

  it("falls back to en-US", async () => {
    expect(await languageOf({})).toBe("en-US");
    expect(await languageOf({ "Accept-Language": "fr-FR,de;q=0.5" })).toBe("en-US");
    expect(await languageOf({ "Accept-Language": "*" })).toBe("en-US");
  });
});
