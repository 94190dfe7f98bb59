import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.readyForReview" } satisfies RouteHandle;

export default function TeamReadyForReview() {
  return <PageTitle title={handle.title} />;
}
