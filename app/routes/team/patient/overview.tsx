import type { Route } from "./+types/overview";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { dateOnly, feetInches, usePatientRecord } from "~/components/patient-page";
import { RecordImage } from "~/components/patient-record/images";
import { Empty, Facts, RecordSection, ReviewBadge } from "~/components/patient-record/record-ui";
import { StatusBadge } from "~/components/tasks/labels";
import { buttonVariants } from "~/components/ui/button";
import { useArea } from "~/lib/area";
import { formatCurrency, formatDate, formatPhone } from "~/lib/format";
import { overviewLoader } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import type { Address } from "../../../../api/contract/users.ts";

export const handle = { title: "common:pages.patientTabs.overview" } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return overviewLoader(context, params.patientId);
}

function AddressLines({ address }: { address: Address | null }) {
  const { t } = useTranslation();
  if (!address) return <>{t("patients:notProvided")}</>;
  return (
    <span className="whitespace-pre-line">
      {[`${address.addressFirstName} ${address.addressLastName}`, address.addressLine1, address.addressLine2, `${address.locality}, ${address.administrativeArea} ${address.postalCode}`]
        .filter(Boolean)
        .join("\n")}
    </span>
  );
}

/** Overview (spec §2 default tab, §3 Patient text catalogue): the facts, images, treatments, plan, latest order and open tasks. */
export default function TeamPatientTabOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useArea();
  const { patient, utcOffsetMinutes } = usePatientRecord();
  const { treatments, latestOrder, openTasks, openTasksMore } = loaderData;
  const lb = (n: number | null) => (n === null ? null : t("patients:units.lb", { value: n }));
  const plan = treatments.find((x) => x.subscription && [0, 1, 2].includes(x.subscription.status))?.subscription ?? treatments.find((x) => x.subscription)?.subscription ?? null;
  const date = (iso: string | null) => (iso ? formatDate(iso, { utcOffsetMinutes }) : null);
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      <RecordSection title={t("patients:overview.details")} testId="patient-details">
        <Facts
          items={[
            [t("patients:facts.dateOfBirth"), patient.dateOfBirth ? dateOnly(patient.dateOfBirth) : null],
            [t("patients:facts.height"), feetInches(patient.heightInches)],
            [t("patients:facts.gender"), patient.gender ? t(`patients:gender.${patient.gender}`) : null],
            [t("patients:facts.bmiStart"), patient.bmiStart === null ? null : String(patient.bmiStart)],
            [t("patients:facts.bmiCurrent"), patient.bmiCurrent === null ? null : String(patient.bmiCurrent)],
            [t("patients:facts.weightStart"), lb(patient.weightStart)],
            [t("patients:facts.weightCurrent"), lb(patient.weightCurrent)],
            [t("patients:facts.weightGoal"), lb(patient.weightGoal)],
            [t("patients:facts.email"), patient.email],
            [t("patients:facts.phone"), patient.phone ? formatPhone(patient.phone) : null],
            [t("patients:facts.treatmentStatus"), patient.treatmentStatus ? <ReviewBadge state={patient.treatmentStatus} /> : null],
            [t("patients:facts.planStatus"), patient.planStatus ? t(`patients:plan.${patient.planStatus}`) : null],
            [t("patients:facts.shippingAddress"), <AddressLines key="s" address={patient.shippingAddress} />],
            [t("patients:facts.billingAddress"), <AddressLines key="b" address={patient.billingAddress} />],
          ]}
        />
      </RecordSection>
      <RecordSection title={t("patients:overview.documents")}>
        <div className="flex flex-wrap gap-4">
          <RecordImage image={patient.insuranceCardFront} label={t("patients:images.insuranceFront")} />
          <RecordImage image={patient.insuranceCardBack} label={t("patients:images.insuranceBack")} />
          <RecordImage image={patient.idPhoto} label={t("patients:images.idPhoto")} />
          <RecordImage image={patient.selfie} label={t("patients:images.selfie")} />
        </div>
      </RecordSection>
      <div className="grid gap-4 lg:grid-cols-2">
        <RecordSection title={t("patients:overview.treatments")} actions={<Link to={`/${area}/patients/${patient.id}/treatments`}>{t("patients:overview.allTreatments")}</Link>}>
          {treatments.length === 0 ? (
            <Empty>{t("patients:treatments.none")}</Empty>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="overview-treatments">
              {treatments.map((x) => (
                <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>
                    {t(`tasks:journey.${x.sectionType}`)} · {x.productName ?? t("patients:notProvided")}
                  </span>
                  <ReviewBadge state={x.displayedState} />
                </li>
              ))}
            </ul>
          )}
        </RecordSection>
        <RecordSection title={t("patients:overview.subscription")}>
          {plan ? (
            <Facts
              columns={2}
              items={[
                [t("patients:subscription.status"), t(`patients:subscriptionStatus.${plan.status}`)],
                [t("patients:subscription.items"), plan.items.map((i) => `${i.name} ${i.dosage}`.trim()).join(", ")],
                [t("patients:subscription.cycle"), t("patients:subscription.months", { count: plan.cycleMonths })],
                [t("patients:subscription.nextCharge"), date(plan.nextChargeAt)],
                [t("patients:subscription.lastShipment"), date(plan.lastShipmentAt)],
              ]}
            />
          ) : (
            <Empty>{t("patients:subscription.none")}</Empty>
          )}
        </RecordSection>
        <RecordSection title={t("patients:overview.latestOrder")} actions={<Link to={`/${area}/patients/${patient.id}/orders`}>{t("patients:overview.allOrders")}</Link>}>
          {latestOrder ? (
            <Facts
              columns={2}
              items={[
                [t("patients:orders.number"), latestOrder.orderNumber],
                [t("patients:orders.status"), t(`patients:orderStatus.${latestOrder.status}`)],
                [t("patients:orders.dateOrdered"), date(latestOrder.dateOrdered)],
                [t("patients:orders.total"), formatCurrency(latestOrder.totalCents, { fromCents: true, cents: true })],
                [
                  t("patients:orders.tracking"),
                  latestOrder.trackingUrl ? (
                    <a href={latestOrder.trackingUrl} rel="noreferrer noopener" target="_blank">
                      {latestOrder.trackingNumber}
                    </a>
                  ) : null,
                ],
              ]}
            />
          ) : (
            <Empty>{t("patients:orders.none")}</Empty>
          )}
        </RecordSection>
        <RecordSection
          title={t("patients:overview.openTasks")}
          actions={
            <Link to={`/${area}/tasks?task=new&patientId=${patient.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("patients:overview.createTask")}
            </Link>
          }
        >
          {openTasks.length === 0 ? (
            <Empty>{t("patients:overview.noOpenTasks")}</Empty>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="overview-tasks">
              {openTasks.map((task) => (
                <li key={task.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <Link to={`/${area}/tasks?task=${task.id}`}>
                    #{task.id} {task.title}
                  </Link>
                  <StatusBadge status={task.statusKey} />
                </li>
              ))}
              {openTasksMore ? <li className="text-sm text-muted-foreground">{t("patients:overview.moreTasks")}</li> : null}
            </ul>
          )}
        </RecordSection>
      </div>
    </div>
  );
}
