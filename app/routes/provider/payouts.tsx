import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/payouts";
import { SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { Badge } from "~/components/ui/badge";
import { formatCurrency, formatDate } from "~/lib/format";
import { payoutsAction, payoutsLoader, type PayoutActionResult } from "~/lib/payouts.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.payouts", i18n: ["staffOps"] } satisfies RouteHandle;

/**
 * Payouts (spec §2 hidden entry, providerUsers only; §3 Invoice: number, period, amount, payout date; §8 'Payout
 * request error'): what is payable now with the rates, a payout request (a plain form), and the invoices with their
 * PDF statements. Dates mm/dd/yyyy in Pacific time.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return payoutsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return payoutsAction(request, context);
}

const PACIFIC_OFFSET = (iso: string) => {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", timeZoneName: "longOffset" }).formatToParts(new Date(iso));
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.find((p) => p.type === "timeZoneName")?.value ?? "");
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};
const day = (iso: string) => formatDate(iso, { utcOffsetMinutes: PACIFIC_OFFSET(iso) });

export default function ProviderPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { payable, invoices, nextCursor, paged } = loaderData;
  const error = (actionData as PayoutActionResult | undefined)?.error;
  const money = (cents: number) => formatCurrency(cents, { fromCents: true, cents: true });
  return (
    <>
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("staffOps:payouts.intro")}</p>
      </div>
      <section aria-labelledby="payable-title" className="flex flex-col gap-4 rounded-lg border bg-card p-4" data-testid="payable">
        <div className="flex flex-col gap-1">
          <h2 id="payable-title" className="text-lg font-semibold">
            {t("staffOps:payouts.payableTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{payable.since ? t("staffOps:payouts.payableSince", { date: day(payable.since) }) : t("staffOps:payouts.payableNever")}</p>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted-foreground">{t("staffOps:payouts.reviews")}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="payable-reviews">
              {payable.reviews} <span className="text-sm font-normal text-muted-foreground">{t("staffOps:payouts.rate", { amount: money(payable.rates.reviewCents) })}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t("staffOps:payouts.visits")}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="payable-visits">
              {payable.visits} <span className="text-sm font-normal text-muted-foreground">{t("staffOps:payouts.rate", { amount: money(payable.rates.visitCents) })}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t("staffOps:payouts.amount")}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="payable-amount">
              {money(payable.amountCents)}
            </dd>
          </div>
        </dl>
        {error ? (
          <p role="alert" className="rounded-md border border-error bg-error-subtle px-4 py-3 text-sm text-error" data-testid="payout-error">
            {error}
          </p>
        ) : null}
        <Form method="post" data-testid="payout-request-form">
          <input type="hidden" name="intent" value="request" />
          <SubmitButton pending={navigation.state !== "idle" && navigation.formMethod === "POST"}>{t("staffOps:payouts.request")}</SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="invoices-title" className="flex flex-col gap-3" data-testid="payout-invoices">
        <h2 id="invoices-title" className="text-lg font-semibold">
          {t("staffOps:payouts.invoicesTitle")}
        </h2>
        {invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("staffOps:payouts.none")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("staffOps:payouts.number")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("staffOps:payouts.period")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t("staffOps:payouts.amount")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("staffOps:payouts.payoutDate")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("staffOps:payouts.status")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("staffOps:payouts.statement")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((inv) => (
                  <tr key={inv.id} className="border-t" data-testid="payout-row" data-number={inv.number}>
                    <td className="px-3 py-2 font-medium">{inv.number}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {day(inv.periodStart)} – {day(inv.periodEnd)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{money(inv.amountCents)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatDate(`${inv.payoutDate}T12:00:00Z`)}</td>
                    <td className="px-3 py-2">
                      <Badge variant={inv.status === "paid" ? "success" : "primary"}>{t(`staffOps:payouts.statuses.${inv.status}`)}</Badge>
                    </td>
                    <td className="px-3 py-2">
                      <a href={`/provider/payouts/${inv.id}/pdf`} download className="text-primary underline underline-offset-4 hover:no-underline" aria-label={t("staffOps:payouts.downloadLabel", { number: inv.number })}>
                        {t("staffOps:payouts.download")}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {nextCursor || paged ? (
          <nav aria-label={t("staffOps:payouts.pager")} className="flex gap-4 text-sm">
            {paged ? (
              <Link to="/provider/payouts" className="text-primary underline underline-offset-4 hover:no-underline">
                {t("staffOps:payouts.newest")}
              </Link>
            ) : null}
            {nextCursor ? (
              <Link to={`/provider/payouts?cursor=${encodeURIComponent(nextCursor)}`} className="text-primary underline underline-offset-4 hover:no-underline">
                {t("staffOps:payouts.older")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
