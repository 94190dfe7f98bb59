import type { TFunction } from "i18next";
import { splitMessage } from "../../api/contract/rules.ts";

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
 * they live in the "validation" namespace. A key may carry its values (`validation.maxLength?max=100`,
 * api/contract/rules.ts `messageWithParams`); `params` add to them. Other messages are shown as they are.
 */
export function translateMessage(t: TFunction, message: string, params?: Record<string, unknown>): string {
  const { key, params: carried } = splitMessage(message);
  const values = { ...carried, ...params };
  if (key.startsWith("validation.")) return t(`validation:${key.slice("validation.".length)}`, values);
  if (key.startsWith("common.")) return t(`common:${key.slice("common.".length)}`, values);
  return message;
}
