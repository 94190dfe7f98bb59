import type { IconName } from "~/components/icons";
import type { ProfileSummary } from "./profile.ts";

export type PatientFlags = Pick<ProfileSummary, "isProgressAvailability" | "hasPharmacyAccess" | "isPharmacyAvailability">;

export type MenuItem = {
  key: string;
  to: string;
  icon: IconName;
  /** Show the unread-messages counter beside it. */
  unread?: boolean;
  /** Match the path exactly (overview). */
  end?: boolean;
  /** Hidden unless the profile flags allow it (spec §2). */
  visible?: (flags: PatientFlags) => boolean;
};

/**
 * Flag rules (spec §2 "Menu items are hidden unless the profile flags allow them"):
 *  - my progress: isProgressAvailability;
 *  - pharmacy (main menu, bottom bar): hasPharmacyAccess and isPharmacyAvailability (the patient may use the
 *    pharmacy, and it is available to them now);
 *  - my pharmacy (account menu): hasPharmacyAccess.
 */
const progress = (f: PatientFlags) => f.isProgressAvailability;
const pharmacy = (f: PatientFlags) => f.hasPharmacyAccess && f.isPharmacyAvailability;

/** Main menu, in the spec's order; logout is pinned at the bottom separately. */
export const PATIENT_MAIN_MENU: MenuItem[] = [
  { key: "overview", to: "/patient", icon: "home", end: true },
  { key: "journeys", to: "/patient/journeys", icon: "journeys" },
  { key: "progress", to: "/patient/progress", icon: "progress", visible: progress },
  { key: "subscriptions", to: "/patient/subscriptions", icon: "subscriptions" },
  { key: "pharmacy", to: "/patient/pharmacy", icon: "pharmacy", visible: pharmacy },
  { key: "messages", to: "/patient/chats", icon: "messages", unread: true },
  { key: "uploads", to: "/patient/uploads", icon: "uploads" },
  { key: "orders", to: "/patient/orders", icon: "orders" },
  { key: "accountSettings", to: "/patient/account", icon: "settings" },
  { key: "helpCenter", to: "/patient/help-center", icon: "help" },
];

/** Mobile bottom bar: overview, journeys, chats (unread counter), progress, pharmacy. */
export const PATIENT_BOTTOM_BAR: MenuItem[] = [
  { key: "overview", to: "/patient", icon: "home", end: true },
  { key: "journeys", to: "/patient/journeys", icon: "journeys" },
  { key: "chats", to: "/patient/chats", icon: "messages", unread: true },
  { key: "progress", to: "/patient/progress", icon: "progress", visible: progress },
  { key: "pharmacy", to: "/patient/pharmacy", icon: "pharmacy", visible: pharmacy },
];

/** Account menu: back to overview, profile, my pharmacy, billing, payment details, security. */
export const PATIENT_ACCOUNT_MENU: MenuItem[] = [
  { key: "backToOverview", to: "/patient", icon: "arrowLeft", end: true },
  { key: "profile", to: "/patient/account/profile", icon: "user" },
  { key: "myPharmacy", to: "/patient/account/pharmacy", icon: "pharmacy", visible: (f) => f.hasPharmacyAccess },
  { key: "billing", to: "/patient/account/billing", icon: "subscriptions" },
  { key: "paymentDetails", to: "/patient/account/payment-details", icon: "payouts" },
  { key: "security", to: "/patient/account/security", icon: "settings" },
];

const NO_FLAGS: PatientFlags = { isProgressAvailability: false, hasPharmacyAccess: false, isPharmacyAvailability: false };

export function visibleItems(items: MenuItem[], flags: PatientFlags | null): MenuItem[] {
  return items.filter((item) => !item.visible || item.visible(flags ?? NO_FLAGS));
}

export const LEGAL_LINKS = [
  { key: "telehealthConsent", to: "/telehealth-consent" },
  { key: "privacyPolicy", to: "/privacy-policy" },
  { key: "termsAndConditions", to: "/terms-and-conditions" },
  { key: "cancellationPolicy", to: "/cancellation-policy" },
] as const;
