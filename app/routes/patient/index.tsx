import { Suspense, useId, type ReactNode } from "react";
import { Await, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/index";
import { JourneyCard } from "~/components/journeys/journey-ui";
import { PageTitle } from "~/components/page-title";
import { formatCurrency, formatDate } from "~/lib/format";
import { overviewLoader, type JourneySummary, type OverviewActions, type OverviewNext, type PanelData } from "~/lib/journeys.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { useViewerZone } from "~/lib/use-viewer-zone";
import { intakePaths } from "../../../api/contract/intake-rules.ts";
import { CHATS_PATH, PAYMENT_DETAILS_PATH, START_JOURNEY_PATH, checkInPath, journeyPath } from "../../../api/contract/journey-rules.ts";

export const handle = { title: "common:pages.patientOverview", i18n: ["journeys"] } satisfies RouteHandle;

/**
 * The patient's overview (issue 15): a dashboard streamed panel by panel (ARCHITECTURE §3: the shell first with
 * JavaScript; without it the complete page in one response, app/entry.server.tsx): the actions waiting on the patient
 * (missing information, card decline, check-ins due), unread messages, the next charge and shipment, and the journeys
 * with their current step, what happens next, the review clock and one timeline each.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return overviewLoader(request, context);
}

/**
 * The patient layout revalidates every 30 s for the unread count (spec §9): that poll (same address, no form) does not
 * re-run the overview's four calls; a navigation, a form post or a reload does.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

/**
 * A titled panel whose body streams in: a placeholder until its data resolves (with JavaScript; without, the loader
 * hands resolved data and nothing suspends), an error line if its call failed (null).
 */
function Panel<T>({ title, testId, data, children }: { title: string; testId: string; data: Promise<PanelData<T>> | PanelData<T>; children: (value: T) => ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const body = (value: PanelData<T>) =>
    value === null ? (
      <p className="text-sm text-error" role="alert" data-testid="panel-error">
        {t("journeys:overview.panelError")}
      </p>
    ) : (
      <div data-testid={`${testId}-ready`}>{children(value)}</div>
    );
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid={testId}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {/* Resolved data (no JavaScript) renders as it is: React writes any Suspense boundary of a server render as its
          fallback plus a swapping script, even a boundary that never waited. */}
      {data instanceof Promise ? (
        <Suspense
          fallback={
            <p className="text-sm text-muted-foreground" data-testid="panel-loading">
              {t("journeys:overview.loading")}
            </p>
          }
        >
          <Await resolve={data}>{(value: PanelData<T>) => body(value)}</Await>
        </Suspense>
      ) : (
        body(data)
      )}
    </section>
  );
}

function Actions({ actions }: { actions: OverviewActions }) {
  const { t } = useTranslation();
  const { utcOffsetMinutes } = useViewerZone();
  const items = actions.actions;
  return (
    <div className="flex flex-col gap-3">
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("journeys:actions.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="actions-list">
          {items.map((a, i) => (
            <li key={i} className="text-sm" data-kind={a.kind}>
              {a.kind === "missingInformation" ? (
                <>
                  {t(`journeys:actions.missing.${a.reason}`)}{" "}
                  <Link to={a.reason === "reviewChanges" ? CHATS_PATH : a.reason === "identification" ? "/patient/uploads" : "/patient/account/profile"}>
                    {t(`journeys:actions.missingLink.${a.reason}`)}
                  </Link>
                </>
              ) : a.kind === "cardDecline" ? (
                <>
                  {t(`journeys:actions.card.${a.reason}`)} <Link to={PAYMENT_DETAILS_PATH}>{t("journeys:actions.updateCard")}</Link>
                </>
              ) : (
                <>
                  {a.dueAt ? t("journeys:actions.checkInDueOn", { date: formatDate(a.dueAt, { utcOffsetMinutes }) }) : t("journeys:actions.checkInDue")}{" "}
                  <Link to={checkInPath(a.checkInId)}>{t("journeys:actions.answerCheckIn")}</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm" data-testid="unread-messages">
        <Link to={CHATS_PATH}>{t("journeys:actions.unread", { count: actions.unreadMessages })}</Link>
      </p>
      {actions.checkIns.length > 0 ? (
        <div className="flex flex-col gap-1" data-testid="due-check-ins">
          <h3 className="text-sm font-semibold">{t("journeys:actions.checkInsTitle")}</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {actions.checkIns.map((c) => (
              <li key={c.id}>
                <Link to={checkInPath(c.id)}>
                  {t("journeys:actions.checkInItem", { kind: c.sectionType ? t(`journeys:kind.${c.sectionType}`) : t("journeys:actions.checkIn"), date: formatDate(c.requestedAt, { utcOffsetMinutes }) })}
                </Link>
                {c.overdue ? <span className="text-error"> {t("journeys:actions.overdue")}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {actions.identification ? <Identification pictures={actions.identification} /> : null}
    </div>
  );
}

/** The identification pictures of the latest intake (issue 15): what the provider sees on the review. */
function Identification({ pictures }: { pictures: NonNullable<OverviewActions["identification"]> }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2" data-testid="identification">
      <h3 className="text-sm font-semibold">{t("journeys:identification.title")}</h3>
      <ul className="flex flex-wrap gap-3">
        {(["idPhoto", "selfie"] as const).map((key) => {
          const id = pictures[key];
          return (
            <li key={key} className="flex w-32 flex-col gap-1 text-xs">
              {id ? (
                <img src={intakePaths.image(pictures.journeyId, id)} alt={t(`journeys:identification.${key}`)} className="h-24 w-32 rounded-md border object-cover" loading="lazy" />
              ) : null}
              <span>{id ? t(`journeys:identification.${key}`) : t(`journeys:identification.${key}Missing`)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Next({ next }: { next: OverviewNext }) {
  const { t, i18n } = useTranslation();
  const { utcOffsetMinutes } = useViewerZone();
  const { nextCharge, nextShipment } = next;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col" data-testid="next-charge">
        <dt className="text-xs font-medium text-muted-foreground">{t("journeys:nextPanel.charge")}</dt>
        <dd className="text-sm">
          {nextCharge
            ? t("journeys:nextPanel.chargeOn", {
                amount: formatCurrency(nextCharge.amountCents, { fromCents: true, cents: true, currency: nextCharge.currency, locale: i18n.language }),
                date: formatDate(nextCharge.at, { utcOffsetMinutes }),
              })
            : t("journeys:nextPanel.noCharge")}
          {nextCharge?.journeyId ? (
            <>
              {" "}
              <Link to={journeyPath(nextCharge.journeyId)}>{nextCharge.productName ?? t("journeys:nextPanel.journey")}</Link>
            </>
          ) : null}
        </dd>
      </div>
      <div className="flex flex-col" data-testid="next-shipment">
        <dt className="text-xs font-medium text-muted-foreground">{t("journeys:nextPanel.shipment")}</dt>
        <dd className="text-sm">
          {nextShipment
            ? t(`journeys:nextPanel.shipment_${nextShipment.kind}`, { date: nextShipment.at ? formatDate(nextShipment.at, { utcOffsetMinutes }) : "—", order: nextShipment.orderNumber ?? "" })
            : t("journeys:nextPanel.noShipment")}
          {nextShipment?.trackingUrl ? (
            <>
              {" "}
              <a href={nextShipment.trackingUrl} rel="noreferrer noopener" target="_blank">
                {t("journeys:nextPanel.track")}
                <span className="sr-only"> {t("journeys:newTab")}</span>
              </a>
            </>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

function Journeys({ journeys, now }: { journeys: JourneySummary[]; now: number }) {
  const { t } = useTranslation();
  if (journeys.length === 0) {
    return (
      <p className="text-sm">
        {t("journeys:list.none")} <Link to={START_JOURNEY_PATH}>{t("journeys:list.start")}</Link>
      </p>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {journeys.map((j) => (
        <JourneyCard key={j.id} journey={j} now={now} withTimeline />
      ))}
    </div>
  );
}

export default function Patient({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { journeys, actions, next, now } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={handle.title} />
      <Panel title={t("journeys:overview.actions")} testId="panel-actions" data={actions}>
        {(value) => <Actions actions={value} />}
      </Panel>
      <Panel title={t("journeys:overview.next")} testId="panel-next" data={next}>
        {(value) => <Next next={value} />}
      </Panel>
      <Panel title={t("journeys:overview.journeys")} testId="panel-journeys" data={journeys}>
        {(value) => <Journeys journeys={value} now={now} />}
      </Panel>
    </div>
  );
}
