import type { Route } from "./+types/access-management";
import { AccessTab } from "~/components/patient-access/access-tab";
import { PageTitle } from "~/components/page-title";
import { areaOf } from "~/lib/area";
import { accessAction, accessLoader } from "~/lib/patient-access.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientTabs.accessManagement", i18n: ["access", "tasks"] } satisfies RouteHandle;

/**
 * /staff/patients/{id}/access-management and /manager/… (spec §2, §6): staff with access, dependent staff, grant and
 * revoke, the PHI access log (app/lib/patient-access.server.ts, app/components/patient-access/access-tab.tsx).
 * The patient id was checked (and the patient found visible to the caller) by the route-id middleware.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return accessLoader(request, context, areaOf(new URL(request.url).pathname), Number(params.patientId));
}

export function action({ request, context, params }: Route.ActionArgs) {
  return accessAction(request, context, areaOf(new URL(request.url).pathname), Number(params.patientId));
}

export default function TeamPatientTabAccessManagement({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle title={handle.title} level={2} />
      <AccessTab data={loaderData} actionData={actionData ?? undefined} />
    </>
  );
}
