import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link, NavLink, useLocation } from "react-router";
import { LEGAL_LINKS, PATIENT_ACCOUNT_MENU, type MenuItem } from "~/lib/patient-menu";
import { useTheme } from "~/lib/use-root";
import { cn } from "~/lib/utils";
import { Icon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

/** The unread counter beside "messages"/"chats": a visible badge and a screen-reader text. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="unread-badge"
        className={cn("inline-flex min-w-5 items-center justify-center rounded-full bg-error px-1.5 text-xs font-semibold text-error-foreground", className)}
      >
        {count > 99 ? "99+" : count}
      </span>
      <span className="sr-only">{t("common:nav.unread", { count })}</span>
    </>
  );
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2 font-medium",
    isActive ? "bg-primary-subtle text-primary" : "text-foreground hover:bg-secondary-hover",
  );

export function MenuLinks({
  items,
  unread,
  onNavigate,
  className,
  itemClassName,
  hiddenBelowLarge,
}: {
  items: MenuItem[];
  unread: number;
  onNavigate?: () => void;
  /** Classes of the list, in place of the default vertical list (`flex flex-col gap-1`). */
  className?: string;
  itemClassName?: string;
  /** The key of an item shown on large screens only (the patient menu's "account settings", a submenu below). */
  hiddenBelowLarge?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className ?? "flex flex-col gap-1"}>
      {items.map((item) => (
        <li key={item.key} className={item.key === hiddenBelowLarge ? cn("hidden lg:list-item", itemClassName) : itemClassName}>
          <NavLink to={item.to} end={item.end} className={itemClass} onClick={onNavigate}>
            <Icon name={item.icon} />
            <span className="flex-1">{t(`common:nav.${item.key}`)}</span>
            {item.unread ? <UnreadBadge count={unread} /> : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Logout is a navigation to /actions/users/logout (spec §2); a full page load clears the page's memory. */
export function LogoutLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <a href="/actions/users/logout" className={cn("flex items-center gap-3 rounded-md px-3 py-2 font-medium text-error hover:bg-error-subtle", className)}>
      <Icon name="logout" />
      <span>{t("common:nav.logout")}</span>
    </a>
  );
}

/** Closes a <details> menu after a client-side navigation (without JavaScript every link loads a new page). */
export function useCloseOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.key]);
  return ref;
}

/** The id of the patient menu's toggle (a checkbox: the menu opens without JavaScript; see PatientMenu). */
export const PATIENT_MENU_TOGGLE = "patient-menu-toggle";

/**
 * The toggle of the patient menu below the large breakpoint: a visually hidden checkbox placed before the header
 * and the menu (PatientMenu shows itself when it is checked: CSS, no script) and unchecked after a client-side
 * navigation. Its label is the menu button in the header (MenuButton). Not there on large screens.
 */
export function MenuToggle() {
  const ref = useRef<HTMLInputElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.checked = false;
  }, [location.key]);
  return <input ref={ref} type="checkbox" id={PATIENT_MENU_TOGGLE} aria-controls="patient-menu" className="menu-toggle peer sr-only lg:hidden" />;
}

/** The header's menu button: the label of MenuToggle ("Menu", or "Close menu" while the menu is open). */
export function MenuButton() {
  const { t } = useTranslation();
  return (
    <label
      htmlFor={PATIENT_MENU_TOGGLE}
      className="menu-toggle-label flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 font-medium hover:bg-secondary-hover"
    >
      <Icon name="menu" className="menu-toggle-closed size-6" />
      <Icon name="close" className="menu-toggle-open size-6" />
      <span className="menu-toggle-closed">{t("common:nav.menu")}</span>
      <span className="menu-toggle-open">{t("common:nav.closeMenu")}</span>
    </label>
  );
}

/**
 * The patient menu, rendered once and laid out by CSS (issue 11: it was drawn twice, as the sidebar and as the
 * mobile menu): on large screens the fixed sidebar (logo, main menu with "account settings", language, logout);
 * below, hidden until MenuToggle is checked, then a full-screen menu under the header, where "account settings"
 * is a submenu (a <details>) with the account pages. Must follow MenuToggle as a sibling (`peer-checked`).
 */
export function PatientMenu({ items, unread, accountItems }: { items: MenuItem[]; unread: number; accountItems: MenuItem[] }) {
  const { t } = useTranslation();
  const ref = useCloseOnNavigation();
  return (
    <aside
      id="patient-menu"
      className="fixed inset-0 z-40 hidden flex-col overflow-y-auto bg-background px-4 pt-20 pb-8 peer-checked:flex lg:inset-y-0 lg:right-auto lg:z-20 lg:flex lg:w-64 lg:border-r lg:bg-card lg:py-6"
    >
      <div className="hidden px-3 lg:block">
        <Logo to="/patient" />
      </div>
      <nav aria-label={t("common:nav.mainMenu")} className="flex flex-1 flex-col gap-2 lg:mt-8 lg:gap-0 lg:overflow-y-auto">
        <MenuLinks items={items} unread={unread} hiddenBelowLarge="accountSettings" />
        <details ref={ref} className="group/account lg:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-3 rounded-md px-3 py-2 font-medium hover:bg-secondary-hover [&::-webkit-details-marker]:hidden">
            <Icon name="settings" />
            <span className="flex-1">{t("common:nav.accountSettings")}</span>
            <Icon name="chevronDown" className="size-4 transition-transform group-open/account:rotate-180" />
          </summary>
          <div className="pl-6">
            <MenuLinks items={accountItems.filter((item) => item.key !== "backToOverview")} unread={unread} />
          </div>
        </details>
        <div className="flex flex-col-reverse gap-3 lg:mt-auto lg:flex-col lg:pt-6">
          <LanguageSwitcher className="mt-4 px-3 lg:mt-0" />
          <LogoutLink />
        </div>
      </nav>
    </aside>
  );
}

/** The bottom bar below the large breakpoint; hidden while the full-screen menu covers it (a later sibling of MenuToggle). */
export function BottomBar({ items, unread }: { items: MenuItem[]; unread: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("common:nav.quickLinks")} className="fixed inset-x-0 bottom-0 z-30 border-t bg-background peer-checked:hidden lg:hidden">
      <ul className="flex items-stretch justify-around">
        {items.map((item) => (
          <li key={item.key} className="flex-1">
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn("flex flex-col items-center gap-0.5 px-1 py-2 text-xs font-medium", isActive ? "text-primary" : "text-muted-foreground")
              }
            >
              <span className="relative">
                <Icon name={item.icon} className="size-6" />
                {item.unread ? <UnreadBadge count={unread} className="absolute -top-1.5 -right-3" /> : null}
              </span>
              <span>{t(`common:nav.${item.key}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PatientFooter() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <footer className="border-t px-4 py-6 text-sm text-muted-foreground sm:px-8">
      <nav aria-label={t("common:footer.legal")}>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {LEGAL_LINKS.map((link) => (
            <li key={link.key}>
              <Link to={link.to} className="underline hover:text-foreground">
                {t(`common:pages.${link.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3">
        © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {theme.brand}
      </p>
    </footer>
  );
}

export { PATIENT_ACCOUNT_MENU };
