import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.accountPaymentDetails" } satisfies RouteHandle;

export default function PatientAccountPaymentDetails() {
  return <PageTitle title={handle.title} />;
}
