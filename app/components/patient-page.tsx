import { useTranslation } from "~/lib/use-translation";
import { Link, NavLink, Outlet, useParams, useRouteLoaderData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { PATIENT_TABS } from "~/lib/access";
import { useArea, type Area } from "~/lib/area";
import { formatDate, formatPhone } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import { cn } from "~/lib/utils";
import type { PatientOverview } from "../../api/contract/patients.ts";
import { PatientStatusBadge } from "./patient-record/record-ui";

export const patientPageHandle = { title: "common:pages.patient", i18n: ["patients", "tasks"] } satisfies RouteHandle;

export type PatientLayoutData = { patient: PatientOverview; utcOffsetMinutes: number };

/** The record layout's data (the patient's overview), for the tabs below it. */
export function usePatientRecord(): PatientLayoutData {
  const area = useArea();
  return useRouteLoaderData(`${area}/patients/:patientId`) as PatientLayoutData;
}

export const dateOnly = (iso: string) => formatDate(`${iso}T00:00:00Z`);
export const feetInches = (inches: number | null) => (inches === null ? null : `${Math.floor(inches / 12)}′ ${Math.round(inches % 12)}″`);

/**
 * The patient record of staff and managers (spec §2): the patient's name, status badge and key facts, then the
 * tabs of §2 in their order as links (aria-current on the open one; they work without JavaScript) over the tab's
 * own route.
 */
export function PatientPage({ data }: { data: PatientLayoutData }) {
  const { t } = useTranslation();
  const area: Area = useArea();
  const { patientId } = useParams();
  const { patient } = data;
  const base = `/${area}/patients/${patientId}`;
  const lb = (n: number | null) => (n === null ? null : t("patients:units.lb", { value: n }));
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight" data-testid="patient-name">
              {patient.fullName}
            </h1>
            <PatientStatusBadge statusKey={patient.statusKey} />
          </div>
          {/* Create a task about this patient (spec §2): the tasks page's create modal, patient pre-filled. */}
          <Link to={`/${area}/tasks?task=new&patientId=${encodeURIComponent(patientId ?? "")}`} className={buttonVariants({ variant: "outline" })}>
            {t("tasks:create.forPatient")}
          </Link>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={t("patients:keyFacts")}>
          {(
            [
              [t("patients:facts.id"), String(patient.id)],
              [t("patients:facts.dateOfBirth"), patient.dateOfBirth ? `${dateOnly(patient.dateOfBirth)} (${t("patients:facts.age", { age: patient.age })})` : null],
              [t("patients:facts.gender"), patient.gender ? t(`patients:gender.${patient.gender}`) : null],
              [t("patients:facts.weightCurrent"), lb(patient.weightCurrent)],
              [t("patients:facts.bmiCurrent"), patient.bmiCurrent === null ? null : String(patient.bmiCurrent)],
              [t("patients:facts.phone"), patient.phone ? formatPhone(patient.phone) : null],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex gap-1.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value ?? t("patients:notProvided")}</dd>
            </div>
          ))}
        </dl>
      </header>
      {/* The tabs wrap instead of scrolling sideways: all ten stay visible at any width and in either language
          (WCAG 1.4.10), and none is hidden behind the edge of a scroll box. */}
      <nav aria-label={t("common:patientTabs.label")} className="-mx-1 border-b">
        <ul className="flex flex-wrap gap-x-1 px-1">
          {PATIENT_TABS.map((tab) => (
            <li key={tab}>
              <NavLink
                to={tab === "overview" ? base : `${base}/${tab}`}
                end
                className={({ isActive }) =>
                  cn(
                    "inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
                    isActive ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
                  )
                }
              >
                {t(`common:pages.patientTabs.${tab === "access-management" ? "accessManagement" : tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
