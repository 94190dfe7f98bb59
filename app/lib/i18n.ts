import type { TFunction } from "i18next";

/** Interface languages (spec §1): en-US is the default and the fallback; es-US. */
export const SUPPORTED_LANGUAGES = ["en-US", "es-US"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en-US";
export const DEFAULT_NAMESPACE = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
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
