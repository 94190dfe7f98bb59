import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.payouts" } satisfies RouteHandle;

export default function ProviderPayouts() {
  return <PageTitle title={handle.title} />;
}
