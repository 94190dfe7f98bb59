import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.termsAndConditions" } satisfies RouteHandle;

export default function TermsAndConditions() {
  return <PageTitle title={handle.title} />;
}
