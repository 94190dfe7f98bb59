import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createInstance, type i18n, type ResourceLanguage, type TFunction } from "i18next";
import { LanguageDetector } from "remix-i18next/server";
import { webConfig } from "./config.server.ts";
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language, isLanguage } from "./i18n.ts";

/**
 * Server side of the interface languages with remix-i18next: the language comes from the `lng` cookie
 * (set by the switcher, app/routes/actions/language.ts), else Accept-Language, else en-US.
 * Every namespace file under locales/<language>/ is bundled into the server build.
 *
 * One i18next instance per language, made once (remix-i18next's middleware made one per request, loading every
 * namespace into it: a measurable part of each page's time, issue 11); a request only detects its language.
 */
const files = import.meta.glob<ResourceLanguage[string]>("../../locales/*/*.json", { eager: true, import: "default" });

export const resources: Record<Language, ResourceLanguage> = { "en-US": {}, "es-US": {} };
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (match && isLanguage(match[1])) resources[match[1]][match[2]] = content;
}
export const namespaces = Object.keys(resources[FALLBACK_LANGUAGE]);

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: webConfig().production,
  maxAge: 60 * 60 * 24 * 365,
});

// The `lng` cookie first, then Accept-Language, then en-US — as one detector with order ["cookie", "header"], but in
// two steps so that the header's answer can be remembered: parsing Accept-Language (remix-i18next checks each tag
// with Intl.Locale and Intl.DateTimeFormat.supportedLocalesOf) was about 2 % of a page's CPU, and browsers send a
// handful of distinct values. The cookie detector answers "" when the cookie names no supported language.
const cookieDetector = new LanguageDetector({
  supportedLanguages: [...SUPPORTED_LANGUAGES],
  fallbackLanguage: "",
  cookie: languageCookie,
  order: ["cookie"],
});
const headerDetector = new LanguageDetector({
  supportedLanguages: [...SUPPORTED_LANGUAGES],
  fallbackLanguage: FALLBACK_LANGUAGE,
  order: ["header"],
});
const byAcceptLanguage = new Map<string, string>();
const detector = {
  async detect(request: Request): Promise<string> {
    const fromCookie = request.headers.has("Cookie") ? await cookieDetector.detect(request) : "";
    if (fromCookie) return fromCookie;
    const header = request.headers.get("Accept-Language") ?? "";
    let language = byAcceptLanguage.get(header);
    if (language === undefined) {
      language = await headerDetector.detect(request);
      if (byAcceptLanguage.size >= 500) byAcceptLanguage.clear();
      byAcceptLanguage.set(header, language);
    }
    return language;
  },
};

/** The language a request with these headers gets (as the middleware below decides it), without a web `Request`. */
export async function languageOf(cookie: string | null, acceptLanguage: string | null): Promise<Language> {
  // The cookie detector and a header not seen yet need a Request; the common case (a known header, no `lng`) does not.
  const needsRequest = (cookie !== null && /(?:^|;\s*)lng=/.test(cookie)) || !byAcceptLanguage.has(acceptLanguage ?? "");
  const detected = needsRequest
    ? await detector.detect(new Request("http://localhost/", { headers: { ...(cookie ? { Cookie: cookie } : {}), "Accept-Language": acceptLanguage ?? "" } }))
    : byAcceptLanguage.get(acceptLanguage ?? "");
  return isLanguage(detected) ? detected : FALLBACK_LANGUAGE;
}

const instances = new Map<Language, i18n>();
function instanceFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance({
      resources,
      lng: language,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      ns: namespaces,
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      // The resources are here already: initialised on this call, no promise to wait for.
      initAsync: false,
    });
    void instance.init();
    instances.set(language, instance);
  }
  return instance;
}

const languageContext = createContext<Language>();

/** Root middleware: this request's language (the `lng` cookie, else Accept-Language, else en-US). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const detected = await detector.detect(request);
  context.set(languageContext, isLanguage(detected) ? detected : FALLBACK_LANGUAGE);
};

/** This request's language (throws when the language middleware has not run). */
export function getLanguage(context: Readonly<RouterContextProvider>): Language {
  return context.get(languageContext);
}

/** The translate function for this request's language (for loaders, actions, toasts, titles). */
export function getT(context: Readonly<RouterContextProvider>): TFunction {
  return instanceFor(getLanguage(context)).t;
}
