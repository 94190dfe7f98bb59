import type { Route } from "./+types/progress";
import { PageTitle } from "~/components/page-title";
import { Empty } from "~/components/patient-record/record-ui";
import { WeightProgress } from "~/components/weight-progress";
import { weightsLoader } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientTabs.progress" } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return weightsLoader(context, params.patientId);
}

/** Progress (spec §3 Milestone: weight, date): the weight history as a chart and a table. */
export default function TeamPatientTabProgress({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { weights, weightStart, weightGoal } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      {weights.length === 0 ? (
        <Empty>{t("patients:progress.none")}</Empty>
      ) : (
        <WeightProgress weights={weights} weightStart={weightStart} weightGoal={weightGoal} />
      )}
    </div>
  );
}
