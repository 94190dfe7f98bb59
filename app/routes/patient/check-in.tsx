import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/check-in";
import { CheckInAnswers, CheckInBadge } from "~/components/check-ins/check-in-ui";
import { SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError, FieldHint } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RadioGroup } from "~/components/ui/radio";
import { Textarea } from "~/components/ui/textarea";
import { patientCheckInAction, patientCheckInLoader, type CheckIn, type CheckInFormResult } from "~/lib/check-ins.server";
import { formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { CHECK_IN_LIMITS as L, WEIGHT_LOSS_CHECK_IN } from "../../../api/contract/check-in-rules.ts";

export const handle = { title: "common:pages.patientCheckIn", i18n: ["checkIns", "patients"] } satisfies RouteHandle;

/** /patient/check-ins/{id} (issue 14/15): answer a requested check-in; afterwards its answers and the review result. */
export function loader({ params, context }: Route.LoaderArgs) {
  return patientCheckInLoader(context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return patientCheckInAction(request, context, params.id);
}

const fieldId = (key: string) => `check-in-${key}`;

function AnswerForm({ result }: { result: CheckInFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const errors = result?.errors ?? {};
  const error = (key: string) => (errors[key]?.length ? errors[key]!.map((m) => translateMessage(t, m)).join(" ") : undefined);
  const typed = (key: string): string => {
    const v = result?.values[key];
    return typeof v === "string" ? v : "";
  };
  const typedList = (key: string): string[] => {
    const v = result?.values[key];
    return Array.isArray(v) ? v : typeof v === "string" && v ? [v] : [];
  };
  const label = (key: string) => t(`checkIns:questions.${key}.label`);
  const labels = Object.fromEntries(WEIGHT_LOSS_CHECK_IN.map((q) => [q.key, { id: fieldId(q.key), label: label(q.key) }]));
  const options = (key: string) => (WEIGHT_LOSS_CHECK_IN.find((q) => q.key === key)?.options ?? []).map((o) => ({ value: o, label: t(`checkIns:questions.${key}.options.${o}`) }));
  const sideEffectsError = error("sideEffects");
  return (
    <Form method="post" className="grid max-w-2xl gap-6" aria-label={t("checkIns:patient.formLabel")} data-testid="check-in-form" noValidate>
      <input type="hidden" name="intent" value="answer" />
      <ErrorSummary errors={Object.fromEntries(Object.entries(errors).filter(([k]) => k !== ""))} labels={labels} />
      <Input
        id={fieldId("currentWeightLb")}
        name="currentWeightLb"
        label={label("currentWeightLb")}
        inputMode="decimal"
        autoComplete="off"
        aria-required
        defaultValue={typed("currentWeightLb")}
        error={error("currentWeightLb")}
        containerClassName="max-w-xs"
      />
      <fieldset id={fieldId("sideEffects")} aria-describedby={`${fieldId("sideEffects")}-hint${sideEffectsError ? ` ${fieldId("sideEffects")}-error` : ""}`} aria-invalid={sideEffectsError ? true : undefined} className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-foreground">
          {label("sideEffects")}
          <span aria-hidden="true" className="ml-0.5 text-error">
            *
          </span>
        </legend>
        <FieldHint id={`${fieldId("sideEffects")}-hint`} className="mb-2">
          {t("checkIns:questions.sideEffects.hint")}
        </FieldHint>
        <div className="grid gap-2 sm:grid-cols-2">
          {options("sideEffects").map((o) => (
            <Checkbox key={o.value} id={`${fieldId("sideEffects")}-${o.value}`} name="sideEffects" value={o.value} label={o.label} defaultChecked={typedList("sideEffects").includes(o.value)} />
          ))}
        </div>
        {sideEffectsError ? (
          <FieldError id={`${fieldId("sideEffects")}-error`} className="mt-1">
            {sideEffectsError}
          </FieldError>
        ) : null}
      </fieldset>
      <Textarea id={fieldId("sideEffectsDetail")} name="sideEffectsDetail" label={label("sideEffectsDetail")} rows={3} maxLength={L.text} defaultValue={typed("sideEffectsDetail")} error={error("sideEffectsDetail")} />
      <RadioGroup
        id={fieldId("doseSatisfaction")}
        name="doseSatisfaction"
        legend={label("doseSatisfaction")}
        required
        options={options("doseSatisfaction")}
        defaultValue={typed("doseSatisfaction")}
        error={error("doseSatisfaction")}
      />
      <RadioGroup
        id={fieldId("newMedications")}
        name="newMedications"
        legend={label("newMedications")}
        required
        orientation="horizontal"
        options={options("newMedications")}
        defaultValue={typed("newMedications")}
        error={error("newMedications")}
      />
      <Textarea
        id={fieldId("newMedicationsDetail")}
        name="newMedicationsDetail"
        label={label("newMedicationsDetail")}
        hint={t("checkIns:questions.newMedicationsDetail.hint")}
        rows={3}
        maxLength={L.text}
        defaultValue={typed("newMedicationsDetail")}
        error={error("newMedicationsDetail")}
      />
      <Textarea id={fieldId("forProvider")} name="forProvider" label={label("forProvider")} rows={3} maxLength={L.text} defaultValue={typed("forProvider")} error={error("forProvider")} />
      <div>
        <SubmitButton pending={navigation.state !== "idle"}>{t("checkIns:patient.submit")}</SubmitButton>
      </div>
    </Form>
  );
}

function ReviewResult({ checkIn, utcOffsetMinutes }: { checkIn: CheckIn; utcOffsetMinutes: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="check-in-result" className="flex flex-col gap-2 rounded-lg border bg-card p-4" data-testid="check-in-result">
      <h2 id="check-in-result" className="text-lg font-semibold">
        {t("checkIns:patient.result")}
      </h2>
      {checkIn.status === "answered" ? (
        <p>{t("checkIns:patient.waiting")}</p>
      ) : (
        <>
          <p>{t(checkIn.status === "approved" ? "checkIns:patient.approved" : "checkIns:patient.declined")}</p>
          {checkIn.reviewedAt ? <p className="text-sm text-muted-foreground">{t("checkIns:reviewedOn", { date: formatDate(checkIn.reviewedAt, { utcOffsetMinutes }) })}</p> : null}
          {checkIn.reviewNote ? (
            <div>
              <h3 className="text-sm font-medium">{t("checkIns:patient.note")}</h3>
              <p className="whitespace-pre-wrap" data-testid="check-in-note">
                {checkIn.reviewNote}
              </p>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

export default function PatientCheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { checkIn, utcOffsetMinutes } = loaderData;
  const result = actionData as CheckInFormResult | undefined;
  const formError = result?.errors[""];
  const date = (iso: string) => formatDate(iso, { utcOffsetMinutes });
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <PageTitle title={handle.title} />
          <CheckInBadge status={checkIn.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {t("checkIns:requestedOn", { date: date(checkIn.requestedAt) })}
          {checkIn.dueAt && !checkIn.completedAt ? ` · ${t("checkIns:dueOn", { date: date(checkIn.dueAt) })}` : null}
          {checkIn.completedAt ? ` · ${t("checkIns:completedOn", { date: date(checkIn.completedAt) })}` : null}
        </p>
      </header>
      {formError?.length ? (
        <p role="alert" className="text-sm text-error" data-testid="form-error">
          {formError.map((m) => translateMessage(t, m)).join(" ")}
        </p>
      ) : null}
      {checkIn.can.answer ? (
        <>
          <p>{t("checkIns:patient.intro")}</p>
          <AnswerForm result={result} />
        </>
      ) : (
        <>
          {checkIn.status !== "requested" ? <ReviewResult checkIn={checkIn} utcOffsetMinutes={utcOffsetMinutes} /> : null}
          <section aria-labelledby="check-in-answers-title" className="flex flex-col gap-3">
            <h2 id="check-in-answers-title" className="text-lg font-semibold">
              {t("checkIns:patient.yourAnswers")}
            </h2>
            <CheckInAnswers checkIn={checkIn} audience="patient" />
          </section>
        </>
      )}
      <p>
        <Link to="/patient" className="text-primary underline underline-offset-4 hover:no-underline">
          {t("checkIns:patient.back")}
        </Link>
      </p>
    </div>
  );
}
