import { useId } from "react";
import { Link } from "react-router";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { formatDate, formatDuration, remainingTimeColour } from "~/lib/format";
import { useTranslation } from "~/lib/use-translation";
import { useViewerZone } from "~/lib/use-viewer-zone";
import { cn } from "~/lib/utils";
import { intakePath, journeyPath, type JourneyState } from "../../../api/contract/journey-rules.ts";
import type { JourneySummary, ReviewClockAnswer, TimelineStepAnswer } from "../../../api/contract/journeys.ts";

const STATE_COLOURS: Record<JourneyState, BadgeVariant> = { intake: "lightBlue", pending: "warning", approved: "success", declined: "error", cancelled: "neutral" };

/** A journey's displayed state (intake, then the treatment's displayed state of spec §4). */
export function JourneyStateBadge({ state }: { state: JourneyState }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATE_COLOURS[state]} data-testid="journey-state" data-state={state}>
      {t(`journeys:state.${state}`)}
    </Badge>
  );
}

/** The journey's kind (weight loss, sexual wellness, pharmacy purchase, haircare). */
export function useJourneyKind() {
  const { t } = useTranslation();
  return (sectionType: number) => t(`journeys:kind.${sectionType}`);
}

/** The time the review promise has left (48 h; a prior authorization 5 business days), coloured by spec §9. */
export function ReviewClock({ clock, now }: { clock: ReviewClockAnswer; now: number }) {
  const { t } = useTranslation();
  const ms = Date.parse(clock.dueAt) - now;
  const time = formatDuration(Math.abs(ms), { t });
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="review-clock" data-kind={clock.kind}>
      <span>{t(`journeys:clock.${clock.kind}`)}</span>
      <Badge variant={remainingTimeColour(ms)} dot data-tone={remainingTimeColour(ms)}>
        {ms < 0 ? t("journeys:clock.overdue", { time }) : t("journeys:clock.left", { time })}
      </Badge>
    </p>
  );
}

const STEP_MARK: Record<TimelineStepAnswer["status"], string> = {
  done: "border-success bg-success",
  current: "border-primary bg-primary-subtle",
  upcoming: "border-border bg-background",
  skipped: "border-border bg-muted",
};

/**
 * One journey's timeline: an ordered list of the steps, each with its state (in words, not colour alone) and its date
 * or expected date; the current step carries aria-current="step".
 */
export function JourneyTimeline({ steps, label }: { steps: TimelineStepAnswer[]; label: string }) {
  const { t } = useTranslation();
  const { utcOffsetMinutes } = useViewerZone();
  return (
    <ol aria-label={label} className="flex flex-col gap-2" data-testid="timeline">
      {steps.map((s) => (
        <li key={s.key} className="flex items-start gap-3 text-sm" data-step={s.key} data-status={s.status} aria-current={s.status === "current" ? "step" : undefined}>
          <span aria-hidden="true" className={cn("mt-1 inline-block size-3 shrink-0 rounded-full border-2", STEP_MARK[s.status])} />
          <span className="flex flex-col">
            <span className={cn(s.status === "current" && "font-semibold", s.status === "skipped" && "text-muted-foreground line-through")}>
              {t(`journeys:step.${s.key}`)}
            </span>
            <span className="text-muted-foreground">
              {t(`journeys:stepStatus.${s.status}`)}
              {s.date ? ` · ${s.expected ? t("journeys:expectedOn", { date: formatDate(s.date, { utcOffsetMinutes }) }) : formatDate(s.date, { utcOffsetMinutes })}` : ""}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** What happens next, in words (journeys:next.<key>). */
export function NextStep({ journey }: { journey: Pick<JourneySummary, "next"> }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm" data-testid="journey-next">
      <span className="font-medium">{t("journeys:nextLabel")}</span> {t(`journeys:next.${journey.next}`)}
    </p>
  );
}

/** A journey's card: kind, product, state, current step, what's next, the review clock and (optionally) its timeline. */
export function JourneyCard({ journey, now, withTimeline = false }: { journey: JourneySummary; now: number; withTimeline?: boolean }) {
  const { t } = useTranslation();
  const kind = useJourneyKind();
  const id = useId();
  const name = kind(journey.sectionType);
  return (
    <article aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="journey" data-journey-id={journey.id} data-state={journey.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold">
          <Link to={journeyPath(journey.id)}>{journey.productName ? t("journeys:cardTitle", { kind: name, product: journey.productName }) : name}</Link>
        </h3>
        <JourneyStateBadge state={journey.state} />
      </div>
      {journey.currentStep ? (
        <p className="text-sm" data-testid="journey-current">
          <span className="font-medium">{t("journeys:currentLabel")}</span> {t(`journeys:step.${journey.currentStep}`)}
        </p>
      ) : null}
      <NextStep journey={journey} />
      {journey.reviewClock ? <ReviewClock clock={journey.reviewClock} now={now} /> : null}
      {journey.state === "intake" ? (
        <p>
          <Link to={intakePath(journey.id)} className="text-sm font-medium">
            {t("journeys:continueIntake")}
          </Link>
        </p>
      ) : null}
      {withTimeline ? <JourneyTimeline steps={journey.timeline} label={t("journeys:timelineOf", { journey: name })} /> : null}
    </article>
  );
}
