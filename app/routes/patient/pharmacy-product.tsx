import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientPharmacyProduct" } satisfies RouteHandle;

export default function PatientPharmacyProduct() {
  return <PageTitle title={handle.title} />;
}
