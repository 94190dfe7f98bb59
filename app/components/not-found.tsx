import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { homeFor } from "~/lib/home";
import { useShell } from "~/lib/use-shell";
import { BasicShell } from "./basic-shell";

/** The not-found page (spec §2): any unknown path, and any page the signed-in role may not open. */
export function NotFoundContent() {
  const { t } = useTranslation();
  const { role } = useShell();
  return (
    <section className="flex flex-col items-start gap-4" aria-labelledby="not-found-title">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 id="not-found-title" className="text-2xl font-semibold tracking-tight">
        {t("common:notFound.title")}
      </h1>
      <p className="text-muted-foreground">{t("common:notFound.text")}</p>
      <Link
        to={role === "guest" ? "/" : homeFor(role)}
        className="inline-flex items-center rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary-hover"
      >
        {t("common:notFound.backHome")}
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  return (
    <BasicShell>
      <NotFoundContent />
    </BasicShell>
  );
}
