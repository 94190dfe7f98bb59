import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientTabs.visits" } satisfies RouteHandle;

export default function TeamPatientTabVisits() {
  return <PageTitle title={handle.title} level={2} />;
}
