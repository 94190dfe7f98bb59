import { createContext, useContext, type ReactNode } from "react";
import type { TFunction } from "i18next";
import type { Translator } from "./translate";

/** The page's translator (app/lib/translate.ts), provided by the root layout from the document's resources. */
const TranslatorContext = createContext<Translator | null>(null);

export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** `t` for a namespace (the default one, "common", when none is given) and the page's language. */
export function useTranslation(ns?: string): { t: TFunction; i18n: { language: string } } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation outside TranslatorProvider");
  return { t: translator.getFixedT(ns), i18n: translator };
}
