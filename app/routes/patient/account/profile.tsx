import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.accountProfile" } satisfies RouteHandle;

export default function PatientAccountProfile() {
  return <PageTitle title={handle.title} />;
}
