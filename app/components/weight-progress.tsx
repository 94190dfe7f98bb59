import { useId } from "react";
import { RecordSection } from "~/components/patient-record/record-ui";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/use-translation";
import type { WeightEntry } from "../../api/contract/patients.ts";

/*
 * The weight history as an SVG line (goal dashed) and a table with the same numbers (spec §3 Milestone: weight,
 * date). Shared by the staff record's progress tab and the patient's journey progress page; texts in the
 * "patients" namespace (progress.*, units, weightSource).
 */

const dateOnly = (iso: string) => formatDate(`${iso}T00:00:00Z`);

/** A simple line of the weights over time; the table below carries the same numbers (the chart is decorative for screen readers' sake: it has a text alternative). */
export function WeightChart({ weights, goal }: { weights: WeightEntry[]; goal: number | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const W = 640;
  const H = 220;
  const pad = 32;
  const values = weights.map((w) => w.weightLb).concat(goal === null ? [] : [goal]);
  const min = Math.floor(Math.min(...values) - 5);
  const max = Math.ceil(Math.max(...values) + 5);
  const times = weights.map((w) => Date.parse(`${w.measuredOn}T00:00:00Z`));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const x = (time: number) => pad + (t1 === t0 ? (W - 2 * pad) / 2 : ((time - t0) / (t1 - t0)) * (W - 2 * pad));
  const y = (lb: number) => pad + ((max - lb) / (max - min)) * (H - 2 * pad);
  const points = weights.map((w, i) => `${x(times[i]!).toFixed(1)},${y(w.weightLb).toFixed(1)}`).join(" ");
  const first = weights[0]!;
  const last = weights[weights.length - 1]!;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} className="h-auto w-full max-w-2xl text-primary" data-testid="weight-chart">
      <title id={titleId}>{t("patients:progress.chartTitle", { from: first.weightLb, to: last.weightLb, start: dateOnly(first.measuredOn), end: dateOnly(last.measuredOn) })}</title>
      <line x1={pad} y1={H - pad} x2={W - pad} y2={H - pad} className="stroke-border" strokeWidth={1} />
      <line x1={pad} y1={pad} x2={pad} y2={H - pad} className="stroke-border" strokeWidth={1} />
      {goal !== null ? <line x1={pad} x2={W - pad} y1={y(goal)} y2={y(goal)} className="stroke-success" strokeDasharray="6 4" strokeWidth={1.5} /> : null}
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={2.5} />
      {weights.map((w, i) => (
        <circle key={w.id} cx={x(times[i]!)} cy={y(w.weightLb)} r={4} fill="currentColor" />
      ))}
    </svg>
  );
}

/** The chart (with its summary line) and the history table. `weights` is oldest first and not empty. */
export function WeightProgress({ weights, weightStart, weightGoal }: { weights: WeightEntry[]; weightStart: number | null; weightGoal: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      <RecordSection title={t("patients:progress.chart")}>
        <WeightChart weights={weights} goal={weightGoal} />
        <p className="text-sm text-muted-foreground">
          {t("patients:progress.summary", { start: weightStart ?? weights[0]!.weightLb, current: weights[weights.length - 1]!.weightLb, goal: weightGoal ?? "—" })}
        </p>
      </RecordSection>
      <table className="w-full max-w-xl text-sm" data-testid="weights">
        <caption className="text-left font-semibold">{t("patients:progress.history")}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-1">{t("patients:progress.date")}</th>
            <th scope="col" className="px-2 py-1">{t("patients:progress.weight")}</th>
            <th scope="col" className="px-2 py-1">{t("patients:progress.change")}</th>
            <th scope="col" className="px-2 py-1">{t("patients:progress.source")}</th>
          </tr>
        </thead>
        <tbody>
          {weights.map((w, i) => {
            const change = i === 0 ? null : Math.round((w.weightLb - weights[i - 1]!.weightLb) * 10) / 10;
            return (
              <tr key={w.id} className="border-t">
                <td className="px-2 py-1 tabular-nums">{dateOnly(w.measuredOn)}</td>
                <td className="px-2 py-1 tabular-nums">{t("patients:units.lb", { value: w.weightLb })}</td>
                <td className="px-2 py-1 tabular-nums">{change === null ? "—" : `${change > 0 ? "+" : ""}${change}`}</td>
                <td className="px-2 py-1">{t(`patients:weightSource.${w.source}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
