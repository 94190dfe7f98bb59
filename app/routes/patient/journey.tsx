import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientJourney" } satisfies RouteHandle;

export default function PatientJourney() {
  return <PageTitle title={handle.title} />;
}
