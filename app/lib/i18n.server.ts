import { createCookie, type RouterContextProvider } from "react-router";
import type { ResourceLanguage, TFunction } from "i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { webConfig } from "./config.server.ts";
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language, isLanguage } from "./i18n.ts";

/**
 * Server side of the interface languages with remix-i18next: the language comes from the `lng` cookie
 * (set by the switcher, app/routes/actions/language.ts), else Accept-Language, else en-US.
 * Every namespace file under locales/<language>/ is bundled into the server build.
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

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: {
    resources,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    ns: namespaces,
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
  },
});

export function getLanguage(context: Readonly<RouterContextProvider>): Language {
  const locale = getLocale(context);
  return isLanguage(locale) ? locale : FALLBACK_LANGUAGE;
}

/** The translate function for this request's language (for loaders, actions, toasts, titles). */
export function getT(context: Readonly<RouterContextProvider>): TFunction {
  return getInstance(context).t;
}
