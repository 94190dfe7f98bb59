import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.profile" } satisfies RouteHandle;

export default function ManagerProfile() {
  return <PageTitle title={handle.title} />;
}
