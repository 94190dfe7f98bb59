import { Outlet, isRouteErrorResponse, useMatches, useRouteError } from "react-router";
import type { Route } from "./+types/shell";
import { Analytics } from "~/components/analytics";
import { ErrorPage } from "~/components/error-page";
import { NotFoundPage } from "~/components/not-found";
import { Toaster } from "~/components/toaster";
import { getViewer } from "~/lib/auth.server";
import { getWebSession } from "~/lib/session.server";
import type { Toast } from "~/lib/toast";
import { takeToasts } from "~/lib/toast.server";

/**
 * Pathless route under the html shell that every page sits in. Its loader runs on every navigation and
 * after every form submission (shouldRevalidate), so it carries what must always be fresh: the toasts, who
 * is signed in (role only), and the form token of the web's own forms (logout, language).
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

export default function Shell() {
  // Toasts handed over by any loader of the page (app/lib/toast.server.ts), the shell's first.
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

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage error={error} />;
}
