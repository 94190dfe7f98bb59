import { Outlet } from "react-router";
import type { Route } from "./+types/staff-no-header";
import { SkipLink } from "~/components/skip-link";
import { StaffSidebar } from "~/components/staff-nav";
import { getViewer } from "~/lib/auth.server";
import type { RouteHandle } from "~/lib/route-handle";

/** Translation namespaces of the pages below (app/lib/route-handle.ts). */
export const handle = { i18n: ["tasks"] } satisfies RouteHandle;

/** Staff layout without header (spec §2): the message room, opened in its own tab from the header. */
export function loader({ context }: Route.LoaderArgs) {
  return { role: getViewer(context).role };
}

export default function StaffNoHeaderLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh lg:pl-60">
      <SkipLink />
      <StaffSidebar role={loaderData.role} />
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-[1320px] flex-col gap-6 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
