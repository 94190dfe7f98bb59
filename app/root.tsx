import { useEffect, useMemo } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  type MiddlewareFunction,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { BootSpinner, BOOT_SCRIPT } from "./components/boot-spinner.tsx";
import { NotFoundPage } from "./components/not-found.tsx";
import { ErrorPage } from "./components/error-page.tsx";
import { accessMiddleware, getViewer, viewerMiddleware } from "./lib/auth.server.ts";
import { allowHeader, formWrites, sameOriginWrites } from "./lib/csrf.server.ts";
import { DocumentScript, useDocumentInfo, useRouteResources } from "./lib/document.tsx";
import { createTranslator } from "./lib/translate.ts";
import { TranslatorProvider, useTranslation } from "./lib/use-translation.tsx";
import { DEFAULT_NAMESPACE } from "./lib/i18n.ts";
import { i18nextMiddleware } from "./lib/i18n.server.ts";
import { webSessionMiddleware } from "./lib/middleware.server.ts";
import { upstreamUnavailableMiddleware } from "./lib/upstream-unavailable.server.ts";
import { isUnavailable } from "./lib/upstream-unavailable.ts";
import { connectionLostMiddleware } from "./lib/offline.ts";
import { Analytics } from "./components/analytics.tsx";
import { Toaster } from "./components/toaster.tsx";
import { getWebSession } from "./lib/session.server.ts";
import type { Toast } from "./lib/toast.ts";
import { takeToasts, toastMiddleware } from "./lib/toast.server.ts";
import { useNonce } from "./lib/nonce.tsx";
import { pageTitle } from "./lib/theme.ts";
import { routeIdsMiddleware } from "./lib/route-ids.server.ts";
import { routeNamespaces, routeTitleKey } from "./lib/route-handle.ts";

/**
 * The html shell. Per request, in this order (app/lib/*.server.ts):
 *   a 405 says Allow → writes only from our own pages → web session + upstream client → an upstream that gave no
 *   response makes a failed page a 503 (app/lib/upstream-unavailable.server.ts) → language (remix-i18next) → toasts
 *   (remix-toast) → who is asking (session-info) → the access rule (app/lib/access.ts) → the ids in the address
 *   exist (app/lib/route-ids.server.ts).
 * Language, texts and theme come with the document (app/lib/document.tsx), not from a loader, so that a
 * page refused in middleware still renders its not-found page in the user's language and theme.
 */
export const middleware: MiddlewareFunction<Response>[] = [
  allowHeader,
  sameOriginWrites,
  formWrites,
  webSessionMiddleware,
  upstreamUnavailableMiddleware,
  i18nextMiddleware,
  toastMiddleware,
  viewerMiddleware,
  accessMiddleware,
  routeIdsMiddleware,
];

/** In the browser: a lost connection keeps the page and the form's input, with the §8 toast (app/lib/offline.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [connectionLostMiddleware];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function Layout({ children }: { children: React.ReactNode }) {
  const info = useDocumentInfo();
  const { locale, theme } = info;
  const matches = useMatches();
  const resources = useRouteResources(info, routeNamespaces(matches.map((match) => match.handle)));
  const nonce = useNonce();
  const translator = useMemo(() => createTranslator(locale, resources, DEFAULT_NAMESPACE), [locale, resources]);
  return (
    <html lang={locale} dir="ltr" data-theme={theme.name === "hmr" ? "hmr" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} suppressHydrationWarning />
        <link rel="icon" type="image/svg+xml" href={theme.favicon} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        <TranslatorProvider translator={translator}>
          <DocumentTitle brand={theme.brand} />
          <BootSpinner />
          {children}
        </TranslatorProvider>
        <DocumentScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** <title>: the brand plus the deepest route's title (route handle `title`, spec §1). */
function DocumentTitle({ brand }: { brand: string }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const error = useRouteError();
  const key = error
    ? isRouteErrorResponse(error) && error.status === 404
      ? "common:notFound.title"
      : isUnavailable(error)
        ? "common:unavailablePage.title"
        : "common:errorPage.title"
    : routeTitleKey(matches);
  return <title>{pageTitle(brand, key ? t(key) : null)}</title>;
}

/**
 * Every page sits directly under this route (what was the pathless "shell" layout lives here: one route level less
 * for React Router to match on every request, issue 11). Its loader runs on every navigation and after every form
 * submission (shouldRevalidate), so it carries what must always be fresh: the toasts, who is signed in (role only),
 * and the form token of the web's own forms (logout, language); app/lib/use-shell.ts reads it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  return {
    toasts: takeToasts(context),
    viewer: { role: viewer.role },
    formToken: getWebSession(context).formToken,
  };
}

export function shouldRevalidate() {
  return true;
}

export default function App() {
  useEffect(() => {
    document.documentElement.classList.remove("booting");
    // Tells the server this browser runs our scripts, so later pages may be streamed (entry.server.tsx).
    document.cookie = "th_js=1; path=/; SameSite=Lax";
  }, []);
  // Toasts handed over by any loader of the page (app/lib/toast.server.ts), the root's first.
  const matches = useMatches();
  const toasts = matches.flatMap((match) => (match.loaderData as { toasts?: Toast[] } | undefined)?.toasts ?? []);
  return (
    <>
      <Toaster toasts={toasts} />
      <Outlet />
      <Analytics />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    document.documentElement.classList.remove("booting");
  }, []);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage error={error} />;
}
