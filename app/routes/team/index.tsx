import { Suspense, useId, type ReactNode } from "react";
import { Await, Link } from "react-router";
import type { Route } from "./+types/index";
import { PageTitle } from "~/components/page-title";
import { Badge } from "~/components/ui/badge";
import { staffSidebarFor, type StaffNavKey } from "~/lib/access";
import { formatDuration, remainingTimeColour } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import { staffDashboardLoader, type DashboardData, type StaffDashboard } from "~/lib/staff-dashboard.server";
import { useTranslation } from "~/lib/use-translation";
import { DASHBOARD_COUNT_CAP } from "../../../api/contract/staff-dashboard-rules.ts";

export const handle = { title: "common:pages.dashboard", i18n: ["dashboard", "review"] } satisfies RouteHandle;

/**
 * /staff (every staff role) and /manager (providers): the dashboard of issue 19 (api/contract/staff-dashboard-rules.ts
 * decides the panels per role). Streamed like the patient's overview: with JavaScript the shell first and the panels
 * when the one call answers; without it the complete page. Each figure links to the page that lists it.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return staffDashboardLoader(request, context);
}

type Links = Partial<Record<StaffNavKey, string>>;

function Count({ value, testId }: { value: { count: number; capped: boolean }; testId: string }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language).format(value.count);
  return (
    <span className="text-3xl font-semibold tabular-nums" data-testid={testId} data-count={value.count}>
      {value.capped ? t("dashboard:capped", { count: new Intl.NumberFormat(i18n.language).format(DASHBOARD_COUNT_CAP) }) : n}
    </span>
  );
}

/** A figure card: the count, what it counts, a link to the list. */
function Figure({ title, value, to, testId, linkText }: { title: string; value: { count: number; capped: boolean }; to?: string; testId: string; linkText: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-lg border bg-card p-4" data-testid={`panel-${testId}`}>
      <h2 id={id} className="text-sm font-medium text-muted-foreground">
        {title}
      </h2>
      <Count value={value} testId={`count-${testId}`} />
      {to ? (
        <Link to={to} className="text-sm text-primary underline underline-offset-4 hover:no-underline">
          {linkText}
        </Link>
      ) : null}
    </section>
  );
}

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid={`panel-${testId}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Hours({ value }: { value: number | null }) {
  const { t } = useTranslation();
  return <>{value === null ? t("dashboard:turnaround.none") : t("dashboard:turnaround.hours", { count: value })}</>;
}

function Panels({ data, links, now }: { data: StaffDashboard; links: Links; now: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6" data-testid="dashboard-ready">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {data.chats ? (
          <Figure title={t("dashboard:chats.title")} value={{ count: data.chats.chats, capped: data.chats.capped }} to={links.messages} testId="chats" linkText={t("dashboard:chats.link", { count: data.chats.messages })} />
        ) : null}
        {data.reviews ? <Figure title={t("dashboard:reviews.title")} value={data.reviews} to={links.readyForReview} testId="reviews" linkText={t("dashboard:reviews.link")} /> : null}
        {data.pastDue ? <Figure title={t("dashboard:pastDue.title")} value={data.pastDue} to={links.pastDuePatients} testId="past-due" linkText={t("dashboard:pastDue.link")} /> : null}
        {data.renewalsBlocked ? (
          <Figure title={t("dashboard:renewalsBlocked.title")} value={data.renewalsBlocked} to={links.renewals} testId="renewals-blocked" linkText={t("dashboard:renewalsBlocked.link")} />
        ) : null}
        {data.shipmentsOnHold ? (
          <Figure title={t("dashboard:shipmentsOnHold.title")} value={data.shipmentsOnHold} to={links.shipments} testId="shipments-on-hold" linkText={t("dashboard:shipmentsOnHold.link")} />
        ) : null}
        {data.uploadsToReview ? (
          <Figure title={t("dashboard:uploadsToReview.title")} value={data.uploadsToReview} to={links.uploads} testId="uploads-to-review" linkText={t("dashboard:uploadsToReview.link")} />
        ) : null}
      </div>
      {data.tasks ? (
        <Card title={t("dashboard:tasks.title")} testId="tasks">
          <ul className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
            {data.tasks.byStatus.map((s) => (
              <li key={s.status} className="flex flex-col rounded-md border px-3 py-2" data-testid={`tasks-${s.status}`}>
                <span className="text-sm text-muted-foreground">{t(`tasks:status.${s.status}`)}</span>
                <Count value={s} testId={`count-tasks-${s.status}`} />
              </li>
            ))}
          </ul>
          {links.tasks ? (
            <Link to={links.tasks} className="text-sm text-primary underline underline-offset-4 hover:no-underline">
              {t("dashboard:tasks.link")}
            </Link>
          ) : null}
        </Card>
      ) : null}
      {data.reviews ? (
        <Card title={t("dashboard:reviews.oldest")} testId="review-clocks">
          {data.reviews.oldest.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("dashboard:reviews.none")}</p>
          ) : (
            <ul className="flex flex-col divide-y">
              {data.reviews.oldest.map((r) => {
                const ms = new Date(r.dueAt).getTime() - now;
                const time = formatDuration(Math.abs(ms), { t });
                return (
                  <li key={r.treatmentId} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="review-clock">
                    <Link to={`${links.patients ?? "/staff/patients"}/${r.patientId}`} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
                      {r.patientName}
                    </Link>
                    <Badge variant={remainingTimeColour(ms)} dot data-tone={remainingTimeColour(ms)}>
                      {ms < 0 ? t("review:ready.overdue", { time }) : t("review:ready.left", { time })}
                    </Badge>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      ) : null}
      {data.workload ? (
        <Card title={t("dashboard:workload.title")} testId="workload">
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("dashboard:workload.title")}</caption>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t("dashboard:workload.provider")}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t("dashboard:workload.open")}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t("dashboard:workload.pastDue")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.workload.providers.map((p) => (
                  <tr key={p.id} className="border-b last:border-0" data-testid="workload-row">
                    <th scope="row" className="py-2 pr-4 text-left font-normal">
                      {p.fullName}
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{p.capped ? t("dashboard:capped", { count: DASHBOARD_COUNT_CAP }) : p.openReviews}</td>
                    <td className="py-2 text-right tabular-nums">{p.pastDue}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="py-2 pr-4 text-left font-normal text-muted-foreground">
                    {t("dashboard:workload.unassigned")}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{data.workload.unassigned.count}</td>
                  <td />
                </tr>
              </tbody>
            </table>
          </div>
          {links.workload ? (
            <Link to={links.workload} className="text-sm text-primary underline underline-offset-4 hover:no-underline">
              {t("dashboard:workload.link")}
            </Link>
          ) : null}
        </Card>
      ) : null}
      {data.turnaround ? (
        <Card title={t("dashboard:turnaround.title")} testId="turnaround">
          <p className="text-sm text-muted-foreground">{t("dashboard:turnaround.explain")}</p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("dashboard:turnaround.title")}</caption>
              <thead>
                <tr className="border-b text-left">
                  <td />
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t("dashboard:turnaround.reviews")}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t("dashboard:turnaround.median")}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t("dashboard:turnaround.p90")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(["thisWeek", "lastWeek"] as const).map((week) => (
                  <tr key={week} className="border-b last:border-0" data-testid={`turnaround-${week}`}>
                    <th scope="row" className="py-2 pr-4 text-left font-normal">
                      {t(`dashboard:turnaround.${week}`)}
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{data.turnaround![week].count}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      <Hours value={data.turnaround![week].medianHours} />
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      <Hours value={data.turnaround![week].p90Hours} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
    </div>
  );
}

export default function TeamDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { figures, role, now } = loaderData;
  const links: Links = Object.fromEntries(staffSidebarFor(role).map((e) => [e.key, e.to]));
  const body = (value: DashboardData) =>
    value === null ? (
      <p className="text-sm text-error" role="alert" data-testid="panel-error">
        {t("dashboard:error")}
      </p>
    ) : (
      <Panels data={value} links={links} now={now} />
    );
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={handle.title} />
      {/* Resolved figures (no JavaScript) render as they are; a promise streams behind a placeholder. */}
      {figures instanceof Promise ? (
        <Suspense
          fallback={
            <p className="text-sm text-muted-foreground" data-testid="panel-loading">
              {t("dashboard:loading")}
            </p>
          }
        >
          <Await resolve={figures}>{(value: DashboardData) => body(value)}</Await>
        </Suspense>
      ) : (
        body(figures)
      )}
    </div>
  );
}
