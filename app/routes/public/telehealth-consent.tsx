import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.telehealthConsent" } satisfies RouteHandle;

export default function TelehealthConsent() {
  return <PageTitle title={handle.title} />;
}
