import type { Route } from "./+types/progress";
import { PageTitle } from "~/components/page-title";
import { Empty } from "~/components/patient-record/record-ui";
import { Milestones, ProgressFigures, WeightProgress } from "~/components/weight-progress";
import { recordProgressLoader } from "~/lib/progress.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientTabs.progress", i18n: ["patients", "progress"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return recordProgressLoader(context, params.patientId);
}

/** Progress (spec §3 Milestone: weight, date; issue 18): what the patient sees on /patient/progress — figures, BMI, the chart and table, milestones. */
export default function TeamPatientTabProgress({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { progress } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      <ProgressFigures progress={progress} />
      {progress.weights.length === 0 ? (
        <Empty>{t("patients:progress.none")}</Empty>
      ) : (
        <WeightProgress weights={progress.weights} weightStart={progress.weightStart} weightGoal={progress.weightGoal} />
      )}
      <Milestones milestones={progress.milestones} />
    </div>
  );
}
