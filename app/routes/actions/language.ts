import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { safeLocalPath } from "~/lib/redirects";
import { formTokenMatches, isSameOriginRequest, readForm } from "~/lib/csrf.server";
import { isLanguage } from "~/lib/i18n";
import { getT, languageCookie } from "~/lib/i18n.server";
import { getWebSession } from "~/lib/session.server";
import { accountApi } from "~/lib/account.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The language switcher's target: sets the `lng` cookie and reloads the page the user was on (303). It answers
 * a page in every case, never a bare error: a post it must refuse (another site's, an out-of-date form token) or
 * an unknown language goes back to the page with a toast saying so, and the language stays as it was.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch {
    return redirectWithToast(context, "/", "error", t("common:language.unavailable"), { status: 303 });
  }
  const target = safeLocalPath(formData.get("redirectTo")) ?? "/";
  if (isSameOriginRequest(request) === false || !formTokenMatches(context, formData.get("formToken"))) {
    return redirectWithToast(context, target, "error", t("common:upstream.csrf"), { status: 303 });
  }
  const lng = formData.get("lng");
  if (!isLanguage(lng)) return redirectWithToast(context, target, "error", t("common:language.unavailable"), { status: 303 });
  // A signed-in user's choice is also their account's language: the emails they get (a password reset
  // asked for while signed out, too) are written in it. Best effort: the page switches either way.
  if (getWebSession(context).hasUpstreamSession) {
    await accountApi(context)
      .saveLanguage(lng)
      .catch(() => undefined);
  }
  return redirect(target, { status: 303, headers: { "Set-Cookie": await languageCookie.serialize(lng) } });
}

export function loader() {
  return redirect("/");
}
