/**
 * The staff and manager dashboards (issue 19; `/staff`, `/manager`; GET /api/v1/staff/dashboard). Plain rules the
 * browser may import (no zod): which panels each role gets. Decision (the spec lists the figures, not who sees
 * which): a role gets the figure of each page it has (app/lib/access.ts), so every number links to the list it
 * counts —
 *   tasks, unread assigned chats, renewals blocked, shipments on hold, uploads to review: every staff role and providers;
 *   reviews waiting (with their 48-hour clocks) and past due: the clinicians (providers, providerUsers);
 *   team workload: providers and both support manager roles (the workload page's roles);
 *   review turnaround: providers (the manager dashboard).
 * A provider (providerUsers) counts their own work: the reviews assigned to them, and shipments, uploads and renewals
 * of the patients they may see (api/domain/patient-access.ts); the other roles count the clinic's.
 */
import type { StaffRole } from "./roles.ts";

export const DASHBOARD_PANELS = ["tasks", "chats", "reviews", "pastDue", "renewalsBlocked", "shipmentsOnHold", "uploadsToReview", "workload", "turnaround"] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];

const ALL: readonly StaffRole[] = ["providers", "providerUsers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"];
const CLINICIANS: readonly StaffRole[] = ["providers", "providerUsers"];

export const DASHBOARD_PANEL_ROLES: Record<DashboardPanel, readonly StaffRole[]> = {
  tasks: ALL,
  chats: ALL,
  reviews: CLINICIANS,
  pastDue: CLINICIANS,
  renewalsBlocked: ALL,
  shipmentsOnHold: ALL,
  uploadsToReview: ALL,
  workload: ["providers", "customerSupportManagers", "medicalSupportManagers"],
  turnaround: ["providers"],
};

export const dashboardPanelsFor = (role: StaffRole): DashboardPanel[] => DASHBOARD_PANELS.filter((p) => DASHBOARD_PANEL_ROLES[p].includes(role));

/** Counts stop at this many (shown as "1,000+"): no count reads more than CAP + 1 index entries. */
export const DASHBOARD_COUNT_CAP = 1000;
/** The oldest reviews listed with their clocks. */
export const DASHBOARD_REVIEWS_SHOWN = 5;
/** A renewal is "blocked" when its charge is due within this many days and its check-in is not approved. */
export const RENEWAL_BLOCK_WINDOW_DAYS = 7;
/** The review promise (spec §9): an intake is reviewed within 48 hours. */
export const REVIEW_PROMISE_HOURS = 48;
/** The week of the turnaround figures starts on Sunday in Pacific time (spec §9). */
export const DASHBOARD_TIME_ZONE = "America/Los_Angeles";
