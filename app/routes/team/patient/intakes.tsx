import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientTabs.intakes" } satisfies RouteHandle;

export default function TeamPatientTabIntakes() {
  return <PageTitle title={handle.title} level={2} />;
}
