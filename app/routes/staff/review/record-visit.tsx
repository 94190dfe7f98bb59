import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.recordVisit", review: { flow: "intake", step: "recordVisit" } } satisfies RouteHandle;

export default function StaffRecordVisit() {
  return <PageTitle title={handle.title} />;
}
