import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.charts" } satisfies RouteHandle;

export default function ManagerCharts() {
  return <PageTitle title={handle.title} />;
}
