import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.recordNote", review: { flow: "note", step: "recordNote" } } satisfies RouteHandle;

export default function StaffRecordNote() {
  return <PageTitle title={handle.title} />;
}
