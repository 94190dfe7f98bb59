import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientJourneys" } satisfies RouteHandle;

export default function PatientJourneys() {
  return <PageTitle title={handle.title} />;
}
