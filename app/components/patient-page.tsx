import { useTranslation } from "~/lib/use-translation";
import { Link, NavLink, Outlet, useParams } from "react-router";
import { PageTitle } from "~/components/page-title";
import { buttonVariants } from "~/components/ui/button";
import { PATIENT_TABS } from "~/lib/access";
import { useArea } from "~/lib/area";
import type { RouteHandle } from "~/lib/route-handle";
import { cn } from "~/lib/utils";

export const patientPageHandle = { title: "common:pages.patient" } satisfies RouteHandle;

/**
 * The patient page of staff and managers (spec §2): tabs as links (overview is the default) over the
 * tab's own route; each tab's content comes with its feature.
 */
export function PatientPage() {
  const { t } = useTranslation();
  const area = useArea();
  const { patientId } = useParams();
  const base = `/${area}/patients/${patientId}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle title={patientPageHandle.title} />
        {/* Create a task about this patient (spec §2): the tasks page's create modal, patient pre-filled. */}
        <Link to={`/${area}/tasks?task=new&patientId=${encodeURIComponent(patientId ?? "")}`} className={buttonVariants({ variant: "outline" })}>
          {t("tasks:create.forPatient")}
        </Link>
      </div>
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
