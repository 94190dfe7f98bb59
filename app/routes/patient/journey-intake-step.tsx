import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { TFunction } from "i18next";
import type { Route } from "./+types/journey-intake-step";
import { StepErrors, fieldId, useFieldError } from "~/components/clinical/step-form";
import { SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError, FieldHint } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RadioGroup } from "~/components/ui/radio";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { formatCurrency } from "~/lib/format";
import { stepAction, stepLoader, type IntakeFormResult, type IntakeView } from "~/lib/intake.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/lib/use-translation";
import { ID_IMAGE_MAX_MB, REVIEW_STEP, intakePaths } from "../../../api/contract/intake-rules.ts";
import { US_STATES } from "../../../api/contract/patient-account-rules.ts";

export const handle = { title: "common:pages.journeyIntake", i18n: ["intake", "patients"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return stepLoader(context, params.id, params.step);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return stepAction(request, context, params.id, params.step);
}

type Question = IntakeView["steps"][number]["questions"][number];
type Values = Record<string, string | string[]>;

/** A saved answer as the form's value(s): yes/no as "yes"/"no", height as feet and inches, lists as lists. */
function savedValues(questions: readonly Question[], answers: Record<string, unknown>): Values {
  const out: Values = {};
  for (const q of questions) {
    const v = answers[q.key];
    if (v === undefined || v === null) continue;
    if (q.type === "yesNo") out[q.key] = v === true ? "yes" : "no";
    else if (q.type === "height" && typeof v === "number") {
      out[`${q.key}Ft`] = String(Math.floor(v / 12));
      out[`${q.key}In`] = String(Math.round((v % 12) * 10) / 10);
    } else if (q.type === "multi" && Array.isArray(v)) out[`${q.key}[]`] = v.map(String);
    else out[q.key] = String(v);
  }
  return out;
}

const one = (values: Values, name: string) => {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
};
const many = (values: Values, name: string) => [values[name] ?? []].flat();

/**
 * One step of the medical intake (issue 15): the questions the API sends for it (api/domain/intake/questionnaires.ts)
 * as one form, a progress indicator, "Back" (a link: the previous step shows its saved answers) and "Save and
 * continue". A failed save comes back with the error summary (focused) and every value typed. The identification
 * step is multipart (camera or file); the review step lists the answers with links to change them and submits.
 * Without JavaScript every question of a step is shown (a question that applies only to some answers of the same
 * step says so); with JavaScript it appears only when it applies.
 */
export default function JourneyIntakeStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, step, index, previous } = loaderData;
  const result = actionData as IntakeFormResult | undefined;
  const navigation = useNavigation();
  const def = view.steps[index]!;
  const values: Values = result?.values ?? savedValues(def.questions, view.answers);
  const [live, setLive] = useState<Values>(values);
  const hydrated = useHydrated();
  const error = useFieldError(result);
  const total = view.steps.length;
  const journeyId = view.journey.id;
  const multipart = def.questions.some((q) => q.type === "image");
  const labels = Object.fromEntries([["", t("intake:steps." + step)], ...def.questions.map((q) => [q.key, t(`intake:q.${q.key}`)])]);
  const shown = (q: Question) => {
    if (!q.showIf || !hydrated) return true;
    const answer = q.showIf.question in live || `${q.showIf.question}[]` in live ? many(live, q.showIf.question in live ? q.showIf.question : `${q.showIf.question}[]`) : [];
    return answer.some((a) => q.showIf!.equals.includes(a));
  };
  const track = (name: string, value: string | string[]) => setLive((prev) => ({ ...prev, [name]: value }));

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t(`intake:journey.${view.journey.sectionType}`)}</p>
        <Progress steps={view.steps.map((s) => s.key)} index={index} currentStep={view.currentStep} journeyId={journeyId} />
      </header>
      <h2 className="text-xl font-semibold" data-testid="intake-step-title">
        {t("intake:stepOf", { title: t(`intake:steps.${step}`), current: index + 1, total })}
      </h2>
      <Form method="post" encType={multipart ? "multipart/form-data" : undefined} className="flex flex-col gap-5" noValidate data-testid="intake-form">
        <input type="hidden" name="intent" value={step === REVIEW_STEP ? "submit" : "save"} />
        <StepErrors result={result} labels={labels} />
        {step === REVIEW_STEP ? (
          <Review view={view} />
        ) : (
          def.questions.map((q) =>
            shown(q) ? (
              <QuestionField key={q.key} q={q} values={values} view={view} error={error(q.key)} onValue={track} conditional={Boolean(q.showIf && !hydrated && def.questions.some((o) => o.key === q.showIf!.question))} />
            ) : null,
          )
        )}
        {step === "body" && view.bmi !== null ? (
          <p className="font-medium" data-testid="intake-bmi">
            {t("intake:bmi", { bmi: view.bmi })}
          </p>
        ) : step === "body" ? (
          <p className="text-sm text-muted-foreground">{t("intake:bmiHint")}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          {previous ? (
            <Link to={intakePaths.step(journeyId, previous)} className="underline underline-offset-4" data-testid="intake-back">
              {t("intake:back")}
            </Link>
          ) : null}
          <SubmitButton pending={navigation.state === "submitting"}>{step === REVIEW_STEP ? t("intake:submit") : t("intake:saveContinue")}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

/** The steps as an ordered list: done and current steps are links, the current page is marked. */
function Progress({ steps, index, currentStep, journeyId }: { steps: string[]; index: number; currentStep: string; journeyId: number }) {
  const { t } = useTranslation();
  const reached = steps.indexOf(currentStep);
  return (
    <nav aria-label={t("intake:progressLabel")}>
      <p className="text-sm font-medium" data-testid="intake-progress">
        {t("intake:progress", { current: index + 1, total: steps.length })}
      </p>
      <ol className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {steps.map((key, i) => (
          <li key={key} className={i === index ? "font-semibold" : i <= reached ? "" : "text-muted-foreground"}>
            {i <= reached && i !== index ? (
              <Link to={intakePaths.step(journeyId, key)} className="inline-block min-h-6 underline underline-offset-4">
                {t(`intake:steps.${key}`)}
              </Link>
            ) : (
              <span className="inline-block min-h-6" aria-current={i === index ? "step" : undefined}>
                {t(`intake:steps.${key}`)}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function QuestionField({ q, values, view, error, onValue, conditional }: { q: Question; values: Values; view: IntakeView; error: ReactNode; onValue: (name: string, value: string | string[]) => void; conditional: boolean }) {
  const { t } = useTranslation();
  const label = t(`intake:q.${q.key}`);
  const hintKey = `intake:h.${q.key}`;
  const baseHint = t(hintKey) === hintKey ? undefined : t(hintKey);
  const when = conditional && q.showIf ? t("intake:onlyIf", { question: t(`intake:q.${q.showIf.question}`), answer: q.showIf.equals.map((v) => optionLabel(t, q.showIf!.question, v)).join(" / ") }) : undefined;
  const hint = [when, baseHint].filter(Boolean).join(" ") || undefined;
  const id = fieldId(q.key);
  const required = q.required;
  switch (q.type) {
    case "text":
      return (q.max ?? 0) > 200 ? (
        <Textarea id={id} name={q.key} label={optionalLabel(t, label, required)} rows={3} maxLength={q.max} defaultValue={one(values, q.key)} hint={hint} error={error} aria-required={required} />
      ) : (
        <Input id={id} name={q.key} label={optionalLabel(t, label, required)} maxLength={q.max} defaultValue={one(values, q.key)} hint={hint} error={error} aria-required={required} autoComplete={q.key === "firstName" ? "given-name" : q.key === "lastName" ? "family-name" : undefined} />
      );
    case "number":
    case "weight":
      return <Input id={id} name={q.key} label={label} inputMode="decimal" defaultValue={one(values, q.key)} hint={hint} error={error} aria-required={required} className="max-w-40" />;
    case "date":
      return <Input id={id} name={q.key} type="date" label={label} defaultValue={one(values, q.key)} hint={hint} error={error} aria-required={required} autoComplete={q.key === "dateOfBirth" ? "bday" : undefined} className="max-w-56" />;
    case "state":
      return <Select id={id} name={q.key} label={label} enhance={false} placeholder={t("intake:o.chooseState")} options={US_STATES.map((s) => ({ value: s.code, label: s.name }))} defaultValue={one(values, q.key)} hint={hint} error={error} required={required} />;
    case "height":
      return (
        <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined} className="min-w-0">
          <legend className="mb-2 text-sm font-medium">{label}</legend>
          <div className="flex gap-4">
            <Input id={`${id}-ft`} name={`${q.key}Ft`} label={t("intake:feet")} inputMode="numeric" defaultValue={one(values, `${q.key}Ft`)} className="max-w-24" aria-required={required} aria-invalid={error ? true : undefined} />
            <Input id={`${id}-in`} name={`${q.key}In`} label={t("intake:inches")} inputMode="decimal" defaultValue={one(values, `${q.key}In`)} className="max-w-24" aria-invalid={error ? true : undefined} />
          </div>
          {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
        </fieldset>
      );
    case "single":
    case "yesNo": {
      const options = q.type === "yesNo" ? ["yes", "no"] : (q.options ?? []);
      return (
        <RadioGroup
          id={id}
          name={q.key}
          legend={label}
          orientation={q.type === "yesNo" ? "horizontal" : "vertical"}
          options={options.map((v) => ({ value: v, label: optionLabel(t, q.key, v) }))}
          defaultValue={one(values, q.key)}
          onValueChange={(v) => onValue(q.key, v)}
          hint={hint}
          error={error}
          required={required}
        />
      );
    }
    case "multi": {
      const checked = many(values, `${q.key}[]`);
      return (
        <fieldset id={id} aria-describedby={[error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined} aria-invalid={error ? true : undefined} className="min-w-0">
          <legend className="mb-2 text-sm font-medium">{label}</legend>
          <div className="flex flex-col gap-2">
            {(q.options ?? []).map((v) => (
              <Checkbox
                key={v}
                id={`${id}-${v}`}
                name={`${q.key}[]`}
                value={v}
                label={optionLabel(t, q.key, v)}
                defaultChecked={checked.includes(v)}
                onChange={(e) => onValue(`${q.key}[]`, e.currentTarget.checked ? [...checked, v] : checked.filter((c) => c !== v))}
              />
            ))}
          </div>
          {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
          {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
        </fieldset>
      );
    }
    case "image": {
      const uploaded = view.images[q.key];
      const imageHint = [hint, uploaded ? `${t("intake:uploaded", { name: uploaded.fileName })} ${t("intake:replaceHint")}` : t("intake:imageHint", { max: ID_IMAGE_MAX_MB })].filter(Boolean).join(" ");
      return (
        <div className="flex flex-col gap-2">
          {uploaded ? <img src={intakePaths.image(view.journey.id, uploaded.uploadId)} alt={label} className="max-h-40 w-auto self-start rounded-md border border-border" data-testid={`intake-image-${q.key}`} /> : null}
          <Input
            id={id}
            name={q.key}
            type="file"
            accept="image/*"
            capture={q.image === "selfie" ? "user" : "environment"}
            label={label}
            hint={imageHint}
            error={error}
            aria-required={required && !uploaded}
            data-uploaded={uploaded ? "true" : undefined}
          />
        </div>
      );
    }
    case "plan":
      return <PlanChoice q={q} view={view} values={values} error={error} />;
  }
}

/** The plan step: each medication of the journey with its 3-, 6- and 12-month plans as one group of radio buttons. */
function PlanChoice({ q, view, values, error }: { q: Question; view: IntakeView; values: Values; error: ReactNode }) {
  const { t, i18n } = useTranslation();
  const id = fieldId(q.key);
  const chosen = one(values, q.key);
  return (
    <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined} className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 text-sm font-medium">{t("intake:plan.legend")}</legend>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      {view.plans.map((p) => (
        <div key={p.productId} className="rounded-lg border border-border p-4" data-testid="intake-plan">
          <p className="font-semibold">{p.name}</p>
          <p className="text-sm text-muted-foreground">{p.description}</p>
          {p.available ? null : <p className="mt-1 text-sm font-medium text-error">{t("intake:plan.unavailable")}</p>}
          <div className="mt-3 flex flex-col gap-2">
            {p.variants.map((v) => (
              <div key={v.id} className="grid grid-cols-[auto_1fr] gap-x-3">
                <input type="radio" id={`${id}-${v.id}`} name={q.key} value={v.id} defaultChecked={chosen === String(v.id)} className="mt-0.5 size-4 accent-primary" />
                <label htmlFor={`${id}-${v.id}`} className="text-sm">
                  {p.name}: {t("intake:plan.months", { count: v.periodMonths })} · {t("intake:plan.price", { price: formatCurrency(v.priceCents, { fromCents: true, cents: true, locale: i18n.language }) })}
                </label>
              </div>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/** The review step: every visible step's answers, with a link to change them. */
function Review({ view }: { view: IntakeView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-5" data-testid="intake-review">
      <p className="text-muted-foreground">{t("intake:review.intro")}</p>
      {view.steps
        .filter((s) => s.key !== REVIEW_STEP)
        .map((s) => (
          <section key={s.key} aria-labelledby={`review-${s.key}`} className="rounded-lg border border-border p-4">
            <div className="flex items-baseline justify-between gap-3">
              <h3 id={`review-${s.key}`} className="font-semibold">
                {t(`intake:steps.${s.key}`)}
              </h3>
              <Link to={intakePaths.step(view.journey.id, s.key)} className="inline-block min-h-6 text-sm underline underline-offset-4">
                {t("intake:change")}
                <span className="sr-only"> {t(`intake:steps.${s.key}`)}</span>
              </Link>
            </div>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              {s.questions
                .filter((q) => view.answers[q.key] !== undefined)
                .map((q) => (
                  <div key={q.key} className="contents">
                    <dt className="text-muted-foreground">{t(`intake:q.${q.key}`)}</dt>
                    <dd>{answerText(t, q, view, i18n.language)}</dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
    </div>
  );
}

function optionLabel(t: TFunction, question: string, value: string): string {
  if (value === "yes" || value === "no") return t(`intake:o.${value}`);
  return t(`intake:o.${question}.${value}`, { defaultValue: value });
}

const optionalLabel = (t: TFunction, label: string, required: boolean) => (required ? label : `${label} (${t("intake:optional")})`);

function answerText(t: TFunction, q: Question, view: IntakeView, locale: string): string {
  const v = view.answers[q.key];
  switch (q.type) {
    case "yesNo":
      return t(v === true ? "intake:o.yes" : "intake:o.no");
    case "single":
      return optionLabel(t, q.key, String(v));
    case "multi":
      return (Array.isArray(v) ? v : []).map((x) => optionLabel(t, q.key, String(x))).join(", ");
    case "height":
      return typeof v === "number" ? `${Math.floor(v / 12)} ft ${Math.round((v % 12) * 10) / 10} in` : "";
    case "weight":
      return `${String(v)} ${t("intake:pounds")}`;
    case "state":
      return US_STATES.find((s) => s.code === v)?.name ?? String(v);
    case "image":
      return view.images[q.key] ? t("intake:uploaded", { name: view.images[q.key]!.fileName }) : t("intake:notAnswered");
    case "plan": {
      for (const p of view.plans) {
        const variant = p.variants.find((x) => x.id === v);
        if (variant) return `${p.name}: ${t("intake:plan.months", { count: variant.periodMonths })} · ${formatCurrency(variant.priceCents, { fromCents: true, cents: true, locale })}`;
      }
      return String(v);
    }
    default:
      return String(v ?? "");
  }
}
