import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientSubscriptions" } satisfies RouteHandle;

export default function PatientSubscriptions() {
  return <PageTitle title={handle.title} />;
}
