import { createInstance, type i18n, type Resource, type ResourceLanguage, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";

/** Interface languages (spec §1): en-US is the default and the fallback; es-US. */
export const SUPPORTED_LANGUAGES = ["en-US", "es-US"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en-US";
export const DEFAULT_NAMESPACE = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The i18next instance React renders with, on the server and in the browser alike, built from the
 * translations of the document (app/lib/document.tsx), so hydration sees the same texts. Instances are
 * never switched to another language, so one per (language, resources) is shared by every render.
 */
const cache = new WeakMap<ResourceLanguage, Map<string, i18n>>();

export function createI18n(language: string, resources: ResourceLanguage): i18n {
  let byLanguage = cache.get(resources);
  if (!byLanguage) cache.set(resources, (byLanguage = new Map()));
  let instance = byLanguage.get(language);
  if (!instance) byLanguage.set(language, (instance = newInstance(language, resources)));
  return instance;
}

function newInstance(language: string, resources: ResourceLanguage): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources: { [language]: resources } satisfies Resource,
    ns: Object.keys(resources),
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  } as Parameters<i18n["init"]>[0]);
  return instance;
}

/**
 * Validation messages are i18n keys "validation.<rule>" shared with the API (api/contract/validation.ts);
 * they live in the "validation" namespace. Other messages are shown as they are.
 */
export function translateMessage(t: TFunction, message: string, params?: Record<string, unknown>): string {
  if (message.startsWith("validation.")) return t(`validation:${message.slice("validation.".length)}`, params ?? {});
  if (message.startsWith("common.")) return t(`common:${message.slice("common.".length)}`, params ?? {});
  return message;
}
