import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.renewals" } satisfies RouteHandle;

export default function StaffRenewals() {
  return <PageTitle title={handle.title} />;
}
