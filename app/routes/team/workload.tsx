import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.workload" } satisfies RouteHandle;

export default function TeamWorkload() {
  return <PageTitle title={handle.title} />;
}
