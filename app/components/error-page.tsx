import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";
import { isRouteErrorResponse } from "react-router";
import { BasicShell } from "./basic-shell";

/** Unexpected errors: a plain message (no details, which could hold health data), logged in the console. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <BasicShell>
      <section className="flex flex-col items-start gap-4">
        <p className="text-sm font-semibold text-error">{status}</p>
        <h1 className="text-2xl font-semibold tracking-tight">{t("common:errorPage.title")}</h1>
        <p className="text-muted-foreground">{t("common:errorPage.text")}</p>
        <a href="/" className="font-medium text-primary underline">
          {t("common:notFound.backHome")}
        </a>
      </section>
    </BasicShell>
  );
}
