import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/inform-patient";
import { StepErrors, StepHeader, fieldId, typed, useFieldError, type StepFormResult } from "~/components/clinical/step-form";
import { SubmitButton } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { informAction, informLoader } from "~/lib/clinical-review.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { CLINICAL_LIMITS as L } from "../../../../api/contract/clinical-review-rules.ts";

export const handle = { title: "common:pages.informPatient", review: { flow: "intake", step: "informPatient" }, i18n: ["clinical", "patients"] } satisfies RouteHandle;

export function loader({ request, params, context }: Route.LoaderArgs) {
  return informLoader(request, context, params.patientId, params.treatmentId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return informAction(request, context, params.patientId, params.treatmentId);
}

/**
 * Inform the patient (spec §2 review steps, §3 Message template): choose a template (a GET form: ?template=), its text
 * filled with this patient's values lands in the message, editable, and is sent to the patient's medical chat.
 */
export default function StaffInformPatient({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as StepFormResult | undefined;
  const error = useFieldError(result);
  const navigation = useNavigation();
  const { templates, template, locale } = loaderData;
  const sending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <div className="flex flex-col gap-6">
      <StepHeader title={t(handle.title)} patientName={loaderData.patient.fullName} productName={loaderData.treatment.productName} intro={t("clinical:inform.intro")} />
      <Form method="get" className="flex max-w-3xl flex-wrap items-end gap-3" data-testid="template-form">
        <Select
          id="template"
          name="template"
          label={t("clinical:inform.template")}
          hint={t("clinical:inform.language", { language: t(`clinical:inform.languages.${locale}`) })}
          enhance={false}
          defaultValue={template ? String(template.id) : ""}
          options={[{ value: "", label: t("clinical:inform.noTemplate") }, ...templates.map((x) => ({ value: String(x.id), label: x.name }))]}
          className="min-w-72"
        />
        <Button type="submit" variant="outline" size="lg">
          {t("clinical:inform.useTemplate")}
        </Button>
      </Form>
      <Form method="post" key={template?.id ?? "none"} className="grid max-w-3xl gap-5" data-testid="inform-form" noValidate>
        <input type="hidden" name="intent" value="send" />
        {template ? <input type="hidden" name="templateId" value={template.id} /> : null}
        <StepErrors result={result} labels={{ message: t("clinical:inform.message") }} />
        <Textarea
          id={fieldId("message")}
          name="message"
          label={t("clinical:inform.message")}
          hint={t("clinical:inform.messageHint")}
          maxLength={L.message}
          rows={12}
          aria-required
          defaultValue={typed(result, "message", template?.text ?? "")}
          error={error("message")}
        />
        <div>
          <SubmitButton pending={sending}>{t("clinical:inform.send")}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
