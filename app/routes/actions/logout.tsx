import { useTranslation } from "~/lib/use-translation";
import { data, Link } from "react-router";
import type { Route } from "./+types/logout";
import { BasicShell } from "~/components/basic-shell";
import { homeFor } from "~/lib/home";
import { getViewer, signOut } from "~/lib/auth.server";
import { assertFormPost, isTrustedNavigation, readForm } from "~/lib/csrf.server";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { errorToastMessage, redirectWithToast } from "~/lib/toast.server";
import { Alert } from "~/components/ui/alert";
import { translateSuccess } from "~/lib/upstream-messages";
import { useShell } from "~/lib/use-shell";

export const handle = { title: "common:pages.logout" } satisfies RouteHandle;

/**
 * Logout (spec §2: "a navigation to /actions/users/logout").
 *
 * Decision: the menus link here (a plain navigation, full page load so no patient data stays in the
 * browser's memory). A GET signs out only when the browser says the navigation is the user's own or comes
 * from our pages (Sec-Fetch-Site: same-origin / none); a link or image on another site cannot sign anyone
 * out. Any other GET (another site, or a browser without fetch metadata) shows a confirmation page whose
 * POST form carries the session's form token; the POST checks token and origin.
 *
 * When the upstream could not end the session (no response, or a failure), the user is not signed out: this
 * page says so — "You are still signed in." and the spec §8 text — with the sign-out button to try again (503,
 * or the upstream's own status for a refusal; issue 12).
 */
async function performLogout(context: Route.LoaderArgs["context"]) {
  const t = getT(context);
  const result = await signOut(context);
  if (!result.ok) {
    // No response, or the upstream failing: 503; a refusal keeps its own status.
    const { status } = result.error;
    return data({ failed: errorToastMessage(result.error, t) }, { status: status === null || status >= 500 ? 503 : status });
  }
  const { notice } = result;
  return redirectWithToast(context, "/login", "success", notice ? translateSuccess(notice, t, t("common:upstream.signedOut")) : t("common:upstream.signedOut"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (getViewer(context).role === "guest") return redirectWithToast(context, "/login", "info", getT(context)("common:logout.alreadySignedOut"));
  if (isTrustedNavigation(request)) return performLogout(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  assertFormPost(request, context, await readForm(request));
  return performLogout(context);
}

export default function Logout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { role, formToken } = useShell();
  const failed = actionData?.failed ?? loaderData?.failed;
  return (
    <BasicShell>
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">{t("common:pages.logout")}</h1>
        {failed ? (
          <Alert variant="error" title={t("common:logout.stillSignedIn")}>
            {failed}
          </Alert>
        ) : null}
        <p>{t("common:logout.confirm")}</p>
        <form method="post" action="/actions/users/logout" className="flex flex-wrap gap-3">
          <input type="hidden" name="formToken" value={formToken} />
          <button type="submit" className="inline-flex h-11 items-center rounded-md bg-error px-4 font-medium text-error-foreground">
            {t("common:nav.logout")}
          </button>
          <Link to={homeFor(role)} className="inline-flex h-11 items-center rounded-md px-4 font-medium text-primary underline">
            {t("common:actions.cancel")}
          </Link>
        </form>
      </section>
    </BasicShell>
  );
}
