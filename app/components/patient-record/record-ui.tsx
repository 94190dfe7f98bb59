import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { translateMessage } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import type { PatientStatusKey, TreatmentReviewStatus } from "../../../api/contract/enums.ts";

/** A titled panel of a record tab (a <section> named by its heading). */
export function RecordSection({ title, children, actions, className, testId }: { title: ReactNode; children: ReactNode; actions?: ReactNode; className?: string; testId?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className={cn("flex flex-col gap-3 rounded-lg border bg-card p-4", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Label → value pairs (a description list); a missing value reads "Not provided". */
export function Facts({ items, columns = 3 }: { items: [label: string, value: ReactNode][]; columns?: 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <dl className={cn("grid gap-x-6 gap-y-2 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3")}>
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
          <dd className="text-sm">{value === null || value === undefined || value === "" ? t("patients:notProvided") : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const STATUS_COLOURS: Partial<Record<PatientStatusKey, BadgeVariant>> = {
  active: "success",
  subscribed: "success",
  paid_patient: "success",
  active_patient_prescription_renews: "success",
  ready_to_review_new_patient: "warning",
  ready_to_review_refill: "warning",
  missing_information: "pink",
  awaiting_coverage: "purple",
  prior_authorization: "purple",
  unresponsive: "neutral",
  on_pause: "neutral",
  declined: "error",
  declined_authorization: "error",
  nc_decline: "error",
  canceled: "error",
  no_show: "error",
};

/** The patient's string status (spec §4) with its label. */
export function PatientStatusBadge({ statusKey }: { statusKey: PatientStatusKey }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_COLOURS[statusKey] ?? "primary"} dot data-testid="patient-status">
      {t(`patients:statusKey.${statusKey}`)}
    </Badge>
  );
}

const STATE_COLOURS: Record<TreatmentReviewStatus, BadgeVariant> = { pending: "warning", approved: "success", cancelled: "neutral", declined: "error" };

/** A treatment's displayed state or review status (spec §4). */
export function ReviewBadge({ state }: { state: TreatmentReviewStatus }) {
  const { t } = useTranslation();
  return <Badge variant={STATE_COLOURS[state]}>{t(`patients:review.${state}`)}</Badge>;
}

/** "Previous" / "Next" links of a paged tab (plain links: they work without JavaScript). */
export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("patients:pager.label")} className="flex items-center gap-4 text-sm">
      {page > 1 ? <Link to={href(page - 1)}>{t("patients:pager.previous")}</Link> : null}
      <span>{t("patients:pager.page", { page, total: pageCount })}</span>
      {page < pageCount ? <Link to={href(page + 1)}>{t("patients:pager.next")}</Link> : null}
    </nav>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/**
 * The error summary of a form (WCAG 3.3.1): a titled list of what is wrong, each linking to its field, focused when
 * it appears (with JavaScript on mount; without, the browser opens the page at it: `autoFocus` on a focusable box).
 */
export function ErrorSummary({ errors, labels }: { errors: Record<string, string[] | undefined> | undefined; labels: Record<string, { id: string; label: string }> }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors ?? {}).filter(([, list]) => list && list.length > 0) as [string, string[]][];
  const signature = entries.map(([name, list]) => `${name}:${list.join("|")}`).join(";");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (entries.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title" data-testid="error-summary" className="col-span-full rounded-md border border-error bg-error-subtle px-4 py-3 text-sm text-error">
      <h3 id="error-summary-title" className="font-semibold">
        {t("patients:errors.summary", { count: entries.length })}
      </h3>
      <ul className="mt-1 list-disc ps-5">
        {entries.map(([name, list]) => {
          const field = labels[name];
          const text = `${field?.label ?? name}: ${list.map((m) => translateMessage(t, m)).join(" ")}`;
          // Each link at least 24 px high (WCAG 2.2 target size): a summary of several fields stacks them.
          return <li key={name}>{field ? <a href={`#${field.id}`} className="inline-block min-h-6 py-0.5 underline">{text}</a> : text}</li>;
        })}
      </ul>
    </div>
  );
}
