import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.messageRoom" } satisfies RouteHandle;

export default function StaffMessageRoom() {
  return <PageTitle title={handle.title} />;
}
