import { Form } from "react-router";
import { PageTitle } from "~/components/page-title";
import { Button } from "~/components/ui/button";
import type { PastDueData } from "~/lib/patient-list.server";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/use-translation";
import { PAST_DUE_HOURS } from "../../../api/contract/provider-list-rules.ts";
import { JOURNEYS, pastDueHref } from "./model";
import { CursorPaging, ErrorSummary, NativeSelect, PatientCells, PatientStatusBadge, journeyLabel } from "./parts";

export const pastDueHandle = { title: "common:pages.pastDuePatients", i18n: ["patientList"] } as const;

/**
 * Past-due patients (spec §2; providers and providerUsers): reviews still pending 48 hours after the intake,
 * oldest first, only the patients the viewer may see; a journey filter (GET form) and cursor paging.
 */
export function PastDuePage({ data }: { data: PastDueData }) {
  const { t, i18n } = useTranslation();
  const { path, state, list, area } = data;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={pastDueHandle.title} />
      <p className="text-sm text-muted-foreground">{t("patientList:pastDue.intro", { hours: PAST_DUE_HOURS })}</p>
      <ErrorSummary errors={list.errors} fieldIds={{ journey: "past-due-journey" }} />
      <Form method="get" action={path} className="flex flex-wrap items-end gap-3" aria-label={t("patientList:filters.title")}>
        <NativeSelect
          id="past-due-journey"
          name="journey"
          label={t("patientList:filters.journey")}
          value={state.journey === null ? "" : String(state.journey)}
          emptyLabel={t("patientList:filters.any")}
          options={JOURNEYS.map((j) => ({ value: String(j), label: journeyLabel(t, j) }))}
        />
        <Button type="submit">{t("patientList:filters.apply")}</Button>
      </Form>
      {list.failed ? (
        <p role="alert" className="rounded-lg border border-error bg-error-subtle p-4 text-sm text-error">
          {t("patientList:list.unavailable")}
        </p>
      ) : null}
      {list.pages ? (
        <p className="text-sm text-muted-foreground" data-testid="past-due-count">
          {t(list.pages.totalCountCapped ? "patientList:pastDue.countCapped" : "patientList:pastDue.count", { total: list.pages.totalCount.toLocaleString(i18n.language) })}
        </p>
      ) : null}
      {list.items.length === 0 && !list.failed && !list.errors ? (
        <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground">{t("patientList:pastDue.empty")}</p>
      ) : list.items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <table className="w-full min-w-[1000px] text-left text-sm" data-testid="past-due-table">
            <caption className="sr-only">{t("patientList:pastDue.caption")}</caption>
            <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                {["id", "patient", "email", "phone", "dateOfBirth", "journey", "patientStatus", "provider", "created", "waiting"].map((c) => (
                  <th key={c} scope="col" className="px-3 py-2">
                    {t(`patientList:columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((row) => (
                <tr key={row.id} className="border-b last:border-b-0" data-treatment-id={row.id}>
                  <td className="px-3 py-2 text-muted-foreground tabular-nums">#{row.id}</td>
                  <PatientCells row={row} patientHref={`/${area}/patients/${row.patient.id}`} />
                  <td className="px-3 py-2">{journeyLabel(t, row.sectionType)}</td>
                  <td className="px-3 py-2">
                    <PatientStatusBadge statusKey={row.patientStatusKey} tab={row.tab} />
                  </td>
                  <td className="px-3 py-2">{row.provider?.fullName ?? t("patientList:list.unassigned")}</td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDate(row.createdAt)}</td>
                  <td className="px-3 py-2 font-medium whitespace-nowrap text-error tabular-nums">
                    {t("patientList:pastDue.waiting", { days: Math.floor((row.waitingHours ?? 0) / 24), hours: (row.waitingHours ?? 0) % 24 })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CursorPaging
        page={state.page}
        firstHref={state.cursor ? pastDueHref(path, state) : null}
        nextHref={list.pages?.nextCursor ? pastDueHref(path, state, { cursor: list.pages.nextCursor, page: state.page + 1 }) : null}
      />
    </div>
  );
}
