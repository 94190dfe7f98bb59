import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.uploads" } satisfies RouteHandle;

export default function TeamUploads() {
  return <PageTitle title={handle.title} />;
}
