import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { safeLocalPath } from "~/lib/redirects";
import { assertFormPost, readForm } from "~/lib/csrf.server";
import { isLanguage } from "~/lib/i18n";
import { languageCookie } from "~/lib/i18n.server";
import { getWebSession } from "~/lib/session.server";
import { accountApi } from "~/lib/account.server";

/** The language switcher's target: sets the `lng` cookie and reloads the page the user was on (303). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  assertFormPost(request, context, formData);
  const lng = formData.get("lng");
  const target = safeLocalPath(formData.get("redirectTo")) ?? "/";
  if (!isLanguage(lng)) return redirect(target, 303);
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
