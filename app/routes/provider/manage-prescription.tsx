import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/manage-prescription";
import { StepErrors, StepHeader, fieldId, typed, useFieldError, type StepFormResult } from "~/components/clinical/step-form";
import { RecordSection } from "~/components/patient-record/record-ui";
import { SubmitButton } from "~/components/form-field";
import { Alert } from "~/components/ui/alert";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { prescriptionAction, prescriptionLoader } from "~/lib/clinical-review.server";
import { stepPaths } from "~/lib/clinical-steps";
import { formatDate } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { CLINICAL_LIMITS as L, icd10ForJourney, icd10Label } from "../../../api/contract/clinical-review-rules.ts";

export const handle = { title: "common:pages.managePrescription", review: { flow: "intake", step: "managePrescription" }, i18n: ["clinical", "patients"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return prescriptionLoader(context, params.patientId, params.treatmentId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return prescriptionAction(request, context, params.patientId, params.treatmentId);
}

/**
 * Manage prescription (spec §2 review steps, §3 Prescription, §5 instructions required; PUT update-dosage-instruction):
 * diagnosis code from the shipped ICD-10 list, the treatment's medication, instructions, units/dose and dosage
 * cycle. Allowed only for an approved treatment by a clinician licensed in the patient's state: otherwise the page
 * says why and offers no form. The current prescription and the history link to the printable page.
 */
export default function ProviderManagePrescription({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { context: ctx, refusal } = loaderData;
  const result = actionData as StepFormResult | undefined;
  const error = useFieldError(result);
  const navigation = useNavigation();
  const steps = stepPaths(params.patientId, params.treatmentId);
  const current = ctx.current;
  const firstMedication = ctx.medications.find((m) => m.variantId === current?.variantId) ?? ctx.medications[0];
  const labels = {
    diagnosisCode: t("clinical:prescription.diagnosisCode"),
    variantId: t("clinical:prescription.medication"),
    instructions: t("clinical:prescription.instructions"),
    unitsDose: t("clinical:prescription.unitsDose"),
    dosageCycle: t("clinical:prescription.dosageCycle"),
  };
  return (
    <div className="flex flex-col gap-6">
      <StepHeader title={t(handle.title)} patientName={ctx.patient.fullName} productName={ctx.treatment.productName} intro={t("clinical:prescription.intro")} />
      {refusal ? (
        <Alert variant="warning" data-testid="prescription-refused">
          {refusal}
        </Alert>
      ) : null}
      {!refusal && ctx.medications.length === 0 ? <Alert variant="warning">{t("clinical:prescription.noMedications")}</Alert> : null}
      {!refusal && ctx.medications.length > 0 ? (
        <Form method="post" className="grid max-w-3xl gap-5" data-testid="prescription-form" noValidate>
          <input type="hidden" name="intent" value="save" />
          <StepErrors result={result} labels={labels} />
          <Select
            id={fieldId("diagnosisCode")}
            name="diagnosisCode"
            label={labels.diagnosisCode}
            enhance={false}
            defaultValue={typed(result, "diagnosisCode", current?.diagnosisCode ?? "")}
            options={[{ value: "", label: t("clinical:prescription.choose") }, ...icd10ForJourney(ctx.treatment.sectionType).map((code) => ({ value: code, label: `${code} — ${icd10Label(code, i18n.language)}` }))]}
            error={error("diagnosisCode")}
          />
          <Select
            id={fieldId("variantId")}
            name="variantId"
            label={labels.variantId}
            enhance={false}
            defaultValue={typed(result, "variantId", String(firstMedication?.variantId ?? ""))}
            options={ctx.medications.map((m) => ({ value: String(m.variantId), label: m.dosage ? `${m.name} (${m.dosage})` : m.name }))}
            error={error("variantId")}
          />
          <Textarea
            id={fieldId("instructions")}
            name="instructions"
            label={labels.instructions}
            rows={4}
            maxLength={L.instructions}
            aria-required
            defaultValue={typed(result, "instructions", current?.instructions ?? "")}
            error={error("instructions")}
          />
          <Input id={fieldId("unitsDose")} name="unitsDose" label={labels.unitsDose} hint={t("clinical:prescription.unitsDoseHint")} maxLength={L.unitsDose} aria-required defaultValue={typed(result, "unitsDose", current?.unitsDose ?? firstMedication?.dosage ?? "")} error={error("unitsDose")} />
          <Input
            id={fieldId("dosageCycle")}
            name="dosageCycle"
            label={labels.dosageCycle}
            hint={t("clinical:prescription.dosageCycleHint")}
            maxLength={400}
            defaultValue={typed(result, "dosageCycle", (current?.dosageCycle ?? firstMedication?.dosageCycle ?? []).join(", "))}
            error={error("dosageCycle")}
          />
          <div>
            <SubmitButton pending={navigation.state !== "idle"}>{t("clinical:prescription.save")}</SubmitButton>
          </div>
        </Form>
      ) : null}
      <RecordSection title={t("clinical:prescription.history")} testId="prescription-history">
        {ctx.history.length === 0 ? <p className="text-sm text-muted-foreground">{t("clinical:prescription.noHistory")}</p> : null}
        <ul className="grid gap-3">
          {ctx.history.map((p) => (
            <li key={p.id} className="rounded-md border p-3 text-sm">
              <p className="font-medium">
                {p.current ? t("clinical:prescription.current") : t("clinical:prescription.superseded")} · {p.medication} · {p.unitsDose}
              </p>
              <p>
                {p.diagnosisCode} — {icd10Label(p.diagnosisCode, i18n.language)}
              </p>
              <p className="whitespace-pre-line">{p.instructions}</p>
              <p className="text-muted-foreground">{t("clinical:prescription.by", { name: p.prescriber?.fullName ?? t("patients:notProvided"), date: formatDate(p.createdAt) })}</p>
              <Link to={steps.print(p.id)} className="text-primary underline">
                {t("clinical:prescription.printFor", { date: formatDate(p.createdAt) })}
              </Link>
            </li>
          ))}
        </ul>
      </RecordSection>
      <div className="flex flex-wrap gap-4">
        {ctx.eprescribe.provider === "dosespot" ? (
          <Link to={steps.dosespot} className="font-medium text-primary underline">
            {t("clinical:prescription.dosespot")}
          </Link>
        ) : null}
        <Link to={steps.informPatient} className="font-medium text-primary underline" data-testid="next-step">
          {t("clinical:prescription.next")}
        </Link>
      </div>
    </div>
  );
}
