import type { Route } from "./+types/workload";
import { WorkloadPage, workloadHandle } from "~/components/patient-list/workload-page";
import { areaOf } from "~/lib/area";
import { workloadAction, workloadLoader } from "~/lib/patient-list.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = workloadHandle satisfies RouteHandle;

/** /staff/workload and /manager/workload (spec §2, §6): app/components/patient-list/workload-page.tsx. */
export function loader({ request, context }: Route.LoaderArgs) {
  return workloadLoader(request, context, areaOf(new URL(request.url).pathname));
}

export function action({ request, context }: Route.ActionArgs) {
  return workloadAction(request, context, areaOf(new URL(request.url).pathname));
}

export default function TeamWorkload({ loaderData, actionData }: Route.ComponentProps) {
  return <WorkloadPage data={loaderData} actionData={actionData ?? undefined} />;
}
