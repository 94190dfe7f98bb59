import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.shipments" } satisfies RouteHandle;

export default function TeamShipments() {
  return <PageTitle title={handle.title} />;
}
