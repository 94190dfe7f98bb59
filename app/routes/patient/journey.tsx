import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/journey";
import { JourneyStateBadge, JourneyTimeline, NextStep, ReviewClock, useJourneyKind } from "~/components/journeys/journey-ui";
import { PageTitle } from "~/components/page-title";
import { Facts, RecordSection } from "~/components/patient-record/record-ui";
import { Alert } from "~/components/ui/alert";
import { OrdersTable } from "~/components/orders-table";
import { formatCurrency, formatDate } from "~/lib/format";
import { journeyLoader } from "~/lib/journeys.server";
import { cancelIntakeAction } from "~/lib/intake.server";
import { FormErrors, SubmitButton } from "~/components/form-field";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { useViewerZone } from "~/lib/use-viewer-zone";
import { ServiceSection, patientSubscriptionLabel, type SubscriptionStatus } from "../../../api/contract/enums.ts";
import { intakePath } from "../../../api/contract/journey-rules.ts";

export const handle = { title: "common:pages.patientJourney", i18n: ["journeys", "patients"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return journeyLoader(context, params.id);
}

/** "Cancel this intake" (an intake in progress only). */
export function action({ request, params, context }: Route.ActionArgs) {
  return cancelIntakeAction(request, context, params.id);
}

/** The denial text of a refused journey: its code's text when we know it, else spec §8's 'Intake denied: …'. */
const DENIAL_KEYS: Record<string, string> = { "intake.productUnavailable": "journeys:denial.productUnavailable" };

/** One journey (issue 15): its treatment(s), subscription, orders and timeline; a declined one says why. */
export default function PatientJourney({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const kind = useJourneyKind();
  const { journey, treatments, orders, now } = loaderData;
  const { utcOffsetMinutes } = useViewerZone();
  const when = (iso: string) => formatDate(iso, { utcOffsetMinutes });
  const result = useActionData<{ errors: Record<string, string[]> }>();
  const cancelling = useNavigation().formData?.get("intent") === "cancelIntake";
  const money = (cents: number, currency = "usd") => formatCurrency(cents, { fromCents: true, cents: true, currency, locale: i18n.language });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="flex flex-wrap items-center gap-3 text-lg" data-testid="journey-heading">
          <span className="font-semibold">{kind(journey.sectionType)}</span>
          {journey.productName ? <span>{journey.productName}</span> : null}
          <JourneyStateBadge state={journey.state} />
        </p>
      </div>
      {journey.state === "declined" ? (
        <Alert variant="error" live="none" title={t(DENIAL_KEYS[journey.denialCode ?? ""] ?? "journeys:denial.notEligible")} data-testid="journey-denied" />
      ) : null}
      {journey.state === "intake" ? (
        <div className="flex flex-col gap-3">
          <p>
            <Link to={intakePath(journey.id)}>{t("journeys:continueIntake")}</Link>
          </p>
          <FormErrors errors={result?.errors[""]} />
          {/* The confirmation is a disclosure: it opens by keyboard or touch without any script. */}
          <details className="rounded-md border border-border p-3 text-sm" data-testid="cancel-intake">
            <summary className="cursor-pointer font-medium">{t("journeys:cancelIntake.summary")}</summary>
            <div className="mt-3 flex flex-col gap-3">
              <p>{t("journeys:cancelIntake.explain")}</p>
              <Form method="post">
                <input type="hidden" name="intent" value="cancelIntake" />
                <SubmitButton variant="destructive" pending={cancelling}>
                  {t("journeys:cancelIntake.confirm")}
                </SubmitButton>
              </Form>
            </div>
          </details>
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        {journey.currentStep ? (
          <p className="text-sm">
            <span className="font-medium">{t("journeys:currentLabel")}</span> {t(`journeys:step.${journey.currentStep}`)}
          </p>
        ) : null}
        <NextStep journey={journey} />
        {journey.reviewClock ? <ReviewClock clock={journey.reviewClock} now={now} /> : null}
        {journey.sectionType === ServiceSection.WeightLoss ? (
          <p className="text-sm">
            <Link to={`/patient/journeys/${journey.id}/progress`}>{t("journeys:progressLink")}</Link>
          </p>
        ) : null}
      </div>

      <RecordSection title={t("journeys:timeline")} testId="journey-timeline">
        <JourneyTimeline steps={journey.timeline} label={t("journeys:timelineOf", { journey: kind(journey.sectionType) })} />
      </RecordSection>

      <RecordSection title={t("journeys:treatment.title")} testId="journey-treatments">
        {treatments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("journeys:treatment.none")}</p>
        ) : (
          treatments.map((x) => (
            <div key={x.id} className="flex flex-col gap-3 border-t pt-3 first:border-t-0 first:pt-0" data-testid="journey-treatment" data-state={x.displayedState}>
              <Facts
                items={[
                  [t("journeys:treatment.product"), x.productName],
                  [t("journeys:treatment.state"), t(`journeys:treatmentState.${x.displayedState}`)],
                  [t("journeys:treatment.requested"), when(x.createdAt)],
                  [t("journeys:treatment.reviewed"), x.reviewedAt ? when(x.reviewedAt) : null],
                  [t("journeys:treatment.provider"), x.provider?.fullName ?? null],
                ]}
              />
              {x.subscription ? (
                <div className="flex flex-col gap-2" data-testid="journey-subscription">
                  <h3 className="text-sm font-semibold">{t("journeys:subscription.title")}</h3>
                  <Facts
                    items={[
                      [t("journeys:subscription.status"), t(`journeys:subscription.label.${patientSubscriptionLabel(x.subscription.status as SubscriptionStatus, x.subscription.pendingCancellation)}`)],
                      [t("journeys:subscription.plan"), t("journeys:subscription.months", { count: x.subscription.cycleMonths })],
                      [t("journeys:subscription.nextCharge"), x.subscription.nextChargeAt ? when(x.subscription.nextChargeAt) : null],
                      [t("journeys:subscription.lastShipment"), x.subscription.lastShipmentAt ? when(x.subscription.lastShipmentAt) : null],
                      [t("journeys:subscription.ends"), x.subscription.endsAt ? when(x.subscription.endsAt) : null],
                    ]}
                  />
                  <ul className="flex flex-col gap-1 text-sm">
                    {x.subscription.items.map((item, i) => (
                      <li key={i}>
                        {item.name} · {item.variant}
                        {item.dosage ? ` · ${item.dosage}` : ""}
                        {item.isAddon ? ` (${t("journeys:subscription.addon")})` : ""}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          ))
        )}
      </RecordSection>

      <RecordSection title={t("journeys:orders.title")} testId="journey-orders">
        {orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("journeys:orders.none")}</p>
        ) : (
          <OrdersTable
            orders={orders}
            labels={{
              caption: t("journeys:orders.title"),
              number: t("journeys:orders.number"),
              ordered: t("journeys:orders.ordered"),
              items: t("journeys:orders.items"),
              total: t("journeys:orders.total"),
              status: t("journeys:orders.status"),
              shipped: t("journeys:orders.shipped"),
              tracking: t("journeys:orders.tracking"),
              track: t("journeys:nextPanel.track"),
              newTab: t("journeys:newTab"),
            }}
            statusLabel={(status) => t(`journeys:orderStatus.${status}`)}
            date={when}
            money={money}
          />
        )}
      </RecordSection>
    </div>
  );
}
