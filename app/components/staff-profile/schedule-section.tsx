import { Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { RadioGroup } from "~/components/ui/radio";
import { Badge } from "~/components/ui/badge";
import type { Calendar, ScheduleSettings, TeamFormResult } from "~/lib/team-profile.server";
import { useTranslation } from "~/lib/use-translation";
import { AVAILABILITIES, type Availability } from "../../../api/contract/schedule-rules.ts";
import { FormProblems, resultFor, timeLabel, typed, useFieldError, usDate } from "./form-bits";

const SLOTS = [0, 1] as const;

function shiftMonth(yearMonth: string, by: number): string {
  const [y, m] = yearMonth.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** Availability (spec §2: available / not available / unknown): the same post as the header's switch. */
export function AvailabilityForm({ availability, result, redirectTo, idPrefix = "availability" }: { availability: Availability; result?: TeamFormResult; redirectTo?: string; idPrefix?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = resultFor(result, "availability");
  return (
    <Form method="post" className="flex flex-wrap items-end gap-4 rounded-lg border p-4" data-testid="availability-form" aria-labelledby={`${idPrefix}-title`}>
      <input type="hidden" name="intent" value="availability" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <RadioGroup
        id={idPrefix}
        name="availability"
        legend={<span id={`${idPrefix}-title`}>{t("staffOps:schedule.availability")}</span>}
        orientation="horizontal"
        options={AVAILABILITIES.map((value) => ({ value, label: t(`staffOps:availability.${value}`) }))}
        defaultValue={typed(mine, "availability", availability)}
      />
      <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === "availability"}>{t("staffOps:schedule.saveAvailability")}</SubmitButton>
    </Form>
  );
}

function WeeklyForm({ settings, result, month }: { settings: ScheduleSettings; result: TeamFormResult | undefined; month: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = resultFor(result, "weekly");
  const error = useFieldError(mine);
  const labels: Record<string, { id: string; label: string }> = {};
  for (const day of settings.weekly)
    for (const s of SLOTS) labels[`w${day.weekday}s${s}`] = { id: `w${day.weekday}s${s}`, label: t("staffOps:schedule.rangeLabel", { day: t(`staffOps:weekdays.${day.weekday}`), n: s + 1 }) };
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg border p-4" data-testid="weekly-form" aria-labelledby="weekly-title" noValidate>
      <h3 id="weekly-title" className="text-lg font-semibold">
        {t("staffOps:schedule.weeklyTitle")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("staffOps:schedule.weeklyHint")}</p>
      <input type="hidden" name="intent" value="weekly" />
      <input type="hidden" name="month" value={month} />
      <FormProblems result={mine} labels={labels} />
      <div className="flex flex-col gap-3">
        {settings.weekly.map((day) => (
          <fieldset key={day.weekday} className="grid gap-2 border-b pb-3 sm:grid-cols-[8rem_1fr]" data-testid={`weekly-day-${day.weekday}`}>
            <legend className="float-left pt-2 font-medium sm:w-32">{t(`staffOps:weekdays.${day.weekday}`)}</legend>
            <div className="flex flex-wrap gap-4">
              {SLOTS.map((s) => {
                const range = day.ranges[s];
                const err = error(`w${day.weekday}s${s}`);
                return (
                  <div key={s} className="flex flex-wrap items-start gap-2">
                    <Input
                      id={`w${day.weekday}s${s}`}
                      type="time"
                      name={`w${day.weekday}s${s}`}
                      label={t("staffOps:schedule.from", { day: t(`staffOps:weekdays.${day.weekday}`), n: s + 1 })}
                      defaultValue={typed(mine, `w${day.weekday}s${s}`, range?.start ?? "")}
                      error={err}
                      containerClassName="w-36"
                    />
                    <Input
                      id={`w${day.weekday}e${s}`}
                      type="time"
                      name={`w${day.weekday}e${s}`}
                      label={t("staffOps:schedule.to", { day: t(`staffOps:weekdays.${day.weekday}`), n: s + 1 })}
                      defaultValue={typed(mine, `w${day.weekday}e${s}`, range?.end === "24:00" ? "23:59" : (range?.end ?? ""))}
                      containerClassName="w-36"
                    />
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <div>
        <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === "weekly"}>{t("staffOps:schedule.saveWeekly")}</SubmitButton>
      </div>
    </Form>
  );
}

function CalendarForm({ calendar, result }: { calendar: Calendar; result: TeamFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = resultFor(result, "days");
  const error = useFieldError(mine);
  const chosen = new Set(Array.isArray(mine?.values.dates) ? mine.values.dates : []);
  const [y, m] = calendar.yearMonth.split("-").map(Number) as [number, number];
  const monthName = t(`staffOps:months.${m - 1}`, { year: y });
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg border p-4" data-testid="days-form" aria-labelledby="calendar-title" noValidate>
      <input type="hidden" name="intent" value="days" />
      <input type="hidden" name="month" value={calendar.yearMonth} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="calendar-title" className="text-lg font-semibold" data-testid="calendar-month">
          {monthName}
        </h3>
        <nav aria-label={t("staffOps:schedule.monthNav")} className="flex gap-4 text-sm">
          <Link to={`?month=${shiftMonth(calendar.yearMonth, -1)}#schedule`} className="text-primary underline underline-offset-4 hover:no-underline" data-testid="previous-month">
            {t("staffOps:schedule.previousMonth")}
          </Link>
          <Link to={`?month=${shiftMonth(calendar.yearMonth, 1)}#schedule`} className="text-primary underline underline-offset-4 hover:no-underline" data-testid="next-month">
            {t("staffOps:schedule.nextMonth")}
          </Link>
        </nav>
      </div>
      <p className="text-sm text-muted-foreground">{t("staffOps:schedule.calendarHint")}</p>
      <FormProblems result={mine} labels={{ dates: { id: "calendar-table", label: t("staffOps:schedule.days") }, dayStart: { id: "day-start", label: t("staffOps:schedule.dayStart") } }} />
      <div className="overflow-x-auto">
        <table id="calendar-table" className="w-full min-w-[42rem] table-fixed border-collapse text-sm" data-testid="calendar">
          <caption className="sr-only">{t("staffOps:schedule.calendarCaption", { month: monthName })}</caption>
          <thead>
            <tr>
              {[0, 1, 2, 3, 4, 5, 6].map((d) => (
                <th key={d} scope="col" className="border px-1 py-2 font-medium">
                  <abbr title={t(`staffOps:weekdays.${d}`)} className="no-underline">
                    {t(`staffOps:weekdaysShort.${d}`)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendar.weeks.map((week) => (
              <tr key={week[0]!.date}>
                {week.map((day) => (
                  <td key={day.date} className={`h-24 border p-1 align-top ${day.inMonth ? "" : "bg-muted text-muted-foreground"}`} data-testid="calendar-day" data-date={day.date} data-source={day.source}>
                    <div className="flex items-start justify-between gap-1">
                      <label className="flex items-center gap-1">
                        <input type="checkbox" name="dates" value={day.date} defaultChecked={chosen.has(day.date)} className="size-4 accent-primary" />
                        <span className="font-medium tabular-nums">{Number(day.date.slice(8))}</span>
                        <span className="sr-only">{usDate(day.date)}</span>
                      </label>
                      {day.source === "day" ? (
                        <Badge variant="primary" className="px-1.5">
                          {t("staffOps:schedule.setDay")}
                        </Badge>
                      ) : null}
                    </div>
                    {day.ranges.length === 0 ? (
                      <p className="mt-1 text-xs">{t("staffOps:schedule.off")}</p>
                    ) : (
                      <ul className="mt-1 flex flex-col gap-0.5 text-xs" data-testid="calendar-ranges">
                        {day.ranges.map((r) => (
                          <li key={r.start}>
                            {timeLabel(t, r.start)}–{timeLabel(t, r.end)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium">{t("staffOps:schedule.setSelected")}</legend>
        <RadioGroup
          id="day-mode"
          name="mode"
          legend={t("staffOps:schedule.mode")}
          orientation="horizontal"
          options={[
            { value: "hours", label: t("staffOps:schedule.modeHours") },
            { value: "off", label: t("staffOps:schedule.modeOff") },
            { value: "weekly", label: t("staffOps:schedule.modeWeekly") },
          ]}
          defaultValue={typed(mine, "mode", "hours")}
        />
        <div className="flex flex-wrap gap-4">
          <Input id="day-start" type="time" name="dayStart" label={t("staffOps:schedule.dayStart")} defaultValue={typed(mine, "dayStart", "09:00")} error={error("dayStart")} containerClassName="w-40" />
          <Input id="day-end" type="time" name="dayEnd" label={t("staffOps:schedule.dayEnd")} defaultValue={typed(mine, "dayEnd", "17:00")} containerClassName="w-40" />
        </div>
      </fieldset>
      <div>
        <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === "days"}>{t("staffOps:schedule.saveDays")}</SubmitButton>
      </div>
    </Form>
  );
}

/** #schedule (spec §2 "My availability"): availability, the weekly schedule and the month's calendar, in Pacific time. */
export function ScheduleSection({ availability, settings, calendar, result }: { availability: Availability; settings: ScheduleSettings; calendar: Calendar; result: TeamFormResult | undefined }) {
  const { t } = useTranslation();
  return (
    <section id="schedule" aria-labelledby="schedule-heading" className="flex scroll-mt-24 flex-col gap-4" data-testid="schedule-section">
      <div className="flex flex-col gap-1">
        <h2 id="schedule-heading" className="text-xl font-semibold">
          {t("staffOps:schedule.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("staffOps:schedule.pacific")}</p>
      </div>
      <AvailabilityForm availability={availability} result={result} />
      <WeeklyForm settings={settings} result={result} month={calendar.yearMonth} />
      <CalendarForm calendar={calendar} result={result} />
    </section>
  );
}
