import type { Route } from "./+types/past-due-patients";
import { PastDuePage, pastDueHandle } from "~/components/patient-list/past-due-page";
import { areaOf } from "~/lib/area";
import { pastDueLoader } from "~/lib/patient-list.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = pastDueHandle satisfies RouteHandle;

/** /staff/past-due-patients and /manager/past-due-patients (spec §2): app/components/patient-list/past-due-page.tsx. */
export function loader({ request, context }: Route.LoaderArgs) {
  return pastDueLoader(request, context, areaOf(new URL(request.url).pathname));
}

export default function TeamPastDuePatients({ loaderData }: Route.ComponentProps) {
  return <PastDuePage data={loaderData} />;
}
