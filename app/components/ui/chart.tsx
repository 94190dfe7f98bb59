import { useId, type ComponentProps, type ReactNode } from "react";
import { formatDate, type DateInput } from "~/lib/format";
import { cn } from "~/lib/utils";

export interface ChartPoint {
  date: DateInput;
  value: number;
}

export type ChartProps = Omit<ComponentProps<"figure">, "title"> & {
  /** Weight readings; sorted by date here. */
  data: ChartPoint[];
  /** Caption and accessible name, e.g. "Weight progress". */
  title: ReactNode;
  /** Unit after values, e.g. "lb". */
  unit?: string;
  /** Optional target drawn as a dashed line (goal weight). */
  goal?: number;
  /** Profile UTC offset for the dates (minutes east of UTC). */
  utcOffsetMinutes?: number;
  labels?: {
    date?: string;
    value?: string;
    goal?: string;
    noData?: string;
    /** Text alternative of the drawing; default: first and last reading and the count. */
    summary?: string;
  };
  /** Show the data table visibly under the chart (it is always there for screen readers). */
  showTable?: boolean;
  /**
   * "none": no table of this chart's own, because the page shows the same readings in a table beside it (the weight
   * history); the drawing still names and describes itself (its <title> and <desc>).
   */
  table?: "own" | "none";
  /** A longer text alternative of the drawing (the svg's <desc>), e.g. the trend against the goal. */
  description?: string;
  /** data-testid of the svg. */
  svgTestId?: string;
  /** Drawing height in viewBox units (the width is 640 and scales with the container). */
  height?: number;
};

const WIDTH = 640;
const PAD = { top: 16, right: 20, bottom: 36, left: 52 };

/** Round tick values covering [min, max]: steps of 1, 2, 2.5 or 5 × 10^n. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  let lo = min;
  let hi = max;
  if (lo === hi) {
    lo -= 1;
    hi += 1;
  }
  const rough = (hi - lo) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const normalised = rough / magnitude;
  const step = (normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 2.5 ? 2.5 : normalised <= 5 ? 5 : 10) * magnitude;
  const first = Math.floor(lo / step) * step;
  const last = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= last + step / 2; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

/**
 * Weight-progress line chart rendered as SVG on the server (no JavaScript needed). The drawing has a
 * short text alternative (role="img"), and the full data sits in a table that is visually hidden
 * unless `showTable` is set, so screen-reader users get every reading.
 */
export function Chart({
  data,
  title,
  unit = "",
  goal,
  utcOffsetMinutes = 0,
  labels = {},
  showTable = false,
  table = "own",
  description,
  svgTestId,
  height = 260,
  className,
  ...props
}: ChartProps) {
  const id = useId();
  const points = data
    .map((p) => ({ time: new Date(p.date).getTime(), value: p.value }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.value))
    .sort((a, b) => a.time - b.time);

  const dateLabel = labels.date ?? "Date";
  const valueLabel = labels.value ?? "Value";
  const withUnit = (v: number) => (unit ? `${v} ${unit}` : String(v));
  const day = (time: number) => formatDate(time, { utcOffsetMinutes });

  if (points.length === 0) {
    return (
      <figure className={cn("grid gap-2", className)} {...props}>
        <figcaption className="text-sm font-medium text-foreground">{title}</figcaption>
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          {labels.noData ?? "No data yet"}
        </p>
      </figure>
    );
  }

  const values = points.map((p) => p.value).concat(goal !== undefined ? [goal] : []);
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const yMin = ticks[0];
  const yMax = ticks[ticks.length - 1];
  const tMin = points[0].time;
  const tMax = points[points.length - 1].time;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (time: number) => PAD.left + (tMax === tMin ? plotW / 2 : ((time - tMin) / (tMax - tMin)) * plotW);
  const y = (value: number) => PAD.top + (1 - (value - yMin) / (yMax - yMin || 1)) * plotH;

  // At most 6 date labels, evenly spread over the readings, always including the first and last.
  const labelCount = Math.min(points.length, 6);
  const xLabelIndexes = Array.from(new Set(
    Array.from({ length: labelCount }, (_, i) =>
      labelCount === 1 ? 0 : Math.round((i * (points.length - 1)) / (labelCount - 1)),
    ),
  ));

  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.time).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    labels.summary ??
    `${valueLabel}: ${withUnit(first.value)} (${day(first.time)}) → ${withUnit(last.value)} (${day(last.time)}), ${points.length}`;

  return (
    <figure className={cn("grid gap-2", className)} {...props}>
      <figcaption id={`${id}-caption`} className="text-sm font-medium text-foreground">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        className="h-auto w-full overflow-visible"
        data-chart=""
        data-testid={svgTestId}
      >
        <title id={`${id}-title`}>{summary}</title>
        {description ? <desc id={`${id}-desc`}>{description}</desc> : null}
        {/* The labels' background, always the card colour (their contrast: tests/unit/theme-contrast.test.ts). */}
        <rect width={WIDTH} height={height} className="fill-card" />
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeWidth={1} />
            <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-muted-foreground text-[12px]">
              {tick}
            </text>
          </g>
        ))}
        <line
          x1={PAD.left}
          x2={PAD.left}
          y1={PAD.top}
          y2={PAD.top + plotH}
          className="stroke-input"
          strokeWidth={1}
        />
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotH}
          y2={PAD.top + plotH}
          className="stroke-input"
          strokeWidth={1}
        />
        {xLabelIndexes.map((index) => {
          const p = points[index];
          return (
            <text
              key={index}
              x={x(p.time)}
              y={PAD.top + plotH + 22}
              textAnchor={points.length === 1 ? "middle" : index === 0 ? "start" : index === points.length - 1 ? "end" : "middle"}
              className="fill-muted-foreground text-[12px]"
            >
              {day(p.time).slice(0, 5)}
            </text>
          );
        })}
        {goal !== undefined ? (
          <g>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(goal)}
              y2={y(goal)}
              className="stroke-success"
              strokeWidth={1.5}
              strokeDasharray="6 4"
            />
            <text x={WIDTH - PAD.right} y={y(goal) - 6} textAnchor="end" className="fill-success text-[12px] font-medium">
              {labels.goal ?? "Goal"} {withUnit(goal)}
            </text>
          </g>
        ) : null}
        <path d={path} fill="none" className="stroke-primary" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
        {points.map((p, i) => (
          <circle key={i} cx={x(p.time)} cy={y(p.value)} r={4} className="fill-card stroke-primary" strokeWidth={2} />
        ))}
      </svg>
      {table === "none" ? null : <table className={cn(showTable ? "w-full text-left text-sm" : "sr-only")} aria-labelledby={`${id}-caption`}>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 pr-4 font-medium">
              {dateLabel}
            </th>
            <th scope="col" className="py-2 font-medium">
              {valueLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={i} className="border-b last:border-0">
              <td className="py-1.5 pr-4">{day(p.time)}</td>
              <td className="py-1.5">{withUnit(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>}
    </figure>
  );
}
