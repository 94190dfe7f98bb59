import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.searchResults" } satisfies RouteHandle;

export default function TeamSearch() {
  return <PageTitle title={handle.title} />;
}
