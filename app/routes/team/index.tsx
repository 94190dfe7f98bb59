import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.dashboard" } satisfies RouteHandle;

export default function TeamDashboard() {
  return <PageTitle title={handle.title} />;
}
