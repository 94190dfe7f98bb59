import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/record-visit";
import { AllergyPicker } from "~/components/clinical/allergy-picker";
import { StepErrors, StepHeader, fieldId, typed, useFieldError, type StepFormResult } from "~/components/clinical/step-form";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { recordVisitAction, recordVisitLoader, type AllergyOption } from "~/lib/clinical-review.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { CLINICAL_LIMITS as L, VISIT_TYPES } from "../../../../api/contract/clinical-review-rules.ts";

export const handle = { title: "common:pages.recordVisit", review: { flow: "intake", step: "recordVisit" }, i18n: ["clinical", "patients"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return recordVisitLoader(context, params.patientId, params.treatmentId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return recordVisitAction(request, context, params.patientId, params.treatmentId);
}

type Result = StepFormResult & { allergyResults?: AllergyOption[]; searched?: string };

const TEXTS = ["chiefComplaint", "history", "assessment", "plan", "notes", "currentMedications"] as const;

/**
 * Record visit (spec §2 review steps; §7 POST …/record): the visit type, the record form (api/contract/
 * clinical-review-rules.ts), and the allergies picker — with JavaScript a combobox searching as you type, without it
 * a search button that posts the whole form and shows the results as checkboxes, keeping everything typed.
 */
export default function StaffRecordVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as Result | undefined;
  const error = useFieldError(result);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  // Selected allergies: from a failed post or a search (with their labels), else none.
  const initialSelected = (() => {
    const ids = (result?.values.allergies as string[] | undefined) ?? [];
    const labels = new Map(((result?.values.allergyLabel as string[] | undefined) ?? []).map((pair) => [pair.slice(0, pair.indexOf("|")), pair.slice(pair.indexOf("|") + 1)]));
    return ids.map((id) => ({ id, name: labels.get(id) ?? id }));
  })();
  const labels: Record<string, string> = {
    visitType: t("clinical:visit.visitType"),
    ...Object.fromEntries(TEXTS.map((n) => [n, t(`clinical:visit.${n}`)])),
    allergies: t("clinical:visit.allergies"),
    weightLb: t("clinical:visit.weightLb"),
    bloodPressure: t("clinical:visit.bloodPressure"),
    heartRate: t("clinical:visit.heartRate"),
    followUpWeeks: t("clinical:visit.followUpWeeks"),
  };
  const text = (name: (typeof TEXTS)[number], required: boolean, rows: number, max: number) => (
    <Textarea
      id={fieldId(name)}
      name={name}
      label={labels[name]}
      rows={rows}
      maxLength={max}
      aria-required={required}
      required={false}
      defaultValue={typed(result, name)}
      error={error(`${name}`)}
    />
  );
  return (
    <div className="flex flex-col gap-6">
      <StepHeader title={t(handle.title)} patientName={loaderData.patient.fullName} productName={loaderData.treatment.productName} intro={t("clinical:visit.intro")} />
      <Form method="post" className="grid max-w-3xl gap-5" data-testid="record-visit-form" noValidate>
        {/* Enter in a field saves: the first submit button of a form is its default one (the allergies search comes later). */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
        <StepErrors result={result} labels={labels} />
        <Select
          id={fieldId("visitType")}
          name="visitType"
          label={labels.visitType}
          enhance={false}
          defaultValue={typed(result, "visitType", "async")}
          options={VISIT_TYPES.map((v) => ({ value: v, label: t(`clinical:visit.visitTypes.${v}`) }))}
          error={error("visitType")}
        />
        <Input id={fieldId("chiefComplaint")} name="chiefComplaint" label={labels.chiefComplaint} maxLength={L.shortText} aria-required defaultValue={typed(result, "chiefComplaint")} error={error("chiefComplaint")} />
        {text("history", false, 3, L.longText)}
        {text("assessment", true, 3, L.longText)}
        {text("plan", true, 3, L.longText)}
        {text("notes", false, 8, L.longText)}
        <fieldset className="grid gap-3 rounded-lg border p-4">
          <legend className="px-1 font-semibold">{labels.allergies}</legend>
          <AllergyPicker key={`${initialSelected.map((a) => a.id).join(",")}|${result?.searched ?? ""}`} selected={initialSelected} results={result?.allergyResults} searched={result?.searched ?? typed(result, "allergyQuery")} error={error("allergies")} />
          <Checkbox name="noKnownAllergies" label={t("clinical:visit.noKnownAllergies")} defaultChecked={typed(result, "noKnownAllergies") === "on"} />
        </fieldset>
        {text("currentMedications", false, 3, L.longText)}
        <fieldset className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2">
          <legend className="px-1 font-semibold">{t("clinical:visit.vitals")}</legend>
          <Input id={fieldId("weightLb")} name="weightLb" label={labels.weightLb} inputMode="decimal" maxLength={7} defaultValue={typed(result, "weightLb")} error={error("weightLb")} />
          <Input id={fieldId("bloodPressure")} name="bloodPressure" label={labels.bloodPressure} hint={t("clinical:visit.bloodPressureHint")} maxLength={7} defaultValue={typed(result, "bloodPressure")} error={error("bloodPressure")} />
          <Input id={fieldId("heartRate")} name="heartRate" label={labels.heartRate} inputMode="numeric" maxLength={3} defaultValue={typed(result, "heartRate")} error={error("heartRate")} />
          <Input id={fieldId("followUpWeeks")} name="followUpWeeks" label={labels.followUpWeeks} inputMode="numeric" maxLength={2} defaultValue={typed(result, "followUpWeeks")} error={error("followUpWeeks")} />
        </fieldset>
        <Checkbox name="labsOrdered" label={t("clinical:visit.labsOrdered")} defaultChecked={typed(result, "labsOrdered") === "on"} />
        <div>
          <SaveButton pending={saving}>{t("clinical:visit.save")}</SaveButton>
        </div>
      </Form>
    </div>
  );
}

/** The save button: a submit with intent=save (the search button beside the allergies has its own intent). */
function SaveButton({ pending, children }: { pending: boolean; children: string }) {
  return (
    <Button type="submit" name="intent" value="save" size="lg" loading={pending}>
      {children}
    </Button>
  );
}
