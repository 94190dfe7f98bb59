import type { Route } from "./+types/intakes";
import { Link } from "react-router";
import { RecordCheckIns } from "~/components/check-ins/record-check-ins";
import { PageTitle } from "~/components/page-title";
import { usePatientRecord } from "~/components/patient-page";
import { Empty, ReviewBadge } from "~/components/patient-record/record-ui";
import { useArea } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { recordCheckInsAction, recordCheckInsLoader, type CheckInFormResult } from "~/lib/check-ins.server";
import { intakesLoader } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientTabs.intakes", i18n: ["checkIns"] } satisfies RouteHandle;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [intakes, checkIns] = await Promise.all([intakesLoader(context, params.patientId), recordCheckInsLoader(request, context, params.patientId)]);
  return { ...intakes, ...checkIns };
}

/** The check-ins section's forms: request a check-in, review an answered one. */
export function action({ request, params, context }: Route.ActionArgs) {
  return recordCheckInsAction(request, context, params.patientId);
}

/**
 * Intakes: one per treatment (journey, kind, review status), each linking to its intake review; then the patient's
 * check-ins (issue 14/15: list, answers, approve / decline, request one).
 */
export default function TeamPatientTabIntakes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useArea();
  const { patient, utcOffsetMinutes } = usePatientRecord();
  return (
    <div className="flex flex-col gap-8">
      <PageTitle title={handle.title} level={2} />
      {loaderData.treatments.length === 0 ? (
        <Empty>{t("patients:treatments.none")}</Empty>
      ) : (
        <table className="w-full text-sm" data-testid="intakes">
          <caption className="sr-only">{t("common:pages.patientTabs.intakes")}</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1">{t("patients:treatments.journey")}</th>
              <th scope="col" className="px-2 py-1">{t("patients:treatments.kind")}</th>
              <th scope="col" className="px-2 py-1">{t("patients:treatments.submitted")}</th>
              <th scope="col" className="px-2 py-1">{t("patients:treatments.reviewStatus")}</th>
              <th scope="col" className="px-2 py-1">{t("patients:intakes.review")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.treatments.map((x) => (
              <tr key={x.id} className="border-t">
                <td className="px-2 py-2">{t(`tasks:journey.${x.sectionType}`)}</td>
                <td className="px-2 py-2">{t(`patients:reviewKind.${x.reviewKind}`)}</td>
                <td className="px-2 py-2 tabular-nums">{formatDate(x.createdAt, { utcOffsetMinutes })}</td>
                <td className="px-2 py-2"><ReviewBadge state={x.reviewStatus} /></td>
                <td className="px-2 py-2">
                  <Link to={`/${area}/patients/${patient.id}/intakes/${x.id}/review`}>{t("patients:intakes.open", { id: x.id })}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <RecordCheckIns
        checkIns={loaderData.checkIns}
        nextCursor={loaderData.checkInsNextCursor}
        paged={loaderData.checkInsPaged}
        canReview={loaderData.canReview}
        utcOffsetMinutes={utcOffsetMinutes}
        result={actionData as CheckInFormResult | undefined}
      />
    </div>
  );
}
