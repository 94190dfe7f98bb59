import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientTabs.overview" } satisfies RouteHandle;

export default function TeamPatientTabOverview() {
  return <PageTitle title={handle.title} level={2} />;
}
