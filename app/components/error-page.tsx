import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";
import { isRouteErrorResponse } from "react-router";
import { BasicShell } from "./basic-shell";
import { isUnavailable } from "~/lib/upstream-unavailable";

/**
 * Unexpected errors: a plain message (no details, which could hold health data), logged in the console.
 * 503 "Service unavailable": the page's data could not be read because the upstream gave no response
 * (app/lib/upstream-unavailable.ts) or the browser lost its connection on the way (app/lib/offline.ts): spec §8's
 * text, announced, and a link that loads the same page again (`href=""`: this very address).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const unavailable = isUnavailable(error);
  return (
    <BasicShell>
      <section className="flex flex-col items-start gap-4">
        <p className="text-sm font-semibold text-error">{status}</p>
        <h1 className="text-2xl font-semibold tracking-tight">{t(unavailable ? "common:unavailablePage.title" : "common:errorPage.title")}</h1>
        <p role={unavailable ? "alert" : undefined} className="text-muted-foreground">
          {t(unavailable ? "common:errors.network" : "common:errorPage.text")}
        </p>
        <a href={unavailable ? "" : "/"} className="font-medium text-primary underline">
          {t(unavailable ? "common:unavailablePage.retry" : "common:notFound.backHome")}
        </a>
      </section>
    </BasicShell>
  );
}
