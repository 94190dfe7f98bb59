import type { ReactNode } from "react";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { translateMessage } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";

/**
 * Pieces shared by the clinical review's step pages (record visit, record note, manage prescription, inform the
 * patient): the step's heading with the patient and treatment it is about, and the errors of a failed post (an
 * error summary that takes the focus, and each field's own message).
 */
export type StepFormResult = { errors: Record<string, string[]>; values: Record<string, string | string[]> };

export function StepHeader({ title, patientName, productName, intro }: { title: string; patientName: string; productName: string | null; intro: string }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-2">
      <PageTitle title={title} />
      <p className="font-medium" data-testid="step-patient">
        {t("clinical:patientLine", { name: patientName, treatment: productName ?? t("clinical:noProduct") })}
      </p>
      <p className="text-muted-foreground">{intro}</p>
    </header>
  );
}

/** The translated messages of one field, or undefined. */
export function useFieldError(result: StepFormResult | undefined) {
  const { t } = useTranslation();
  return (name: string): ReactNode => {
    const list = result?.errors[name];
    return list?.length ? list.map((m) => translateMessage(t, m)).join(" ") : undefined;
  };
}

/** The value typed before a failed post (or the default). */
export const typed = (result: StepFormResult | undefined, name: string, fallback = ""): string => {
  const v = result?.values[name];
  return typeof v === "string" ? v : fallback;
};

/** The error summary of a failed post: each field by its label, linking to it; focus moves here. */
export function StepErrors({ result, labels }: { result: StepFormResult | undefined; labels: Record<string, string> }) {
  const ids = Object.fromEntries(Object.entries(labels).map(([name, label]) => [name, { id: fieldId(name), label }]));
  return <ErrorSummary errors={result?.errors} labels={ids} />;
}

export const fieldId = (name: string) => `field-${name}`;
