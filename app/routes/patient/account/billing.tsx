import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.accountBilling" } satisfies RouteHandle;

export default function PatientAccountBilling() {
  return <PageTitle title={handle.title} />;
}
