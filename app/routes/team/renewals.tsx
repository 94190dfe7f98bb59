import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.renewals" } satisfies RouteHandle;

export default function TeamRenewals() {
  return <PageTitle title={handle.title} />;
}
