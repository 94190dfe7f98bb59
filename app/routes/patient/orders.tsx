import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientOrders" } satisfies RouteHandle;

export default function PatientOrders() {
  return <PageTitle title={handle.title} />;
}
