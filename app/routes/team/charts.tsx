import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.charts" } satisfies RouteHandle;

export default function TeamCharts() {
  return <PageTitle title={handle.title} />;
}
