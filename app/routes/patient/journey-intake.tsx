import { Link } from "react-router";
import type { Route } from "./+types/journey-intake";
import { PageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { intakeLoader } from "~/lib/intake.server";
import type { RouteHandle } from "~/lib/route-handle";
import { translateUpstream } from "~/lib/upstream-messages";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.journeyIntake", i18n: ["intake"] } satisfies RouteHandle;

/**
 * /patient/journeys/{id}/intake: goes to the step the patient is at (in progress), to the journey's page (submitted),
 * or shows why the intake was refused (denied: 'Intake denied: not eligible for the requested treatment').
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return intakeLoader(context, params.id);
}

export default function JourneyIntake({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { journey } = loaderData;
  const code = journey.denialCode ?? "intake.denied";
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t(`intake:journey.${journey.sectionType}`)}</p>
      </header>
      <Alert variant="error" live="none" title={t("intake:denied.title")} data-testid="intake-denied">
        <p className="font-medium">{translateUpstream({ code, message: t("intake:upstream.intake_denied") }, t)}</p>
        <p className="mt-2">{t("intake:denied.body")}</p>
      </Alert>
      <p>
        <Link to="/patient/journeys" className="underline underline-offset-4">
          {t("intake:denied.journeys")}
        </Link>
      </p>
    </div>
  );
}
