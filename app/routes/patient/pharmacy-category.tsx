import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientPharmacyCategory" } satisfies RouteHandle;

export default function PatientPharmacyCategory() {
  return <PageTitle title={handle.title} />;
}
