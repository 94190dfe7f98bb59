import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/progress";
import { SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { Input } from "~/components/ui/input";
import { Milestones, ProgressFigures, WeightProgress } from "~/components/weight-progress";
import { translateMessage } from "~/lib/i18n";
import { logWeightAction, patientProgressLoader, type WeightFormResult } from "~/lib/progress.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientProgress", i18n: ["patients", "progress"] } satisfies RouteHandle;

/** /patient/progress (issue 18): the weight figures, BMI, the chart with its table, the milestones, and the weight form. */
export function loader({ context }: Route.LoaderArgs) {
  return patientProgressLoader(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return logWeightAction(request, context);
}

function WeightForm({ result, today }: { result: WeightFormResult | undefined; today: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const errors = result?.errors ?? {};
  const error = (key: string) => (errors[key]?.length ? errors[key]!.map((m) => translateMessage(t, m)).join(" ") : undefined);
  const formError = errors[""];
  return (
    <Form method="post" className="grid max-w-xl gap-4 rounded-lg border bg-card p-4" aria-labelledby="weight-form-title" data-testid="weight-form" noValidate>
      <h2 id="weight-form-title" className="text-lg font-semibold">
        {t("progress:form.title")}
      </h2>
      <input type="hidden" name="intent" value="logWeight" />
      <ErrorSummary
        errors={Object.fromEntries(Object.entries(errors).filter(([k]) => k !== ""))}
        labels={{ weightLb: { id: "weight-lb", label: t("progress:form.weight") }, measuredOn: { id: "weight-date", label: t("progress:form.date") } }}
      />
      {formError?.length ? (
        <p role="alert" className="text-sm text-error" data-testid="form-error">
          {formError.map((m) => translateMessage(t, m)).join(" ")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="weight-lb"
          name="weightLb"
          label={t("progress:form.weight")}
          hint={t("progress:form.weightHint")}
          inputMode="decimal"
          autoComplete="off"
          aria-required
          defaultValue={result?.values.weightLb ?? ""}
          error={error("weightLb")}
        />
        <Input
          id="weight-date"
          type="date"
          name="measuredOn"
          label={t("progress:form.date")}
          hint={t("progress:form.dateHint")}
          aria-required
          defaultValue={result?.values.measuredOn ?? today}
          error={error("measuredOn")}
        />
      </div>
      <div>
        <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === "logWeight"}>{t("progress:form.submit")}</SubmitButton>
      </div>
    </Form>
  );
}

export default function PatientProgress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { progress } = loaderData;
  const result = actionData as WeightFormResult | undefined;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-sm text-muted-foreground">{t("progress:intro")}</p>
      </header>
      <ProgressFigures progress={progress} />
      {progress.weights.length === 0 ? (
        <p className="text-sm" data-testid="progress-none">
          {t("progress:none")}
        </p>
      ) : (
        <WeightProgress weights={progress.weights} weightStart={progress.weightStart} weightGoal={progress.weightGoal} />
      )}
      <WeightForm result={result} today={loaderData.today} />
      <Milestones milestones={progress.milestones} />
      <p className="text-sm">
        <Link to="/patient/journeys" className="text-primary underline underline-offset-4 hover:no-underline">
          {t("progress:journeys")}
        </Link>
      </p>
    </div>
  );
}
