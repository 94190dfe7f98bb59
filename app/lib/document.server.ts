import type { RouterContextProvider } from "react-router";
import { webConfig } from "./config.server.ts";
import type { DocumentInfo } from "./document.tsx";
import { FALLBACK_LANGUAGE } from "./i18n.ts";
import { getLanguage, resources } from "./i18n.server.ts";
import { themeForHost } from "./theme.ts";

/**
 * The design pages' own namespace only ships with design pages (it is large and nobody else uses it).
 * The objects are built once, so the i18next instance made from them is shared (app/lib/i18n.ts).
 */
const withoutDesign = Object.fromEntries(
  Object.entries(resources).map(([language, namespaces]) => {
    const { design: _design, ...rest } = namespaces;
    return [language, rest];
  }),
) as typeof resources;

function namespacesFor(pathname: string, language: keyof typeof resources) {
  return pathname.startsWith("/_design") ? resources[language] : withoutDesign[language];
}

export function documentInfo(request: Request, context: Readonly<RouterContextProvider>): DocumentInfo {
  const url = new URL(request.url);
  let locale: DocumentInfo["locale"] = FALLBACK_LANGUAGE;
  try {
    locale = getLanguage(context);
  } catch {
    // The language middleware did not run (an error before it): the fallback language.
  }
  return {
    locale,
    resources: namespacesFor(url.pathname, locale),
    theme: themeForHost(url.hostname, webConfig().hmrHosts),
  };
}
