import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.patientChatCategories" } satisfies RouteHandle;

export default function PatientChatCategories() {
  return <PageTitle title={handle.title} />;
}
