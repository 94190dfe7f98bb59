import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.managePrescription", review: { flow: "intake", step: "managePrescription" } } satisfies RouteHandle;

export default function ProviderManagePrescription() {
  return <PageTitle title={handle.title} />;
}
