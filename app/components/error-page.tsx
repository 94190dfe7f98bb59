import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";
import { isRouteErrorResponse, useLocation } from "react-router";
import { BasicShell } from "./basic-shell";
import { isUnavailable } from "~/lib/upstream-unavailable";

/** Unexpected errors: a plain message (no details, which could hold health data), logged in the console. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (isUnavailable(error)) return <UnavailablePage />;
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

/**
 * 503: the page's data could not be read because the upstream gave no response (app/lib/upstream-unavailable.ts),
 * or the browser lost its connection on the way (app/lib/offline.ts). Spec §8's text, and a link that tries the
 * same page again.
 */
export function UnavailablePage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <BasicShell>
      <section className="flex flex-col items-start gap-4">
        <p className="text-sm font-semibold text-error">503</p>
        <h1 className="text-2xl font-semibold tracking-tight">{t("common:unavailablePage.title")}</h1>
        <p role="alert" className="text-muted-foreground">
          {t("common:errors.network")}
        </p>
        <a href={pathname + search} className="font-medium text-primary underline">
          {t("common:unavailablePage.retry")}
        </a>
      </section>
    </BasicShell>
  );
}
