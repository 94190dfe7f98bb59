import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientProgress" } satisfies RouteHandle;

export default function PatientProgress() {
  return <PageTitle title={handle.title} />;
}
