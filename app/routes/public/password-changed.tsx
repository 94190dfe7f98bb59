import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.passwordChanged" } satisfies RouteHandle;

/** PasswordChanged (spec §2, §4): shown after a new password was set. */
export default function PasswordChanged() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-4">
      <PageTitle title={handle.title} />
      <p>{t("common:passwordChanged.text")}</p>
      <Link
        to="/login"
        className="inline-flex h-11 items-center justify-center self-start rounded-md bg-primary px-4 font-medium text-primary-foreground hover:bg-primary-hover"
      >
        {t("common:login.submit")}
      </Link>
    </section>
  );
}
