import { PageTitle } from "~/components/page-title";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.settingsUser" } satisfies RouteHandle;

export default function ManagerSettingsUser() {
  return <PageTitle title={handle.title} />;
}
