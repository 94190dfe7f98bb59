import type { Route } from "./+types/profile";
import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { PageTitle } from "~/components/page-title";
import { TextField, SubmitButton } from "~/components/form-field";
import { usePatientRecord } from "~/components/patient-page";
import { ErrorSummary, RecordSection } from "~/components/patient-record/record-ui";
import { Select } from "~/components/ui/select";
import { Intent, useSubmitting } from "~/components/account/section";
import { patientRecordFhirPath } from "~/components/record/paths";
import { areaOf } from "~/lib/area";
import { checkForm } from "~/lib/form-checks";
import { formatDate, formatPhone } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { PATIENT_PROFILE_CHECKS } from "~/lib/patient-form-checks";
import { profileAction, type RecordActionResult, type PatientOverview } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { GENDERS, PATIENT_STATUS_KEYS } from "../../../../api/contract/enums.ts";

export const handle = { title: "common:pages.patientTabs.profile", i18n: ["security"] } satisfies RouteHandle;

/** The profile edit (POST /api/v2/patients/{id}/update: all or nothing) and the patient status (POST /api/v1/patient/update-status). */
export function action({ request, params, context }: Route.ActionArgs) {
  return profileAction(request, context, areaOf(new URL(request.url).pathname), params.patientId);
}

const FIELDS = ["firstName", "middleName", "lastName", "email", "phone", "dateOfBirth", "gender", "heightInches", "weightStart", "weightCurrent", "weightGoal"] as const;

function ProfileForm({ patient, result }: { patient: PatientOverview; result: RecordActionResult | undefined }) {
  const { t } = useTranslation();
  const submitting = useSubmitting("profile");
  const [form, fields] = useForm({
    id: "patient-profile",
    lastResult: result?.intent === "profile" ? result.reply : undefined,
    defaultValue: {
      firstName: patient.firstName,
      middleName: patient.middleName,
      lastName: patient.lastName,
      email: patient.email,
      phone: patient.phone ? formatPhone(patient.phone) : "",
      dateOfBirth: patient.dateOfBirth ? formatDate(`${patient.dateOfBirth}T00:00:00Z`) : "",
      gender: patient.gender ?? "",
      heightInches: patient.heightInches === null ? "" : String(patient.heightInches),
      weightStart: patient.weightStart === null ? "" : String(patient.weightStart),
      weightCurrent: patient.weightCurrent === null ? "" : String(patient.weightCurrent),
      weightGoal: patient.weightGoal === null ? "" : String(patient.weightGoal),
    },
    onValidate: ({ formData }) => checkForm(formData, PATIENT_PROFILE_CHECKS),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = Object.fromEntries(FIELDS.map((name) => [name, { id: fields[name].id, label: t(`patients:profile.${name}`) }]));
  const allErrors: Record<string, string[] | undefined> = { ...Object.fromEntries(FIELDS.map((name) => [name, fields[name].errors])), "": form.errors };
  const genderErrors = fields.gender.errors;
  return (
    <RecordSection title={t("patients:profile.title")} testId="profile-form">
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <Intent value="profile" />
        <ErrorSummary errors={allErrors} labels={labels} />
        <TextField field={fields.firstName} label={labels.firstName!.label} autoComplete="off" />
        <TextField field={fields.middleName} label={labels.middleName!.label} autoComplete="off" aria-required={false} />
        <TextField field={fields.lastName} label={labels.lastName!.label} autoComplete="off" />
        <TextField field={fields.email} label={labels.email!.label} type="email" autoComplete="off" inputMode="email" />
        <TextField field={fields.phone} label={labels.phone!.label} hint={t("patients:profile.phoneHint")} autoComplete="off" inputMode="tel" aria-required={false} />
        <TextField field={fields.dateOfBirth} label={labels.dateOfBirth!.label} hint={t("patients:profile.dateHint")} autoComplete="off" inputMode="numeric" aria-required={false} />
        <Select
          id={fields.gender.id}
          name={fields.gender.name}
          label={labels.gender!.label}
          enhance={false}
          defaultValue={(fields.gender.initialValue as string | undefined) ?? ""}
          options={[{ value: "", label: t("patients:notProvided") }, ...GENDERS.map((g) => ({ value: g, label: t(`patients:gender.${g}`) }))]}
          error={genderErrors?.length ? genderErrors.map((e) => translateMessage(t, e)).join(" ") : undefined}
        />
        <TextField field={fields.heightInches} label={labels.heightInches!.label} hint={t("patients:profile.heightHint")} inputMode="decimal" aria-required={false} />
        <TextField field={fields.weightStart} label={labels.weightStart!.label} hint={t("patients:profile.weightHint")} inputMode="decimal" aria-required={false} />
        <TextField field={fields.weightCurrent} label={labels.weightCurrent!.label} hint={t("patients:profile.weightHint")} inputMode="decimal" aria-required={false} />
        <TextField field={fields.weightGoal} label={labels.weightGoal!.label} hint={t("patients:profile.weightHint")} inputMode="decimal" aria-required={false} />
        <div className="sm:col-span-2">
          <SubmitButton pending={submitting}>{t("patients:profile.save")}</SubmitButton>
        </div>
      </Form>
    </RecordSection>
  );
}

function StatusForm({ patient, result }: { patient: PatientOverview; result: RecordActionResult | undefined }) {
  const { t } = useTranslation();
  const submitting = useSubmitting("status");
  const errors = result?.intent === "status" ? Object.values(result.reply.error ?? {}).flatMap((e) => e ?? []) : [];
  return (
    <RecordSection title={t("patients:status.title")} testId="status-form">
      <Form method="post" className="flex flex-col gap-3 sm:max-w-md">
        <Intent value="status" />
        <Select
          id="patient-status"
          name="statusKey"
          label={t("patients:status.label")}
          enhance={false}
          defaultValue={patient.statusKey}
          options={PATIENT_STATUS_KEYS.map((k) => ({ value: k, label: t(`patients:statusKey.${k}`) }))}
          error={errors.length ? errors.map((e) => translateMessage(t, e)).join(" ") : undefined}
        />
        <SubmitButton pending={submitting} className="w-fit">
          {t("patients:status.save")}
        </SubmitButton>
      </Form>
    </RecordSection>
  );
}

/** The record as a FHIR R4 JSON file (issue 18): the web's resource route at the API's path; audited by the API. */
function RecordExport({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  return (
    <RecordSection title={t("security:record.download.staffTitle")} testId="record-export">
      <p>
        <a href={patientRecordFhirPath(patientId)} download data-testid="export-record" className="text-sm font-medium underline underline-offset-4">
          {t("security:record.download.staffLink")}
        </a>
      </p>
      <p className="text-sm text-muted-foreground">{t("security:record.download.staffNote")}</p>
    </RecordSection>
  );
}

/** Profile: the patient's details (spec §5 rules, checked in the browser and on the server) and their status (§4). */
export default function TeamPatientTabProfile({ actionData }: Route.ComponentProps) {
  const { patient } = usePatientRecord();
  const result = actionData as RecordActionResult | undefined;
  // After a save, new defaults: the form starts again from the saved values.
  const version = JSON.stringify([patient.firstName, patient.lastName, patient.email, patient.phone, patient.dateOfBirth, patient.heightInches, patient.weightCurrent, patient.statusKey]);
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      <ProfileForm key={`profile-${version}`} patient={patient} result={result} />
      <StatusForm key={`status-${patient.statusKey}`} patient={patient} result={result} />
      <RecordExport patientId={patient.id} />
    </div>
  );
}
