import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.accountPharmacy" } satisfies RouteHandle;

export default function PatientAccountPharmacy() {
  return <PageTitle title={handle.title} />;
}
