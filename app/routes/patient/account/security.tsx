import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.accountSecurity" } satisfies RouteHandle;

export default function PatientAccountSecurity() {
  return <PageTitle title={handle.title} />;
}
