import sprite from "./icons.svg?url";

/**
 * Small stroke icons (24×24, currentColor), decorative: always aria-hidden; the text beside them names them.
 * They are symbols of one sprite (icons.svg, a fingerprinted asset cached for a year), drawn with
 * <use href="…#name">: a page carries a short reference per icon instead of a copy of its path (issue 11:
 * /patient carried 35 inline copies). tests/unit/icons.test.ts checks every name has its symbol.
 */
export const ICON_NAMES = [
  "menu",
  "close",
  "home",
  "journeys",
  "progress",
  "subscriptions",
  "pharmacy",
  "messages",
  "uploads",
  "orders",
  "settings",
  "help",
  "logout",
  "search",
  "tasks",
  "dashboard",
  "patients",
  "charts",
  "renewals",
  "shipments",
  "workload",
  "payouts",
  "review",
  "user",
  "check",
  "info",
  "alert",
  "chevronDown",
  "chevronLeft",
  "arrowLeft",
  "language",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
