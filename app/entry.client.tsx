import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installPreloadErrorReload, navigationInstrumentation, recoverInterruptedNavigation } from "./lib/chunk-reload";
import { reportClientError } from "./lib/client-errors";
import { DocumentProvider, readDocumentInfo } from "./lib/document";
import { FALLBACK_LANGUAGE } from "./lib/i18n";
import { NonceProvider } from "./lib/nonce";
import { THEMES } from "./lib/theme";

if (!recoverInterruptedNavigation()) {
  installPreloadErrorReload();
  window.addEventListener("error", (event) => reportClientError(event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportClientError(event.reason));
  // Browsers hide the nonce attribute but keep the property: read it back so hydration matches the server.
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  const info = readDocumentInfo() ?? { locale: FALLBACK_LANGUAGE, resources: {}, theme: THEMES.default };

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceProvider nonce={nonce}>
          <DocumentProvider value={info}>
            <HydratedRouter
              instrumentations={[navigationInstrumentation]}
              onError={(error, details) => reportClientError(error, details.pattern)}
            />
          </DocumentProvider>
        </NonceProvider>
      </StrictMode>,
    );
  });
}
