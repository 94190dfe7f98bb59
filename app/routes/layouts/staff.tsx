import { Outlet } from "react-router";
import type { Route } from "./+types/staff";
import { SkipLink } from "~/components/skip-link";
import { StaffHeader, StaffSidebar } from "~/components/staff-nav";
import { getViewer } from "~/lib/auth.server";
import { loadProfileSummary } from "~/lib/profile.server";
import { takeToasts } from "~/lib/toast.server";

/** Staff layout with sidebar and header (spec §2), for staff, manager and provider pages. */
export async function loader({ context }: Route.LoaderArgs) {
  const profile = await loadProfileSummary(context);
  return { role: getViewer(context).role, profile, toasts: takeToasts(context) };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh lg:pl-60">
      <SkipLink />
      <StaffSidebar role={loaderData.role} />
      <div className="flex min-h-dvh flex-col">
        <StaffHeader role={loaderData.role} profile={loaderData.profile} />
        <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-[1320px] flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
