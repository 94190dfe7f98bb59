import { Outlet } from "react-router";
import type { Route } from "./+types/staff";
import { SkipLink } from "~/components/skip-link";
import { StaffHeader, StaffSidebar } from "~/components/staff-nav";
import { getViewer } from "~/lib/auth.server";
import { loadProfileSummary } from "~/lib/profile.server";
import { isMyTaskTab, loadMyTasks } from "~/lib/tasks.server";
import { takeToasts } from "~/lib/toast.server";
import type { RouteHandle } from "~/lib/route-handle";

/** Translation namespaces of the pages below (app/lib/route-handle.ts). */
export const handle = { i18n: ["search", "tasks", "staffOps"] } satisfies RouteHandle;

/**
 * Staff layout with sidebar and header (spec §2), for staff, manager and provider pages.
 * The header's tasks dropdown loads its rows itself when opened (with JavaScript); only when the URL asks
 * for it (`?myTasks=<tab>`, the dropdown's no-JavaScript tabs) does this loader read them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = params.get("myTasks");
  const page = Number(params.get("myTasksPage") ?? "1");
  const [profile, myTasks] = await Promise.all([
    loadProfileSummary(context),
    isMyTaskTab(tab) ? loadMyTasks(context, tab, params.get("myTasksCursor")?.slice(0, 300) || null, Number.isInteger(page) && page >= 1 ? page : 1) : null,
  ]);
  return { role: getViewer(context).role, profile, myTasks, toasts: takeToasts(context) };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh lg:pl-60">
      <SkipLink />
      <StaffSidebar role={loaderData.role} />
      <div className="flex min-h-dvh flex-col">
        <StaffHeader role={loaderData.role} profile={loaderData.profile} myTasks={loaderData.myTasks} />
        <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-[1320px] flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
