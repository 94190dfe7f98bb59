import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.settings" } satisfies RouteHandle;

export default function ManagerSettings() {
  return <PageTitle title={handle.title} />;
}
