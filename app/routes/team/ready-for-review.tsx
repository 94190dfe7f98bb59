import type { Route } from "./+types/ready-for-review";
import { Form, Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { CursorPager, QueueEmpty, ZoneNote, td, th } from "~/components/review-queues/queue-ui";
import { PendingCheckIns } from "~/components/check-ins/pending-check-ins";
import { pendingCheckInsLoader } from "~/lib/check-ins.server";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { areaOf } from "~/lib/area";
import { formatDate, formatDuration, remainingTimeColour } from "~/lib/format";
import { readyLoader, type ReadyItem } from "~/lib/review-queues.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { READY_KINDS } from "../../../api/contract/review-queue-rules.ts";

export const handle = { title: "common:pages.readyForReview", i18n: ["review", "checkIns"] } satisfies RouteHandle;

/**
 * /staff/ready-for-review (providerUsers) and /manager/ready-for-review (providers): the review queue (spec §2, §9),
 * then the check-ins waiting for review (issue 14/15: answered, oldest answer first; each links to the patient's
 * intakes tab, where the check-in is approved or declined). The two lists page separately (cursor, checkInsCursor).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [ready, checkIns] = await Promise.all([readyLoader(request, context, areaOf(new URL(request.url).pathname)), pendingCheckInsLoader(request, context)]);
  return { ...ready, ...checkIns };
}

function TimeLeft({ item }: { item: ReadyItem }) {
  const { t } = useTranslation();
  const ms = item.minutesLeft * 60_000;
  const time = formatDuration(Math.abs(ms), { t });
  return (
    <Badge variant={remainingTimeColour(ms)} dot data-testid="time-left" data-tone={remainingTimeColour(ms)}>
      {ms < 0 ? t("review:ready.overdue", { time }) : t("review:ready.left", { time })}
    </Badge>
  );
}

export default function TeamReadyForReview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { area, items, kind, nextCursor, paged, utcOffsetMinutes, zoneName } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("review:ready.intro")}</p>
        <ZoneNote utcOffsetMinutes={utcOffsetMinutes} zoneName={zoneName} />
      </div>
      <Form method="get" aria-label={t("review:ready.filterLabel")} className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor="ready-kind" className="text-sm font-medium">
            {t("review:ready.kindLabel")}
          </label>
          <select id="ready-kind" name="kind" defaultValue={kind ?? ""} className="h-10 rounded-md border border-input bg-background px-3 text-sm">
            <option value="">{t("review:ready.all")}</option>
            {READY_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`review:kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          {t("review:ready.filter")}
        </Button>
      </Form>
      {items.length === 0 ? (
        <QueueEmpty>{t("review:ready.empty")}</QueueEmpty>
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <table className="w-full min-w-[900px]" aria-label={t("review:ready.listLabel")} data-testid="ready-list">
            <thead className="border-b">
              <tr>
                <th scope="col" className={th}>{t("review:ready.patient")}</th>
                <th scope="col" className={th}>{t("review:ready.journey")}</th>
                <th scope="col" className={th}>{t("review:ready.kindColumn")}</th>
                <th scope="col" className={th}>{t("review:ready.waitingSince")}</th>
                <th scope="col" className={th}>{t("review:ready.timeLeft")}</th>
                <th scope="col" className={th}>{t("review:ready.provider")}</th>
                <th scope="col" className={th}>{t("review:ready.state")}</th>
                <th scope="col" className={th}><span className="sr-only">{t("review:ready.actions")}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {items.map((item) => (
                <tr key={item.id} data-testid="ready-row" data-treatment-id={item.id}>
                  <td className={td}>
                    <Link to={`/${area}/patients/${item.patient.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                      {item.patient.fullName}
                    </Link>
                  </td>
                  <td className={td}>{t(`review:journey.${item.sectionType}`)}</td>
                  <td className={td}>
                    <Badge variant={item.kind === "refill" ? "lightBlue" : "primary"}>{t(`review:kind.${item.kind}`)}</Badge>
                  </td>
                  <td className={td}>{formatDate(item.waitingSince, { withTime: true, t, utcOffsetMinutes })}</td>
                  <td className={td}>
                    <TimeLeft item={item} />
                  </td>
                  <td className={td}>{item.provider?.fullName ?? <span className="text-muted-foreground">{t("review:ready.unassigned")}</span>}</td>
                  <td className={td}>
                    <span className="flex flex-col items-start gap-1">
                      <span>{item.patientState ?? <span className="text-muted-foreground">{t("review:ready.noState")}</span>}</span>
                      {item.inLicensedState === false ? <Badge variant="neutral" data-testid="out-of-state">{t("review:ready.outOfState")}</Badge> : null}
                    </span>
                  </td>
                  <td className={td}>
                    <Link
                      to={`/${area}/patients/${item.patient.id}/intakes/${item.id}/review?from=ready-for-review`}
                      aria-label={t("review:ready.reviewLabel", { name: item.patient.fullName })}
                      className={buttonVariants({ size: "sm" })}
                      data-testid="review-link"
                    >
                      {t("review:ready.review")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager nextCursor={nextCursor} paged={paged} />
      <PendingCheckIns area={area} items={loaderData.pendingCheckIns} nextCursor={loaderData.checkInsNextCursor} paged={loaderData.checkInsPaged} utcOffsetMinutes={utcOffsetMinutes} />
    </div>
  );
}
