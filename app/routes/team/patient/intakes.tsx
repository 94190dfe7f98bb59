import type { Route } from "./+types/intakes";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { usePatientRecord } from "~/components/patient-page";
import { Empty, ReviewBadge } from "~/components/patient-record/record-ui";
import { useArea } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { intakesLoader } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientTabs.intakes" } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return intakesLoader(context, params.patientId);
}

/** Intakes: one per treatment (journey, kind, review status), each linking to its intake review. */
export default function TeamPatientTabIntakes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useArea();
  const { patient, utcOffsetMinutes } = usePatientRecord();
  return (
    <div className="flex flex-col gap-4">
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
    </div>
  );
}
