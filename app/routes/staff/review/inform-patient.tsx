import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.informPatient", review: { flow: "intake", step: "informPatient" } } satisfies RouteHandle;

export default function StaffInformPatient() {
  return <PageTitle title={handle.title} />;
}
