import { useEffect, useRef } from "react";
import { Outlet, useRevalidator } from "react-router";
import type { Route } from "./+types/layout";
import { Logo } from "~/components/logo";
import { BottomBar, MenuButton, MenuToggle, PatientFooter, PatientMenu } from "~/components/patient-nav";
import { SkipLink } from "~/components/skip-link";
import { PATIENT_ACCOUNT_MENU, PATIENT_BOTTOM_BAR, PATIENT_MAIN_MENU, visibleItems } from "~/lib/patient-menu";
import { loadProfileSummary } from "~/lib/profile.server";
import { useRevalidateOnChatEvents } from "~/lib/chat-events";
import { takeToasts } from "~/lib/toast.server";

/**
 * Patient layout (spec §2): desktop sidebar with the logo and the main menu (logout pinned at the bottom);
 * below the large breakpoint a top bar with the menu button (full-screen menu with the account-settings
 * submenu) and a bottom bar; the footer with the legal links and the year. Items follow the profile flags;
 * messages and chats show the unread count (fresh on each page load; with JavaScript also polled every 30 s and
 * re-read on each live chat event, which also refreshes an open chat).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const profile = await loadProfileSummary(context);
  return { profile, toasts: takeToasts(context) };
}

/** Spec §9: patients' unread count is polled every 30 seconds (with JavaScript; fresh on each load without). */
export const UNREAD_POLL_MS = 30_000;

function useUnreadPolling() {
  const revalidator = useRevalidator();
  const ref = useRef(revalidator);
  ref.current = revalidator;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && ref.current.state === "idle") void ref.current.revalidate();
    }, UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, []);
}

export default function PatientLayout({ loaderData }: Route.ComponentProps) {
  useUnreadPolling();
  // A patient's stream carries only their own chats' events: each one refreshes the counters and the page.
  useRevalidateOnChatEvents(() => true);
  const { profile } = loaderData;
  const unread = profile?.unreadChatMessagesCount ?? 0;
  const main = visibleItems(PATIENT_MAIN_MENU, profile);
  return (
    <div className="min-h-dvh">
      <SkipLink />
      {/* The menu is rendered once (PatientMenu: the sidebar on large screens, the full-screen menu below). */}
      <MenuToggle />
      <header className="sticky top-0 z-50 flex h-16 items-center justify-between border-b bg-background px-4 lg:hidden">
        <Logo to="/patient" />
        <MenuButton />
      </header>
      <PatientMenu items={main} unread={unread} accountItems={visibleItems(PATIENT_ACCOUNT_MENU, profile)} />
      <div className="flex min-h-dvh flex-col pb-20 lg:pb-0 lg:pl-64">
        <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-[1320px] flex-1 flex-col gap-6 px-4 py-8 sm:px-8">
          <Outlet />
        </main>
        <PatientFooter />
      </div>
      <BottomBar items={visibleItems(PATIENT_BOTTOM_BAR, profile)} unread={unread} />
    </div>
  );
}
