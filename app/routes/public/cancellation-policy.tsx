import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.cancellationPolicy" } satisfies RouteHandle;

export default function CancellationPolicy() {
  return <PageTitle title={handle.title} />;
}
