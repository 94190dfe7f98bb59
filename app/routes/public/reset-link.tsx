import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import type { Route } from "./+types/reset-link";
import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";
import { getWebSession } from "~/lib/session.server";

export const handle = { title: "common:pages.resetLink", i18n: ["security"] } satisfies RouteHandle;

/**
 * ResetPasswordLink (spec §2, §4): shown after a reset email request succeeded, with the login name the
 * request stored (once; a reload shows the text without it). The same page whether or not the account exists.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { loginName: getWebSession(context).takeResetLoginName() };
}

export default function ResetPasswordLink({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-4">
      <PageTitle title={handle.title} />
      <p>{loaderData.loginName ? t("common:resetLink.sentTo", { email: loaderData.loginName }) : t("common:resetLink.sent")}</p>
      <p className="text-muted-foreground">{t("common:resetLink.spam")}</p>
      <p className="text-muted-foreground">{t("security:resetLink.expires")}</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/login" className="font-medium text-primary underline">
          {t("common:login.backToSignIn")}
        </Link>
        <Link to="/forgot-password" className="font-medium text-primary underline">
          {t("security:resetLink.again")}
        </Link>
      </div>
    </section>
  );
}
