import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientChat" } satisfies RouteHandle;

export default function PatientChat() {
  return <PageTitle title={handle.title} />;
}
