import { Link } from "react-router";
import type { Route } from "./+types/journeys";
import { JourneyCard } from "~/components/journeys/journey-ui";
import { PageTitle } from "~/components/page-title";
import { buttonVariants } from "~/components/ui/button";
import { journeysLoader } from "~/lib/journeys.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { START_JOURNEY_PATH } from "../../../api/contract/journey-rules.ts";

export const handle = { title: "common:pages.patientJourneys", i18n: ["journeys"] } satisfies RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  return journeysLoader(context);
}

/** My journeys (spec §1, §2): each with its displayed state, current step and what's next; start a new one. */
export default function PatientJourneys({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { journeys, now } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle title={handle.title} />
        <Link to={START_JOURNEY_PATH} className={buttonVariants()} data-testid="start-journey">
          {t("journeys:list.start")}
        </Link>
      </div>
      {journeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("journeys:list.none")}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="journeys">
          {journeys.map((j) => (
            <JourneyCard key={j.id} journey={j} now={now} />
          ))}
        </div>
      )}
    </div>
  );
}
