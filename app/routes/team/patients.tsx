import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patients" } satisfies RouteHandle;

export default function TeamPatients() {
  return <PageTitle title={handle.title} />;
}
