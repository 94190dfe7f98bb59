import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientTabs.progress" } satisfies RouteHandle;

export default function TeamPatientTabProgress() {
  return <PageTitle title={handle.title} level={2} />;
}
