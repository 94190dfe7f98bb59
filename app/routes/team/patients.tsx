import type { Route } from "./+types/patients";
import { PatientsPage, patientsHandle } from "~/components/patient-list/patients-page";
import { areaOf } from "~/lib/area";
import { patientListLoader } from "~/lib/patient-list.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = patientsHandle satisfies RouteHandle;

/** /staff/patients and /manager/patients (spec §2, §4): the patients list (app/components/patient-list/patients-page.tsx). */
export function loader({ request, context }: Route.LoaderArgs) {
  return patientListLoader(request, context, areaOf(new URL(request.url).pathname));
}

export default function TeamPatients({ loaderData }: Route.ComponentProps) {
  return <PatientsPage data={loaderData} />;
}
