import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientJourneyProgress" } satisfies RouteHandle;

export default function PatientJourneyProgress() {
  return <PageTitle title={handle.title} />;
}
