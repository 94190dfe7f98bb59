import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientPharmacy" } satisfies RouteHandle;

export default function PatientPharmacy() {
  return <PageTitle title={handle.title} />;
}
