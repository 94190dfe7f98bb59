import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { safeLocalPath } from "~/lib/redirects";
import { assertFormPost } from "~/lib/csrf.server";
import { isLanguage } from "~/lib/i18n";
import { languageCookie } from "~/lib/i18n.server";

/** The language switcher's target: sets the `lng` cookie and reloads the page the user was on (303). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  assertFormPost(request, context, formData);
  const lng = formData.get("lng");
  const target = safeLocalPath(formData.get("redirectTo")) ?? "/";
  if (!isLanguage(lng)) return redirect(target, 303);
  return redirect(target, { status: 303, headers: { "Set-Cookie": await languageCookie.serialize(lng) } });
}

export function loader() {
  return redirect("/");
}
