import type { Route } from "./+types/visits";
import { PageTitle } from "~/components/page-title";
import { usePatientRecord } from "~/components/patient-page";
import { Empty, Pager, RecordSection } from "~/components/patient-record/record-ui";
import { useArea } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { recordsLoader } from "~/lib/patients.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientTabs.visits" } satisfies RouteHandle;

export function loader({ request, params, context }: Route.LoaderArgs) {
  return recordsLoader(request, context, params.patientId, "visit");
}

/** The record form's known fields first, in the form's order (jsonb keeps its keys sorted by length). */
const ORDER = ["chiefComplaint", "history", "assessment", "plan", "notes", "allergies", "noKnownAllergies", "currentMedications", "weightLb", "bloodPressure", "heartRate", "followUpWeeks", "labsOrdered"];
const ordered = (form: Record<string, unknown>) =>
  Object.entries(form).sort(([a], [b]) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99));

/** Visits (spec §3 Visit record): each visit's type, provider, treatment and record form, newest first. */
export default function TeamPatientTabVisits({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  // The allergies by name in the page's language (the API sends both); an id it does not know stays as it is.
  const allergyName = (names: { en: string; es: string } | undefined, id: string) => (names ? (i18n.language.startsWith("es") ? names.es : names.en) : id);
  const { patient, utcOffsetMinutes } = usePatientRecord();
  const { records, page, pageCount } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={handle.title} level={2} />
      {records.length === 0 ? <Empty>{t("patients:visits.none")}</Empty> : null}
      <ol className="flex flex-col gap-3" data-testid="visits">
        {records.map((r) =>
          r.type === "visit" ? (
            <li key={r.id}>
              <RecordSection title={`${t(`patients:visitType.${r.visitType}`)} · ${formatDate(r.createdAt, { utcOffsetMinutes, withTime: true })}`}>
                <p className="text-sm text-muted-foreground">
                  {t("patients:visits.by", { name: r.provider?.fullName ?? t("patients:notProvided") })}
                  {r.sectionType ? ` · ${t(`tasks:journey.${r.sectionType}`)}` : ""}
                </p>
                <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                  {ordered(r.recordForm).map(([k, v]) => (
                    <div key={k} className="contents">
                      <dt className="font-medium">{t(`patients:recordForm.${k}`, { defaultValue: k })}</dt>
                      <dd>
                        {k === "allergies" && Array.isArray(v)
                          ? v.map((id) => allergyName(r.allergyNames[id], id)).join(", ")
                          : Array.isArray(v)
                            ? v.join(", ")
                            : typeof v === "boolean"
                              ? t(v ? "patients:yes" : "patients:no")
                              : String(v ?? "")}
                      </dd>
                    </div>
                  ))}
                </dl>
              </RecordSection>
            </li>
          ) : null,
        )}
      </ol>
      <Pager page={page} pageCount={pageCount} href={(p) => `/${area}/patients/${patient.id}/visits?page=${p}`} />
    </div>
  );
}
