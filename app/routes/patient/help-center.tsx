import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientHelpCenter" } satisfies RouteHandle;

export default function PatientHelpCenter() {
  return <PageTitle title={handle.title} />;
}
