import { createContext, use, useContext, type ReactNode } from "react";
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

/**
 * The serialised JSON of each (language and namespaces, theme): the server builds one resources object per
 * language and set of namespaces (document.server.ts), so the text is made once, not per request.
 */
const serialised = new WeakMap<ResourceLanguage, Map<string, string>>();
function documentJson(info: DocumentInfo): string {
  let byRest = serialised.get(info.resources);
  if (!byRest) serialised.set(info.resources, (byRest = new Map()));
  const key = `${info.locale}\u0000${info.theme.name}`;
  let json = byRest.get(key);
  if (json === undefined) byRest.set(key, (json = JSON.stringify(info).replace(/</g, "\\u003c")));
  return json;
}

/** The JSON for the browser; "<" escaped so the text can never close the script element. */
export function DocumentScript() {
  const json = documentJson(useDocumentInfo());
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

/**
 * The browser's side of per-route namespaces (route-handle.ts): the document carries the namespaces of the
 * page it was rendered for; a client-side navigation to a page that needs another one loads it (a JSON chunk per
 * language and namespace, cached like every asset) before that page renders — React keeps the previous page on
 * screen meanwhile, as navigations are transitions. On the server the document already has them all.
 */
const namespaceFiles = import.meta.glob<ResourceLanguage[string]>("../../locales/*/*.json", { import: "default" });
let loaded: { locale: string; resources: ResourceLanguage } | null = null;
const loading = new Map<string, Promise<void>>();

function loadNamespaces(locale: string, missing: readonly string[]): Promise<void> {
  const key = `${locale}:${missing.join(",")}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(missing.map(async (ns) => [ns, (await namespaceFiles[`../../locales/${locale}/${ns}.json`]?.()) ?? {}] as const)).then((entries) => {
      if (loaded?.locale === locale) loaded = { locale, resources: { ...loaded.resources, ...Object.fromEntries(entries) } };
      loading.delete(key);
    });
    loading.set(key, promise);
  }
  return promise;
}

/** The resources to translate the page with: the document's, plus (in the browser) the namespaces loaded since. */
export function useRouteResources(info: DocumentInfo, namespaces: readonly string[]): ResourceLanguage {
  if (typeof document === "undefined") return info.resources;
  if (loaded?.locale !== info.locale) loaded = { locale: info.locale, resources: info.resources };
  const missing = namespaces.filter((ns) => !Object.hasOwn(loaded!.resources, ns));
  if (missing.length) use(loadNamespaces(info.locale, missing));
  return loaded.resources;
}
