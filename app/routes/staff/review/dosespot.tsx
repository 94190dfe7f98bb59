import { Link } from "react-router";
import type { Route } from "./+types/dosespot";
import { StepHeader } from "~/components/clinical/step-form";
import { Alert } from "~/components/ui/alert";
import { prescriptionLoader } from "~/lib/clinical-review.server";
import { stepPaths } from "~/lib/clinical-steps";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.dosespot", review: { flow: "intake", step: "managePrescription" }, i18n: ["clinical", "patients"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return prescriptionLoader(context, params.patientId, params.treatmentId);
}

/**
 * /dosespot: the external e-prescribing step (api/domain/eprescribe/). With the DoseSpot-style adapter configured it
 * opens the service's single sign-on URL in a new tab; configured but without an address for this patient, or with
 * the local adapter, it says so and leads to manage prescription — never a button that does nothing.
 */
export default function StaffDosespot({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { context: ctx, refusal } = loaderData;
  const steps = stepPaths(params.patientId, params.treatmentId);
  const { provider, ssoUrl } = ctx.eprescribe;
  return (
    <div className="flex flex-col gap-6">
      <StepHeader
        title={t(handle.title)}
        patientName={ctx.patient.fullName}
        productName={ctx.treatment.productName}
        intro={provider === "dosespot" && ssoUrl ? t("clinical:dosespot.introConfigured") : t("clinical:dosespot.introLocal")}
      />
      {refusal ? <Alert variant="warning">{refusal}</Alert> : null}
      {provider === "dosespot" && ssoUrl && !refusal ? (
        <a href={ssoUrl} target="_blank" rel="noopener noreferrer" className="inline-flex h-11 w-fit items-center rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary-hover" data-testid="dosespot-open">
          {t("clinical:dosespot.open")}
        </a>
      ) : null}
      {provider === "dosespot" && !ssoUrl ? (
        <Alert variant="warning" data-testid="dosespot-not-configured">
          {t("clinical:dosespot.notConfigured")}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-4">
        <Link to={steps.managePrescription} className="font-medium text-primary underline">
          {t("clinical:dosespot.toManage")}
        </Link>
        <Link to={steps.informPatient} className="font-medium text-primary underline">
          {t("clinical:dosespot.next")}
        </Link>
      </div>
    </div>
  );
}
