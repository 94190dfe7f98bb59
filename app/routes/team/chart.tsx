import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.chartReview", review: { flow: "chart", step: "review" } } satisfies RouteHandle;

export default function TeamChart() {
  return <PageTitle title={handle.title} />;
}
