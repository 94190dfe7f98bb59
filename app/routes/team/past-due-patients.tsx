import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.pastDuePatients" } satisfies RouteHandle;

export default function TeamPastDuePatients() {
  return <PageTitle title={handle.title} />;
}
