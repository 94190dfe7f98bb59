import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.intakeReview", review: { flow: "intake", step: "review" } } satisfies RouteHandle;

export default function TeamIntakeReview() {
  return <PageTitle title={handle.title} />;
}
