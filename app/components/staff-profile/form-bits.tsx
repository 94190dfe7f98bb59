import type { TFunction } from "i18next";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { translateMessage } from "~/lib/i18n";
import type { TeamFormResult } from "~/lib/team-profile.server";
import { useTranslation } from "~/lib/use-translation";
import { parseTime } from "../../../api/contract/schedule-rules.ts";

/** The result of `intent` (and of that license, for an edit form), or undefined. */
export function resultFor(result: TeamFormResult | undefined, intent: TeamFormResult["intent"], licenseId?: number) {
  if (!result || result.intent !== intent) return undefined;
  if (licenseId !== undefined && result.licenseId !== licenseId) return undefined;
  return result;
}

/** A field's messages, translated and joined, or undefined. */
export function useFieldError(result: TeamFormResult | undefined) {
  const { t } = useTranslation();
  return (key: string) => (result?.errors[key]?.length ? result.errors[key]!.map((m) => translateMessage(t, m)).join(" ") : undefined);
}

/** What was typed in `key` on a failed post, else `fallback`. */
export function typed(result: TeamFormResult | undefined, key: string, fallback = ""): string {
  if (!result) return fallback;
  const v = result.values[key];
  return typeof v === "string" ? v : fallback;
}

/** The error summary (focus moves to it) and the form's own error line. */
export function FormProblems({ result, labels }: { result: TeamFormResult | undefined; labels: Record<string, { id: string; label: string }> }) {
  const { t } = useTranslation();
  if (!result) return null;
  const own = result.errors[""];
  return (
    <>
      <ErrorSummary errors={Object.fromEntries(Object.entries(result.errors).filter(([k]) => k !== ""))} labels={labels} />
      {own?.length ? (
        <p role="alert" className="text-sm text-error" data-testid="form-error">
          {own.map((m) => translateMessage(t, m)).join(" ")}
        </p>
      ) : null}
    </>
  );
}

/** "HH:MM" → "9:00 am" in the reader's language (spec §9: 12-hour times). */
export function timeLabel(t: TFunction, time: string): string {
  const minutes = parseTime(time) ?? 0;
  const h24 = Math.floor(minutes / 60) % 24;
  const h = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h}:${String(minutes % 60).padStart(2, "0")} ${t(h24 < 12 ? "format:time.am" : "format:time.pm")}`;
}

/** mm/dd/yyyy of "yyyy-MM-dd" (spec §9), without any zone shift. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
