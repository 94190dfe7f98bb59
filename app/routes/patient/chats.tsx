import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientChats" } satisfies RouteHandle;

export default function PatientChats() {
  return <PageTitle title={handle.title} />;
}
