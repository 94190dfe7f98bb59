import type { RouterContextProvider } from "react-router";
import { webConfig } from "./config.server.ts";
import type { DocumentInfo } from "./document.tsx";
import { FALLBACK_LANGUAGE, type Language } from "./i18n.ts";
import { getLanguage, resources } from "./i18n.server.ts";
import { routeNamespaces } from "./route-handle.ts";
import { themeForHost } from "./theme.ts";

/**
 * The resources of a set of namespaces, built once per language and set: requests of the same pages share the
 * object, and with it the translator (app/lib/translate.ts) and the serialised JSON (DocumentScript).
 */
const subsets = new Map<string, DocumentInfo["resources"]>();
function resourcesFor(language: Language, namespaces: readonly string[]): DocumentInfo["resources"] {
  const key = `${language}:${namespaces.join(",")}`;
  let subset = subsets.get(key);
  if (!subset) {
    subset = Object.fromEntries(namespaces.filter((ns) => resources[language][ns]).map((ns) => [ns, resources[language][ns]]));
    subsets.set(key, subset);
  }
  return subset;
}

/** `handles`: the matched routes' handles, whose `i18n` says which namespaces the page needs (route-handle.ts). */
export function documentInfo(request: Request, context: Readonly<RouterContextProvider>, handles: readonly unknown[]): DocumentInfo {
  const url = new URL(request.url);
  let locale: DocumentInfo["locale"] = FALLBACK_LANGUAGE;
  try {
    locale = getLanguage(context);
  } catch {
    // The language middleware did not run (an error before it): the fallback language.
  }
  return {
    locale,
    // The design pages show every namespace's texts (they are large and nobody else needs them).
    resources: url.pathname.startsWith("/_design") ? resources[locale] : resourcesFor(locale, routeNamespaces(handles)),
    theme: themeForHost(url.hostname, webConfig().hmrHosts),
  };
}
