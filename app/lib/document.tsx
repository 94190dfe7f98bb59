import { createContext, useContext, type ReactNode } from "react";
import type { ResourceLanguage } from "i18next";
import { FALLBACK_LANGUAGE, type Language } from "./i18n.ts";
import { THEMES, type Theme } from "./theme.ts";

/**
 * What the whole document needs, whatever happens to the route loaders: the language and its texts, and the
 * theme. The server computes it once per document request (entry.server.tsx, from the request's middleware
 * context) and embeds it as JSON; the browser reads the same JSON before hydrating (entry.client.tsx). It
 * does not depend on any loader, so even a page refused by the access rule in middleware (no loader runs)
 * renders its not-found page translated and themed. It only changes with a new document (language switch).
 */
export type DocumentInfo = { locale: Language; resources: ResourceLanguage; theme: Theme };

export const DOCUMENT_SCRIPT_ID = "th-document";

const DocumentContext = createContext<DocumentInfo>({ locale: FALLBACK_LANGUAGE, resources: {}, theme: THEMES.default });

export function DocumentProvider({ value, children }: { value: DocumentInfo; children: ReactNode }) {
  return <DocumentContext.Provider value={value}>{children}</DocumentContext.Provider>;
}

export function useDocumentInfo(): DocumentInfo {
  return useContext(DocumentContext);
}

/** The JSON for the browser; "<" escaped so the text can never close the script element. */
export function DocumentScript() {
  const info = useDocumentInfo();
  const json = JSON.stringify(info).replace(/</g, "\\u003c");
  return <script type="application/json" id={DOCUMENT_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: json }} suppressHydrationWarning />;
}

export function readDocumentInfo(): DocumentInfo | null {
  const element = document.getElementById(DOCUMENT_SCRIPT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DocumentInfo;
  } catch {
    return null;
  }
}
