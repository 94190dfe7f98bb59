import { Link, useLocation } from "react-router";
import { useAnswerText } from "~/components/check-ins/check-in-ui";
import { QueueEmpty, td, th } from "~/components/review-queues/queue-ui";
import { buttonVariants } from "~/components/ui/button";
import type { CheckIn } from "~/lib/check-ins.server";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/use-translation";

/**
 * The check-ins waiting for review (a section of the ready-for-review page; GET /api/v1/check-ins/pending): answered,
 * oldest answer first, with the weight and side effects at a glance; "Review" opens the patient's intakes tab at the
 * check-in, where it is approved or declined. Keyset-paged by its own parameter (checkInsCursor).
 */
export function PendingCheckIns({ area, items, nextCursor, paged, utcOffsetMinutes }: { area: string; items: CheckIn[]; nextCursor: string | null; paged: boolean; utcOffsetMinutes: number }) {
  const { t } = useTranslation();
  const text = useAnswerText();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("checkInsCursor");
  const first = `${location.pathname}${params.size ? `?${params}` : ""}#pending-check-ins`;
  const next = new URLSearchParams(params);
  if (nextCursor) next.set("checkInsCursor", nextCursor);
  return (
    <section aria-labelledby="pending-check-ins" className="flex flex-col gap-3" data-testid="pending-check-ins">
      <div className="flex flex-col gap-1">
        <h2 id="pending-check-ins" className="text-xl font-semibold">
          {t("checkIns:queue.title")}
        </h2>
        <p className="text-muted-foreground">{t("checkIns:queue.intro")}</p>
      </div>
      {items.length === 0 ? (
        <QueueEmpty>{t("checkIns:queue.empty")}</QueueEmpty>
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <table className="w-full min-w-[760px]" aria-label={t("checkIns:queue.listLabel")} data-testid="pending-check-ins-list">
            <thead className="border-b">
              <tr>
                <th scope="col" className={th}>{t("checkIns:queue.patient")}</th>
                <th scope="col" className={th}>{t("checkIns:queue.answered")}</th>
                <th scope="col" className={th}>{t("checkIns:queue.weight")}</th>
                <th scope="col" className={th}>{t("checkIns:queue.sideEffects")}</th>
                <th scope="col" className={th}><span className="sr-only">{t("checkIns:queue.actions")}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {items.map((c) => (
                <tr key={c.id} data-testid="pending-check-in-row" data-check-in-id={c.id}>
                  <td className={`${td} font-medium`}>{c.patient.fullName}</td>
                  <td className={`${td} tabular-nums`}>{c.completedAt ? formatDate(c.completedAt, { withTime: true, t, utcOffsetMinutes }) : null}</td>
                  <td className={td}>{text("currentWeightLb", c.answers?.currentWeightLb)}</td>
                  <td className={td}>{text("sideEffects", c.answers?.sideEffects)}</td>
                  <td className={td}>
                    <Link
                      to={`/${area}/patients/${c.patient.id}/intakes#check-in-${c.id}`}
                      aria-label={t("checkIns:queue.openLabel", { name: c.patient.fullName })}
                      className={buttonVariants({ size: "sm" })}
                      data-testid="review-check-in"
                    >
                      {t("checkIns:queue.open")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor || paged ? (
        <nav aria-label={t("checkIns:queue.pagerLabel")} className="flex flex-wrap gap-4 text-sm">
          {paged ? (
            <Link to={first} className="text-primary underline underline-offset-4 hover:no-underline">
              {t("checkIns:queue.first")}
            </Link>
          ) : null}
          {nextCursor ? (
            <Link to={`${location.pathname}?${next}#pending-check-ins`} className="text-primary underline underline-offset-4 hover:no-underline">
              {t("checkIns:queue.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
