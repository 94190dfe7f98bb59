import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.privacyPolicy" } satisfies RouteHandle;

export default function PrivacyPolicy() {
  return <PageTitle title={handle.title} />;
}
