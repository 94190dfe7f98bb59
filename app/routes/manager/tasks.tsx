import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.tasks" } satisfies RouteHandle;

export default function ManagerTasks() {
  return <PageTitle title={handle.title} />;
}
