import { Link } from "react-router";
import type { Route } from "./+types/renewals";
import { PageTitle } from "~/components/page-title";
import { Badge } from "~/components/ui/badge";
import { useArea } from "~/lib/area";
import { formatCurrency, formatDate } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import { renewalsLoader } from "~/lib/subscriptions.server";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.renewals", i18n: ["subscriptions"] } satisfies RouteHandle;

/**
 * /staff/renewals and /manager/renewals (issue 16 part B; spec §2): upcoming renewals by next charge with what blocks
 * each one (no card, card declined, check-in not approved, prescription not valid, a cancellation that ends the plan
 * at that renewal), cursor-paged (GET /api/v1/renewals). Each row links to the patient's record.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return renewalsLoader(request, context);
}

export default function TeamRenewals({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const { renewals, nextCursor, paged, utcOffsetMinutes } = loaderData;
  const date = (iso: string) => formatDate(iso, { utcOffsetMinutes });
  const money = (cents: number) => formatCurrency(cents, { fromCents: true, cents: cents % 100 !== 0, locale: i18n.language });
  const columns = ["patient", "plan", "nextCharge", "amount", "status", "blockers"] as const;
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("subscriptions:renewals.intro")}</p>
      </header>
      {renewals.length === 0 ? (
        <p data-testid="renewals-empty">{t("subscriptions:renewals.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="renewals-table">
            <caption className="sr-only">{t("subscriptions:renewals.caption")}</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="px-2 py-1">
                    {t(`subscriptions:renewals.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {renewals.map((r) => (
                <tr key={r.subscriptionId} className="border-t align-top" data-testid="renewal-row" data-subscription-id={r.subscriptionId}>
                  <td className="px-2 py-2 font-medium">
                    <Link to={`/${area}/patients/${r.patient.id}`} className="text-primary underline underline-offset-4 hover:no-underline">
                      {r.patient.fullName}
                    </Link>
                  </td>
                  <td className="px-2 py-2">{r.plan}</td>
                  <td className="px-2 py-2 tabular-nums">{date(r.nextChargeAt)}</td>
                  <td className="px-2 py-2 tabular-nums">{money(r.amountCents)}</td>
                  <td className="px-2 py-2">{t(`subscriptions:renewals.status.${r.status}`, { defaultValue: String(r.status) })}</td>
                  <td className="px-2 py-2">
                    {r.blockers.length ? (
                      <ul className="flex flex-wrap gap-1" data-testid="renewal-blockers">
                        {r.blockers.map((b) => (
                          <li key={b}>
                            <Badge variant={b === "pendingCancellation" ? "neutral" : b === "cardDeclined" ? "error" : "warning"} data-blocker={b}>
                              {t(`subscriptions:renewals.blockers.${b}`)}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <Badge variant="success">{t("subscriptions:renewals.ready")}</Badge>
                    )}
                    {r.pastDueSince ? <p className="mt-1 text-muted-foreground">{t("subscriptions:renewals.pastDueSince", { date: date(r.pastDueSince) })}</p> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="flex flex-wrap gap-4" aria-label={t("subscriptions:renewals.caption")}>
        {paged ? (
          <Link to={`/${area}/renewals`} className="text-primary underline underline-offset-4 hover:no-underline">
            {t("subscriptions:renewals.first")}
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={`/${area}/renewals?cursor=${encodeURIComponent(nextCursor)}`} className="text-primary underline underline-offset-4 hover:no-underline" data-testid="renewals-next">
            {t("subscriptions:renewals.next")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
