import { Link } from "react-router";
import type { Route } from "./+types/prescription-print";
import { PageTitle } from "~/components/page-title";
import { SignatureMark } from "~/components/signature-mark";
import { Button } from "~/components/ui/button";
import { printableLoader } from "~/lib/clinical-review.server";
import { stepPaths } from "~/lib/clinical-steps";
import { formatDate } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/lib/use-translation";
import { icd10Label } from "../../../api/contract/clinical-review-rules.ts";

export const handle = { title: "common:pages.printablePrescription", i18n: ["clinical", "patients", "staffOps"] } satisfies RouteHandle;

export function loader({ params, context }: Route.LoaderArgs) {
  return printableLoader(context, params.patientId, params.treatmentId, params.prescriptionId);
}

/**
 * The printable prescription of the local e-prescribing adapter: one page, no navigation, that prints as it is
 * (the links and the Print button are hidden in print). Print is a button with JavaScript; without it the page says
 * to use the browser's Print command.
 */
export default function PrescriptionPrint({ loaderData, params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const { prescription: p, patient, prescriberLicense, prescriberSignature } = loaderData;
  const rows: [string, string][] = [
    [t("clinical:printable.patient"), patient.fullName],
    [t("clinical:printable.dateOfBirth"), patient.dateOfBirth ? formatDate(`${patient.dateOfBirth}T00:00:00Z`) : t("patients:notProvided")],
    [t("clinical:printable.address"), patient.address ?? t("patients:notProvided")],
    [t("clinical:printable.medication"), p.medication],
    [t("clinical:printable.diagnosis"), `${p.diagnosisCode} — ${icd10Label(p.diagnosisCode, i18n.language)}`],
    [t("clinical:printable.instructions"), p.instructions],
    [t("clinical:printable.unitsDose"), p.unitsDose],
    ...(p.dosageCycle?.length ? [[t("clinical:printable.dosageCycle"), p.dosageCycle.join(" → ")] as [string, string]] : []),
    [t("clinical:printable.prescriber"), p.prescriber?.fullName ?? t("patients:notProvided")],
    [t("clinical:printable.license"), prescriberLicense ? `${prescriberLicense.type} ${prescriberLicense.state} ${prescriberLicense.number}` : t("patients:notProvided")],
    [t("clinical:printable.written"), formatDate(p.createdAt, { withTime: true })],
  ];
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-3xl flex-col gap-6 px-6 py-8 print:max-w-none print:p-0" data-testid="printable-prescription">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={stepPaths(params.patientId, params.treatmentId).managePrescription} className="font-medium text-primary underline">
          {t("clinical:printable.back")}
        </Link>
        {hydrated ? (
          <Button type="button" onClick={() => window.print()}>
            {t("clinical:printable.print")}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t("clinical:printable.printHint")}</p>
        )}
      </div>
      <PageTitle title={t("clinical:printable.title")} />
      {p.current ? null : <p className="rounded-md border border-warning px-3 py-2 text-sm">{t("clinical:printable.superseded")}</p>}
      <dl className="grid gap-x-6 gap-y-3 border-t pt-4 sm:grid-cols-[12rem_1fr] print:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-2 border-t pt-4" data-testid="prescription-signature">
        <p className="font-medium">{t("staffOps:signature.label")}</p>
        {prescriberSignature ? (
          <SignatureMark signature={prescriberSignature} alt={t("staffOps:signature.imageAlt", { name: prescriberSignature.typedName })} />
        ) : (
          <p className="text-muted-foreground">{t("patients:notProvided")}</p>
        )}
      </div>
    </main>
  );
}
