import { useTranslation } from "~/lib/use-translation";
import { Link, NavLink } from "react-router";
import { staffHeaderLinks, staffSidebarFor, type Role, type StaffNavKey } from "~/lib/access";
import type { ProfileSummary } from "~/lib/profile";
import type { MyTasksPage } from "~/lib/tasks.server";
import { cn } from "~/lib/utils";
import { GlobalSearchBox } from "./global-search-box";
import { Icon, type IconName } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { HeaderTasks } from "./tasks/header-tasks";
import { HeaderChats } from "./chat/header-chats";
import { useCloseOnNavigation } from "./patient-nav";
import { AvailabilitySwitch } from "./staff-profile/availability-switch";

const ICONS: Record<StaffNavKey, IconName> = {
  dashboard: "dashboard",
  readyForReview: "review",
  patients: "patients",
  messages: "messages",
  tasks: "tasks",
  payouts: "payouts",
  charts: "charts",
  renewals: "renewals",
  shipments: "shipments",
  uploads: "uploads",
  pastDuePatients: "alert",
  workload: "workload",
  settings: "settings",
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
    isActive ? "bg-primary-subtle text-primary" : "text-foreground hover:bg-secondary-hover",
  );

/** Staff sidebar built from the role (spec §2): each entry only if the role has the page; settings at the bottom. */
export function StaffSidebar({ role }: { role: Role }) {
  const { t } = useTranslation();
  const entries = staffSidebarFor(role);
  const home = entries.find((entry) => entry.key === "dashboard")?.to ?? "/";
  const render = (list: typeof entries) => (
    <ul className="flex flex-col gap-1">
      {list.map((entry) => (
        <li key={entry.key}>
          <NavLink to={entry.to} end={entry.key === "dashboard"} className={linkClass}>
            <Icon name={ICONS[entry.key]} />
            <span>{t(`common:staffNav.${entry.key}`)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <aside className="flex flex-col border-b bg-card px-3 py-4 lg:fixed lg:inset-y-0 lg:left-0 lg:z-20 lg:w-60 lg:border-r lg:border-b-0">
      <div className="px-3">
        <Logo to={home} />
      </div>
      <nav aria-label={t("common:nav.mainMenu")} className="mt-4 flex flex-1 flex-col gap-4 overflow-y-auto lg:mt-8" data-testid="staff-sidebar">
        {render(entries.filter((entry) => !entry.bottom))}
        <div className="mt-auto">{render(entries.filter((entry) => entry.bottom))}</div>
      </nav>
    </aside>
  );
}

function Avatar({ profile, size = "size-9" }: { profile: ProfileSummary | null; size?: string }) {
  if (profile?.avatarUrl) return <img src={profile.avatarUrl} alt="" className={cn(size, "rounded-full object-cover")} />;
  const initials = (profile?.fullName ?? "?")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <span aria-hidden="true" className={cn(size, "inline-flex items-center justify-center rounded-full bg-primary-subtle text-sm font-semibold text-primary")}>
      {initials}
    </span>
  );
}

/**
 * Staff header (spec §2): the global search box (app/components/global-search-box.tsx: a GET form to the role's
 * search route, a combobox with a dropdown with JavaScript), messages (app/components/chat/header-chats.tsx: a link to all messages
 * without JavaScript, the unread assigned chats dropdown with it), the assigned tasks dropdown (app/components/tasks/header-tasks.tsx; `myTasks` is its
 * no-JavaScript state from the layout loader), and the profile menu (<details>, works without JavaScript).
 */
export function StaffHeader({ role, profile, myTasks = null }: { role: Role; profile: ProfileSummary | null; myTasks?: MyTasksPage | null }) {
  const { t } = useTranslation();
  const links = staffHeaderLinks(role);
  const menuRef = useCloseOnNavigation();
  return (
    <header className="sticky top-0 z-30 flex flex-wrap items-center gap-3 border-b bg-background px-4 py-3 sm:px-6">
      <GlobalSearchBox
        action={links.search}
        area={links.search.startsWith("/manager") ? "manager" : "staff"}
        label={t("common:header.search")}
        placeholder={t("common:header.searchPlaceholder")}
        submitLabel={t("common:header.searchSubmit")}
      />
      <nav aria-label={t("common:header.quickLinks")} className="flex items-center gap-1">
        <HeaderChats messagesPath={links.messages} label={t("common:staffNav.messages")} unread={profile?.unreadChatMessagesCount ?? 0} me={profile?.id ?? null} />
        <HeaderTasks tasksPath={links.tasks} initial={myTasks} />
      </nav>
      <details ref={menuRef} className="relative" data-testid="profile-menu">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 pr-2 hover:bg-secondary-hover [&::-webkit-details-marker]:hidden">
          <Avatar profile={profile} />
          <span className="sr-only">{t("common:header.profileMenu")}</span>
          <Icon name="chevronDown" className="size-4 text-muted-foreground" />
        </summary>
        <div className="absolute right-0 z-40 mt-2 w-72 rounded-lg border bg-popover p-2 text-popover-foreground shadow-lg">
          <div className="flex items-center gap-3 border-b px-2 pt-1 pb-3">
            <Avatar profile={profile} size="size-10" />
            <div className="min-w-0">
              <p className="truncate font-semibold" data-testid="profile-name">
                {profile?.fullName}
              </p>
              {profile?.profession ? (
                <p className="truncate text-sm text-muted-foreground" data-testid="profile-profession">
                  {/* By its stable code, as the pickers do: the API's `label` is English. */}
                  {t(`tasks:profession.${profile.profession.value}`)}
                </p>
              ) : null}
            </div>
          </div>
          <AvailabilitySwitch current={profile?.availability} profilePath={links.profile} />
          <ul className="flex flex-col gap-0.5 pt-2">
            <li>
              <Link to={`${links.profile}#schedule`} className="block rounded-md px-3 py-2 text-sm hover:bg-secondary-hover">
                {t("common:header.myAvailability")}
              </Link>
            </li>
            <li>
              <Link to={`${links.profile}#general`} className="block rounded-md px-3 py-2 text-sm hover:bg-secondary-hover">
                {t("common:header.accountSettings")}
              </Link>
            </li>
            <li>
              <Link to={`${links.profile}#licenses`} className="block rounded-md px-3 py-2 text-sm hover:bg-secondary-hover">
                {t("common:header.licenses")}
              </Link>
            </li>
            <li className="px-3 py-2">
              <LanguageSwitcher />
            </li>
            <li>
              <a href="/actions/users/logout" className="block rounded-md px-3 py-2 text-sm font-medium text-error hover:bg-error-subtle">
                {t("common:nav.logout")}
              </a>
            </li>
          </ul>
        </div>
      </details>
    </header>
  );
}
