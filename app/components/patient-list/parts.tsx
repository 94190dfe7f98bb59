import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { controlClasses, FieldLabel } from "~/components/ui/field";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import type { ProviderListItem } from "../../../api/contract/provider-list.ts";
import { formatPhone } from "~/lib/format";

type T = (key: string, options?: Record<string, unknown>) => string;

/** The displayed state of a treatment (spec §4) as a badge. */
const STATE_VARIANT: Record<string, BadgeVariant> = { pending: "warning", approved: "success", cancelled: "neutral", declined: "error" };
export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATE_VARIANT[state] ?? "neutral"} dot data-state={state}>
      {t(`patientList:displayedState.${state}`)}
    </Badge>
  );
}

/** The patient's string status (spec §4) with its label, coloured by the list tab it puts the patient in. */
const TAB_VARIANT: Record<string, BadgeVariant> = {
  new_intake: "lightBlue",
  review_ready: "primary",
  missing_information: "warning",
  nc_decline: "error",
  awaiting_coverage: "purple",
  active: "success",
  renewals: "pink",
  unresponsive: "warning",
  inactive: "neutral",
};
export function PatientStatusBadge({ statusKey, tab }: { statusKey: string; tab: string | null }) {
  const { t } = useTranslation();
  return (
    <Badge variant={(tab && TAB_VARIANT[tab]) || "neutral"} data-status={statusKey}>
      {t(`patientList:status.${statusKey}`)}
    </Badge>
  );
}

export const journeyLabel = (t: T, journey: number) => t(`patientList:journey.${journey}`);

/** A count of the API: exact, or "1,000+" when it stopped counting. */
export function countLabel(count: number, capped: boolean, locale: string): string {
  const n = count.toLocaleString(locale);
  return capped ? `${n}+` : n;
}

/**
 * Errors of a page or a form, listed with links to their fields: focused when it appears (with JavaScript), so
 * a keyboard or screen-reader user lands on it; without JavaScript it is the first thing under the heading.
 */
export function ErrorSummary({ errors, fieldIds = {} }: { errors: Record<string, string[]> | null | undefined; fieldIds?: Record<string, string> }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors ?? {}).filter(([, messages]) => messages.length > 0);
  const key = JSON.stringify(entries);
  useEffect(() => {
    if (entries.length) ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!entries.length) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title" className="rounded-md border border-error bg-error-subtle p-4 text-sm text-error" data-testid="error-summary">
      <h2 id="error-summary-title" className="font-semibold">
        {t("patientList:errors.summary")}
      </h2>
      <ul className="mt-2 list-disc pl-5">
        {entries.flatMap(([field, messages]) =>
          messages.map((message) => (
            <li key={`${field}-${message}`}>
              {fieldIds[field] ? (
                <a href={`#${fieldIds[field]}`} className="underline underline-offset-4">
                  {t(`patientList:fields.${field}`, { defaultValue: field })}: {message}
                </a>
              ) : (
                message
              )}
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

/** A native select with its label (works without JavaScript; a GET form sends it). */
export function NativeSelect({
  id,
  name,
  label,
  value,
  options,
  emptyLabel,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  emptyLabel?: string;
}) {
  return (
    <div className="grid content-start">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select id={id} name={name} defaultValue={value} className={cn(controlClasses, "h-10")}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "First page" and "Next page" links of a cursor-paged list, and the page number. */
export function CursorPaging({ page, firstHref, nextHref }: { page: number; firstHref: string | null; nextHref: string | null }) {
  const { t } = useTranslation();
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={t("patientList:paging.label")} className="flex flex-wrap items-center justify-between gap-3">
      <div>
        {firstHref ? (
          <Link to={firstHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
            {t("patientList:paging.first")}
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{t("patientList:paging.page", { page })}</p>
      <div>
        {nextHref ? (
          <Link to={nextHref} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="next-page">
            {t("patientList:paging.next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** The patient cell: name (a link to the record), age; the rest of the row's patient columns. */
export function PatientCells({ row, patientHref }: { row: ProviderListItem; patientHref: string }) {
  const { t } = useTranslation();
  return (
    <>
      <td className="px-3 py-2">
        <Link to={patientHref} className="font-medium text-primary underline-offset-4 hover:underline" data-patient-id={row.patient.id}>
          {row.patient.fullName}
        </Link>
        <span className="block text-xs text-muted-foreground tabular-nums">#{row.patient.id}</span>
      </td>
      <td className="px-3 py-2 break-all">{row.patient.email}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{row.patient.phone ? formatPhone(row.patient.phone) : "—"}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
        {row.patient.dateOfBirth ? `${isoToUs(row.patient.dateOfBirth)}${row.patient.age !== null ? ` (${t("patientList:list.age", { age: row.patient.age })})` : ""}` : "—"}
      </td>
    </>
  );
}

/** yyyy-MM-dd → mm/dd/yyyy (spec §9), without time zones: a date of birth is a calendar date. */
export function isoToUs(date: string): string {
  const [y, m, d] = date.split("-");
  return `${m}/${d}/${y}`;
}
