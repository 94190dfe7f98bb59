/**
 * The patient's progress (issue 18; spec §1 track weight progress, §3 Milestone: weight, date; §9 expected loss
 * 10–20 lb per month). Plain rules the browser may import (no zod): the limits of a logged weight and its date, their
 * message keys, BMI. Schemas in ./progress.ts, routes api/routes/progress.ts, reads api/domain/progress.ts.
 *
 * Decisions where the spec is silent:
 *  - a logged weight is 50–1000 lb (the check-in's range), one decimal kept;
 *  - its date is not in the future and not more than PROGRESS_LIMITS.pastYears years back. "The future" is judged
 *    in the earliest time zone on Earth (UTC+14): a patient in any zone can log "today", nobody can log tomorrow in
 *    every zone (the API does not know the browser's zone at that moment; the profile's zone may be stale);
 *  - several weights on one day are all kept (the chart and table show each); the newest by date (then by entry)
 *    is the current weight and updates the patient's weight and BMI;
 *  - the start weight is the patient's recorded start (intake), else the first entry; BMI needs the height.
 */
export { bmiOf } from "./review-rules.ts";
export { MILESTONE_STEP_PERCENT } from "./journey-rules.ts";

export const PROGRESS_LIMITS = {
  weightMin: 50,
  weightMax: 1000,
  /** How far back a weight may be dated. */
  pastYears: 5,
  /** How many weights the page reads (newest first, then shown oldest first). */
  historyMax: 500,
} as const;

/** Validation message keys (locales/<lng>/validation.json). */
export const PROGRESS_V = {
  weight: "validation.progressWeight",
  dateFuture: "validation.progressDateFuture",
  dateTooOld: "validation.progressDateTooOld",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const REQUIRED = "validation.required";
const INVALID = "validation.invalid";

/** The latest calendar day anywhere on Earth now (UTC+14), yyyy-MM-dd. */
export const latestToday = (now = new Date()) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** A weight as typed: null when fine, else its message key. */
export function weightProblem(raw: unknown): string | null {
  const text = raw === undefined || raw === null ? "" : String(raw).trim();
  if (!text) return REQUIRED;
  const n = Number(text);
  if (!Number.isFinite(n)) return INVALID;
  if (n < PROGRESS_LIMITS.weightMin || n > PROGRESS_LIMITS.weightMax) return PROGRESS_V.weight;
  return null;
}

/** The date of a weight (yyyy-MM-dd): null when fine, else its message key. */
export function measuredOnProblem(raw: unknown, now = new Date()): string | null {
  const text = raw === undefined || raw === null ? "" : String(raw).trim();
  if (!text) return REQUIRED;
  if (!DATE.test(text)) return INVALID;
  const day = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) return INVALID;
  if (text > latestToday(now)) return PROGRESS_V.dateFuture;
  const earliest = new Date(now);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - PROGRESS_LIMITS.pastYears);
  if (text < earliest.toISOString().slice(0, 10)) return PROGRESS_V.dateTooOld;
  return null;
}

/** A weight rounded to one decimal, as stored. */
export const roundWeight = (n: number) => Math.round(n * 10) / 10;
