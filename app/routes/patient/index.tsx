import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientOverview" } satisfies RouteHandle;

export default function Patient() {
  return <PageTitle title={handle.title} />;
}
