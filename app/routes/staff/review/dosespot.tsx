import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.dosespot", review: { flow: "intake", step: "managePrescription" } } satisfies RouteHandle;

export default function StaffDosespot() {
  return <PageTitle title={handle.title} />;
}
