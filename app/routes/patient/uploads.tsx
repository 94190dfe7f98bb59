import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientUploads" } satisfies RouteHandle;

export default function PatientUploads() {
  return <PageTitle title={handle.title} />;
}
