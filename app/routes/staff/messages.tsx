import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.messages" } satisfies RouteHandle;

export default function StaffMessages() {
  return <PageTitle title={handle.title} />;
}
