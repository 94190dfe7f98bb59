/**
 * The chart state machine (spec §4: chart To review / Reviewed; "a review can be cancelled, or approved by
 * signing"; issue 14: "a signed chart cannot change (a later change is an addendum)").
 *
 *   to_review ──sign──▶ reviewed      (who signed, when, the consent version)
 *   to_review ──cancel─▶ cancelled
 *   reviewed  ──addendum─▶ reviewed   (the only change after signing: a new addendum row, the chart itself stays)
 *
 * Everything else is refused: a 409 with the code `charts.transitionRefused` (params `{ from, action }`), or
 * `charts.notSigned` for an addendum to a chart that is not signed.
 */
import type { ChartReviewStatus } from "../contract/review-queue-rules.ts";

export type ChartAction = "sign" | "cancel" | "addendum";

type Transition = { action: ChartAction; from: readonly ChartReviewStatus[]; to: ChartReviewStatus };

export const CHART_TRANSITIONS: readonly Transition[] = [
  { action: "sign", from: ["to_review"], to: "reviewed" },
  { action: "cancel", from: ["to_review"], to: "cancelled" },
  { action: "addendum", from: ["reviewed"], to: "reviewed" },
];

export type ChartTransitionResult =
  | { ok: true; to: ChartReviewStatus }
  | { ok: false; code: "charts.transitionRefused"; params: { from: ChartReviewStatus; action: ChartAction } }
  | { ok: false; code: "charts.notSigned"; params: Record<string, never> };

export function canChart(action: ChartAction, from: ChartReviewStatus): boolean {
  return CHART_TRANSITIONS.some((t) => t.action === action && t.from.includes(from));
}

export function chartTransition(action: ChartAction, from: ChartReviewStatus): ChartTransitionResult {
  const row = CHART_TRANSITIONS.find((t) => t.action === action && t.from.includes(from));
  if (row) return { ok: true, to: row.to };
  if (action === "addendum") return { ok: false, code: "charts.notSigned", params: {} };
  return { ok: false, code: "charts.transitionRefused", params: { from, action } };
}
