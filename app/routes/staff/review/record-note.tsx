import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/record-note";
import { StepErrors, StepHeader, fieldId, typed, useFieldError, type StepFormResult } from "~/components/clinical/step-form";
import { SubmitButton } from "~/components/form-field";
import { Textarea } from "~/components/ui/textarea";
import { recordNoteAction, recordNoteLoader } from "~/lib/clinical-review.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { CLINICAL_LIMITS as L } from "../../../../api/contract/clinical-review-rules.ts";

export const handle = { title: "common:pages.recordNote", review: { flow: "note", step: "recordNote" }, i18n: ["clinical", "patients"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return recordNoteLoader(context, params.patientId, params.treatmentId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return recordNoteAction(request, context, params.patientId, params.treatmentId);
}

/** Record note (the nurse-note flow, spec §2): a nurse note for medical support, a provider note for clinicians. */
export default function StaffRecordNote({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as StepFormResult | undefined;
  const error = useFieldError(result);
  const navigation = useNavigation();
  return (
    <div className="flex flex-col gap-6">
      <StepHeader title={t(handle.title)} patientName={loaderData.patient.fullName} productName={loaderData.treatment.productName} intro={t("clinical:note.intro")} />
      <Form method="post" className="grid max-w-3xl gap-5" data-testid="record-note-form" noValidate>
        <input type="hidden" name="intent" value="save" />
        <StepErrors result={result} labels={{ body: t("clinical:note.body") }} />
        <Textarea id={fieldId("body")} name="body" label={t("clinical:note.body")} maxLength={L.noteBody} aria-required defaultValue={typed(result, "body")} error={error("body")} />
        <div>
          <SubmitButton pending={navigation.state !== "idle"}>{t("clinical:note.save")}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
