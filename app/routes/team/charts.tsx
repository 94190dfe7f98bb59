import type { Route } from "./+types/charts";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { CursorPager, QueueEmpty, ZoneNote, td, th } from "~/components/review-queues/queue-ui";
import { Tabs } from "~/components/ui/tabs";
import { buttonVariants } from "~/components/ui/button";
import { areaOf } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { chartsLoader } from "~/lib/review-queues.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { CHART_TABS } from "../../../api/contract/review-queue-rules.ts";

export const handle = { title: "common:pages.charts", i18n: ["review"] } satisfies RouteHandle;

/** /staff/charts and /manager/charts (spec §2, §4): charts to review (oldest first) and reviewed (newest first). */
export function loader({ request, context }: Route.LoaderArgs) {
  return chartsLoader(request, context, areaOf(new URL(request.url).pathname));
}

export default function TeamCharts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { area, tab, items, nextCursor, paged, utcOffsetMinutes, zoneName } = loaderData;
  const list =
    items.length === 0 ? (
      <QueueEmpty>{t(`review:charts.empty.${tab}`)}</QueueEmpty>
    ) : (
      <div className="overflow-x-auto rounded-lg border bg-card">
        <table className="w-full min-w-[760px]" aria-label={t("review:charts.listLabel")} data-testid="charts-list">
          <thead className="border-b">
            <tr>
              <th scope="col" className={th}>{t("review:charts.patient")}</th>
              <th scope="col" className={th}>{t("review:charts.journey")}</th>
              <th scope="col" className={th}>{t("review:charts.readySince")}</th>
              <th scope="col" className={th}>{t("review:charts.provider")}</th>
              {tab === "reviewed" ? <th scope="col" className={th}>{t("review:charts.signed")}</th> : null}
              <th scope="col" className={th}><span className="sr-only">{t("review:ready.actions")}</span></th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((chart) => (
              <tr key={chart.id} data-testid="chart-row" data-chart-id={chart.id}>
                <td className={`${td} font-medium`}>{chart.patient.fullName}</td>
                <td className={td}>{t(`review:journey.${chart.sectionType}`)}</td>
                <td className={td}>{formatDate(chart.readySince, { withTime: true, t, utcOffsetMinutes })}</td>
                <td className={td}>{chart.provider?.fullName ?? t("review:ready.unassigned")}</td>
                {tab === "reviewed" ? (
                  <td className={td}>{chart.signedBy && chart.signedAt ? t("review:charts.signedBy", { name: chart.signedBy.fullName, date: formatDate(chart.signedAt, { withTime: true, t, utcOffsetMinutes }) }) : null}</td>
                ) : null}
                <td className={td}>
                  <Link
                    to={`/${area}/charts/${chart.id}`}
                    aria-label={t("review:charts.openLabel", { name: chart.patient.fullName })}
                    className={buttonVariants({ size: "sm", variant: tab === "to_review" ? "primary" : "outline" })}
                    data-testid="open-chart"
                  >
                    {t("review:charts.open")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("review:charts.intro")}</p>
        <ZoneNote utcOffsetMinutes={utcOffsetMinutes} zoneName={zoneName} />
      </div>
      <Tabs label={t("review:charts.tabsLabel")} value={tab} resetParams={["cursor"]} items={CHART_TABS.map((id) => ({ id, label: t(`review:charts.tab.${id}`), content: id === tab ? list : null }))} />
      <CursorPager nextCursor={nextCursor} paged={paged} />
    </div>
  );
}
