import type { Route } from "./+types/treatments";
import { Form } from "react-router";
import { PageTitle } from "~/components/page-title";
import { usePatientRecord } from "~/components/patient-page";
import { Empty, Facts, RecordSection, ReviewBadge } from "~/components/patient-record/record-ui";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { areaOf } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { treatmentsAction, treatmentsLoader, type RecordActionResult, type TreatmentDetail } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientTabs.treatments" } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return treatmentsLoader(context, params.patientId);
}

/** Assign a provider (PUT …/assign-provider) or change the review status (PUT …/update-status): one form each per treatment. */
export function action({ request, params, context }: Route.ActionArgs) {
  return treatmentsAction(request, context, areaOf(new URL(request.url).pathname), params.patientId);
}

function errorsOf(result: RecordActionResult | undefined, intent: string, id: number) {
  if (!result || result.intent !== intent || result.treatmentId !== id) return [];
  const reply = result.reply;
  return [...(reply.error?.[""] ?? []), ...Object.values(reply.error ?? {}).flatMap((e) => e ?? [])].filter((v, i, all) => all.indexOf(v) === i);
}

function TreatmentCard({ x, editable, providers, result }: { x: TreatmentDetail; editable: boolean; providers: { id: number; fullName: string }[]; result: RecordActionResult | undefined }) {
  const { t } = useTranslation();
  const { utcOffsetMinutes } = usePatientRecord();
  const assignErrors = errorsOf(result, "assign", x.id);
  const statusErrors = errorsOf(result, "treatmentStatus", x.id);
  const sub = x.subscription;
  return (
    <RecordSection title={`${t(`tasks:journey.${x.sectionType}`)} · ${x.productName ?? t("patients:notProvided")}`} testId={`treatment-${x.id}`} actions={<ReviewBadge state={x.displayedState} />}>
      <Facts
        items={[
          [t("patients:treatments.id"), `#${x.id}`],
          [t("patients:treatments.reviewStatus"), t(`patients:review.${x.reviewStatus}`)],
          [t("patients:treatments.kind"), t(`patients:reviewKind.${x.reviewKind}`)],
          [t("patients:treatments.provider"), x.provider?.fullName ?? t("patients:treatments.unassigned")],
          [t("patients:treatments.submitted"), formatDate(x.createdAt, { utcOffsetMinutes })],
          [t("patients:subscription.status"), sub ? t(`patients:subscriptionStatus.${sub.status}`) : null],
          [t("patients:subscription.items"), sub ? sub.items.map((i) => `${i.name} ${i.dosage}`.trim() + (i.isAddon ? ` (${t("patients:subscription.addon")})` : "")).join(", ") : null],
        ]}
      />
      {editable ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Form method="post" className="flex flex-col gap-2" data-testid={`assign-${x.id}`}>
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="treatmentId" value={x.id} />
            <Select
              id={`provider-${x.id}`}
              name="providerId"
              label={t("patients:treatments.assignLabel")}
              enhance={false}
              defaultValue={x.providerId === null ? "" : String(x.providerId)}
              options={[{ value: "", label: t("patients:treatments.unassigned") }, ...providers.map((p) => ({ value: String(p.id), label: p.fullName }))]}
              error={assignErrors.length ? assignErrors.map((e) => translateMessage(t, e)).join(" ") : undefined}
            />
            <Button type="submit" variant="outline" className="w-fit">
              {t("patients:treatments.assign")}
            </Button>
          </Form>
          {x.nextStatuses.length > 0 ? (
            <Form method="post" className="flex flex-col gap-2" data-testid={`status-${x.id}`}>
              <input type="hidden" name="intent" value="treatmentStatus" />
              <input type="hidden" name="treatmentId" value={x.id} />
              <Select
                id={`review-${x.id}`}
                name="reviewStatus"
                label={t("patients:treatments.statusLabel")}
                enhance={false}
                defaultValue={x.nextStatuses[0]}
                options={x.nextStatuses.map((s) => ({ value: s, label: t(`patients:review.${s}`) }))}
                error={statusErrors.length ? statusErrors.map((e) => translateMessage(t, e)).join(" ") : undefined}
              />
              <Button type="submit" variant="outline" className="w-fit">
                {t("patients:treatments.updateStatus")}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </RecordSection>
  );
}

/** Treatments (spec §3 Treatment, §4 displayed state and actions): assign provider and update status. */
export default function TeamPatientTabTreatments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { treatments, editable, providers } = loaderData;
  const result = actionData as RecordActionResult | undefined;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      {treatments.length === 0 ? <Empty>{t("patients:treatments.none")}</Empty> : null}
      {treatments.map((x) => (
        <TreatmentCard key={`${x.id}-${x.reviewStatus}-${x.providerId ?? ""}`} x={x} editable={editable} providers={providers} result={result} />
      ))}
    </div>
  );
}
