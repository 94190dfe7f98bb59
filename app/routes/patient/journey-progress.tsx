import { Link } from "react-router";
import type { Route } from "./+types/journey-progress";
import { useJourneyKind } from "~/components/journeys/journey-ui";
import { PageTitle } from "~/components/page-title";
import { Milestones, WeightProgress } from "~/components/weight-progress";
import { progressLoader } from "~/lib/journeys.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { journeyPath } from "../../../api/contract/journey-rules.ts";

export const handle = { title: "common:pages.patientJourneyProgress", i18n: ["journeys", "patients", "progress"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return progressLoader(context, params.id);
}

/**
 * A journey's progress (issue 15): for weight loss, the weight against the goal (the staff record's chart and table,
 * app/components/weight-progress.tsx) and the milestones (each 5 % of the start weight, then the goal); other kinds
 * have no progress tracking and say so.
 */
export default function PatientJourneyProgress({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const kind = useJourneyKind();
  const { progress } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-sm">
          <Link to={journeyPath(progress.journeyId)}>{t("journeys:backToJourney", { journey: kind(progress.sectionType) })}</Link>
        </p>
      </div>
      {!progress.tracked ? (
        <p className="text-sm" data-testid="progress-untracked">
          {t("journeys:progress.untracked", { journey: kind(progress.sectionType) })}
        </p>
      ) : progress.weights.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("patients:progress.none")}</p>
      ) : (
        <>
          <p className="text-sm" data-testid="progress-summary">
            {t("journeys:progress.summary", {
              current: progress.weightCurrent ?? "—",
              goal: progress.weightGoal ?? "—",
              lost: progress.weightStart !== null && progress.weightCurrent !== null ? Math.round((progress.weightStart - progress.weightCurrent) * 10) / 10 : "—",
            })}
          </p>
          <WeightProgress weights={progress.weights} weightStart={progress.weightStart} weightGoal={progress.weightGoal} />
          <Milestones milestones={progress.milestones} />
        </>
      )}
    </div>
  );
}
