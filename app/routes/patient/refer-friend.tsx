import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientReferFriend" } satisfies RouteHandle;

export default function PatientReferFriend() {
  return <PageTitle title={handle.title} />;
}
