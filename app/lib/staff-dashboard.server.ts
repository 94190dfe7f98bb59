/**
 * The staff and manager dashboards (issue 19; `/staff`, `/manager`; api/contract/staff-dashboard.ts): one upstream
 * call, streamed like the patient's overview (app/lib/streaming.server.ts): with JavaScript the shell is sent first
 * and the panels as the figures arrive; without it the page is whole. The only caller of GET /api/v1/staff/dashboard.
 */
import type { RouterContextProvider } from "react-router";
import type { StaffDashboard } from "../../api/contract/staff-dashboard.ts";
import { getUpstream } from "./upstream.server.ts";
import { wantsStreaming } from "./streaming.server.ts";
import { getViewer } from "./auth.server.ts";

export type { StaffDashboard };
/** null: the figures could not be read (the panels say so; the page still renders). */
export type DashboardData = StaffDashboard | null;

export async function staffDashboardLoader(request: Request, context: Readonly<RouterContextProvider>) {
  const figures: Promise<DashboardData> = getUpstream(context)
    .call("GET /api/v1/staff/dashboard")
    .then((r) => r.data)
    .catch(() => null);
  const role = getViewer(context).role;
  const now = Date.now();
  if (wantsStreaming(request)) return { figures, role, now };
  return { figures: await figures, role, now };
}
