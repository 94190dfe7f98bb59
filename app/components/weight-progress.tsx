import { RecordSection } from "~/components/patient-record/record-ui";
import { Chart } from "~/components/ui/chart";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/use-translation";
import type { WeightEntry } from "../../api/contract/patients.ts";

/*
 * The weight history drawn on the server by the design system's chart (app/components/ui/chart.tsx: an SVG with a
 * <title> and a <desc>, goal dashed) and, beside it, a table with the same numbers (spec §3 Milestone: weight, date);
 * the figures (start / current / goal, BMI) and the milestones. Shared by the staff record's progress tab, the
 * patient's progress page and the journey progress page; texts in the "patients" (progress.*, units, weightSource)
 * and "progress" namespaces — a route that shows them lists both in its handle.
 */

const dateOnly = (iso: string) => formatDate(`${iso}T00:00:00Z`);

/** The weights over time (oldest first, not empty) as the design system's chart, described in words. */
export function WeightChart({ weights, goal }: { weights: WeightEntry[]; goal: number | null }) {
  const { t } = useTranslation();
  const first = weights[0]!;
  const last = weights[weights.length - 1]!;
  const change = Math.round((last.weightLb - first.weightLb) * 10) / 10;
  const description = [
    t(change <= 0 ? "progress:chart.lost" : "progress:chart.gained", { value: Math.abs(change), count: weights.length }),
    goal !== null ? t("progress:chart.toGoal", { goal, left: Math.max(0, Math.round((last.weightLb - goal) * 10) / 10) }) : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <Chart
      data={weights.map((w) => ({ date: `${w.measuredOn}T00:00:00Z`, value: w.weightLb }))}
      title={t("patients:progress.chart")}
      unit="lb"
      goal={goal ?? undefined}
      table="none"
      svgTestId="weight-chart"
      description={description}
      labels={{
        date: t("patients:progress.date"),
        value: t("patients:progress.weight"),
        goal: t("progress:chart.goal"),
        summary: t("patients:progress.chartTitle", { from: first.weightLb, to: last.weightLb, start: dateOnly(first.measuredOn), end: dateOnly(last.measuredOn) }),
      }}
    />
  );
}

/** The chart (with its summary line) and the history table beside it. `weights` is oldest first and not empty. */
export function WeightProgress({ weights, weightStart, weightGoal }: { weights: WeightEntry[]; weightStart: number | null; weightGoal: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <RecordSection title={t("patients:progress.chart")}>
        <WeightChart weights={weights} goal={weightGoal} />
        <p className="text-sm text-muted-foreground">
          {t("patients:progress.summary", { start: weightStart ?? weights[0]!.weightLb, current: weights[weights.length - 1]!.weightLb, goal: weightGoal ?? "—" })}
        </p>
      </RecordSection>
      <div className="self-start rounded-lg border">
        <table className="w-full text-sm" data-testid="weights">
          <caption id="weights-caption" className="px-2 py-2 text-left font-semibold">
            {t("patients:progress.history")}
          </caption>
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
      </div>
    </div>
  );
}

type Figures = {
  weightStart: number | null;
  weightCurrent: number | null;
  weightGoal: number | null;
  bmiStart: number | null;
  bmiCurrent: number | null;
  lostLb: number | null;
};

/** Start / current / goal weight, lost so far and BMI, as a description list. */
export function ProgressFigures({ progress }: { progress: Figures }) {
  const { t } = useTranslation();
  const lb = (v: number | null) => (v === null ? "—" : t("patients:units.lb", { value: v }));
  const items: [string, string, string][] = [
    ["start", t("progress:figures.start"), lb(progress.weightStart)],
    ["current", t("progress:figures.current"), lb(progress.weightCurrent)],
    ["goal", t("progress:figures.goal"), lb(progress.weightGoal)],
    ["lost", t("progress:figures.lost"), lb(progress.lostLb)],
    ["bmiStart", t("progress:figures.bmiStart"), progress.bmiStart === null ? "—" : String(progress.bmiStart)],
    ["bmiCurrent", t("progress:figures.bmiCurrent"), progress.bmiCurrent === null ? "—" : String(progress.bmiCurrent)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="progress-figures">
      {items.map(([key, label, value]) => (
        <div key={key} className="rounded-lg border bg-card p-3" data-figure={key}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type MilestoneItem = { percent: number | null; targetLb: number; reachedOn: string | null; goal: boolean };

/** The milestones (each 5 % of the start weight lost, then the goal), each reached on a date or not yet. */
export function Milestones({ milestones }: { milestones: MilestoneItem[] }) {
  const { t } = useTranslation();
  return (
    <RecordSection title={t("progress:milestones.title")} testId="milestones">
      {milestones.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("progress:milestones.noGoal")}</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm">
          {milestones.map((m) => (
            <li key={m.targetLb} data-reached={m.reachedOn ? "yes" : "no"}>
              <span aria-hidden="true" className={`me-2 inline-block size-2.5 rounded-full border ${m.reachedOn ? "border-success bg-success" : "border-muted-foreground"}`} />
              <span className="font-medium">
                {m.goal ? t("progress:milestones.goal", { weight: m.targetLb }) : t("progress:milestones.percent", { percent: m.percent, weight: m.targetLb })}
              </span>{" "}
              — {m.reachedOn ? t("progress:milestones.reachedOn", { date: dateOnly(m.reachedOn) }) : t("progress:milestones.notYet")}
            </li>
          ))}
        </ol>
      )}
    </RecordSection>
  );
}
