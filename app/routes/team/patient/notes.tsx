import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientTabs.notes" } satisfies RouteHandle;

export default function TeamPatientTabNotes() {
  return <PageTitle title={handle.title} level={2} />;
}
