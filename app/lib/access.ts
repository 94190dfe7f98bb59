/**
 * THE ACCESS RULE (spec §2 "Access rule", §6 "Route access"): which role may open which route.
 *
 * One entry per route pattern of app/routes.ts (tests/unit/access.test.ts checks that both list the same
 * patterns). The root middleware (app/root.tsx) looks up the matched pattern on every request, before any
 * loader or action runs:
 *   - public routes: everyone;
 *   - a guest (not signed in) on any other route: /login?redirectTo=<page>, then back after signing in
 *     (a guest has no role yet; answering not-found would hide the way in from a user whose session ended);
 *   - a signed-in role that is not allowed: the not-found page (404), or /login for /patient paths
 *     (spec §2), where the sign-in page sends a signed-in visitor on to their own home.
 * The upstream API checks every call again (api/domain/permissions.ts); this table decides what the web shows.
 *
 * Where the spec's tables disagree, the choice and the reason are written beside the entry.
 */
import { USER_ROLES, type Role, type UserRole } from "../../api/contract/roles.ts";
import { homeFor } from "./home.ts";

export { USER_ROLES };
export type { Role, UserRole };

export type AccessRule =
  | { public: true }
  | {
      public?: false;
      roles: readonly UserRole[];
      /** What a signed-in role that is not allowed gets: the not-found page, or the sign-in page. */
      denied: "notFound" | "login";
    };

const PUBLIC: AccessRule = { public: true };
const only = (roles: readonly UserRole[]): AccessRule => ({ roles, denied: "notFound" });

// Role groups, in the spec's words.
const PATIENTS = ["patients"] as const satisfies readonly UserRole[];
/** Role providers, called "manager" in the interface. */
const PROVIDERS = ["providers"] as const satisfies readonly UserRole[];
/** The two clinician roles: providers (manager) and providerUsers (provider). */
const CLINICIANS = ["providers", "providerUsers"] as const satisfies readonly UserRole[];
const MEDICAL_SUPPORT = ["medicalSupport", "medicalSupportManagers"] as const satisfies readonly UserRole[];
const CUSTOMER_SUPPORT = ["customerSupport", "customerSupportManagers"] as const satisfies readonly UserRole[];
/** Staff (spec §6): customer support, their managers, medical support, their managers and providerUsers. */
const STAFF = ["providerUsers", ...CUSTOMER_SUPPORT, ...MEDICAL_SUPPORT] as const satisfies readonly UserRole[];
/** The two support manager roles. */
const SUPPORT_MANAGERS = ["customerSupportManagers", "medicalSupportManagers"] as const satisfies readonly UserRole[];

const patientOnly: AccessRule = { roles: PATIENTS, denied: "login" };

/** Tabs of the patient page for staff and managers (spec §2). The first is the index route (overview). */
export const PATIENT_TABS = [
  "overview",
  "visits",
  "notes",
  "intakes",
  "treatments",
  "orders",
  "uploads",
  "progress",
  "profile",
  "access-management",
] as const;
const tabs = (base: string, rule: AccessRule) =>
  Object.fromEntries([[base, rule], ...PATIENT_TABS.slice(1).map((tab) => [`${base}/${tab}`, rule])]) as Record<string, AccessRule>;

export const ACCESS: Record<string, AccessRule> = {
  // Public (spec §2 Public, footer legal pages, design pages). The web's own action/resource routes
  // are public too: each checks the web session and the form token itself.
  "/": PUBLIC,
  "/login": PUBLIC,
  "/forgot-password": PUBLIC,
  "/reset-link": PUBLIC,
  "/set-password": PUBLIC,
  // Joining from a referral invitation: guests; a signed-in visitor is sent home by the page's loader, as /login does.
  "/join": PUBLIC,
  "/password-changed": PUBLIC,
  "/confirm-email": PUBLIC,
  "/telehealth-consent": PUBLIC,
  "/privacy-policy": PUBLIC,
  "/terms-and-conditions": PUBLIC,
  "/cancellation-policy": PUBLIC,
  "/actions/users/logout": PUBLIC,
  "/actions/language": PUBLIC,
  "/resources/track": PUBLIC,
  "/resources/track.gif": PUBLIC,
  "/resources/client-errors": PUBLIC,
  "/_design/foundation": PUBLIC,
  "/_design/components/:component": PUBLIC,
  "*": PUBLIC,

  // Patient routes: patients only; anyone else goes to /login (spec §2).
  "/patient": patientOnly,
  "/patient/journeys": patientOnly,
  "/patient/journeys/start": patientOnly,
  "/patient/journeys/:id/intake": patientOnly,
  "/patient/journeys/:id/intake/:step": patientOnly,
  "/patient/journeys/:id/intake/images/:uploadId": patientOnly,
  "/patient/journeys/:id": patientOnly,
  "/patient/journeys/:id/progress": patientOnly,
  "/patient/progress": patientOnly,
  "/patient/subscriptions": patientOnly,
  "/patient/pharmacy": patientOnly,
  "/patient/pharmacy/category/:slug": patientOnly,
  "/patient/pharmacy/product/:id": patientOnly,
  "/patient/chats": patientOnly,
  "/patient/chats/categories": patientOnly,
  "/patient/chats/:id": patientOnly,
  "/patient/uploads": patientOnly,
  "/patient/uploads/:id/file": patientOnly,
  "/patient/check-ins/:id": patientOnly,
  "/patient/orders": patientOnly,
  "/patient/help-center": patientOnly,
  "/patient/refer-friend": patientOnly,
  "/patient/account": patientOnly,
  "/patient/account/profile": patientOnly,
  "/patient/account/pharmacy": patientOnly,
  "/patient/account/billing": patientOnly,
  "/patient/account/payment-details": patientOnly,
  "/patient/account/security": patientOnly,
  /** The patient's own record as FHIR R4 JSON (issue 18). */
  "/patient/account/security/record": patientOnly,
  "/patient/account/billing/invoices/:id/pdf": patientOnly,
  /** Profile pictures (the API's avatarUrl path, answered by the web): any signed-in role; staff see patients' and the reverse. */
  "/api/v1/avatars/:key": only(USER_ROLES),
  /** Signature pictures (issue 19): every staff role (a chart's signer, a prescription's prescriber). */
  "/api/v1/signatures/:key": only(["providers", ...STAFF]),
  /** The patient record's images: staff of both trees (the API decides which patients each may see). */
  "/api/v1/patient/:patientId/uploads/:uploadId/file": only(["providers", ...STAFF]),
  /** A patient's record as FHIR R4 JSON (issue 18): staff of both trees (the API decides which patients each may see). */
  "/api/v1/patient/:patientId/record/fhir": only(["providers", ...STAFF]),
  /** Chat attachments (issue 17): any signed-in role; the API serves them to the chat's participants only. */
  "/api/v1/chats/attachments/:id": only(USER_ROLES),

  // Manager routes: role providers only (spec §2, §6).
  "/manager": only(PROVIDERS),
  "/manager/profile": only(PROVIDERS),
  "/manager/tasks": only(PROVIDERS),
  "/manager/patients": only(PROVIDERS),
  "/manager/settings": only(PROVIDERS),
  "/manager/settings/:userId": only(PROVIDERS),
  "/manager/past-due-patients": only(PROVIDERS),
  "/manager/charts": only(PROVIDERS),
  "/manager/charts/:chartId": only(PROVIDERS),
  "/manager/ready-for-review": only(PROVIDERS),
  "/manager/workload": only(PROVIDERS),
  "/manager/renewals": only(PROVIDERS),
  "/manager/shipments": only(PROVIDERS),
  "/manager/uploads": only(PROVIDERS),
  /** The header's GET search form lands here and is redirected to /manager/search/{search}. */
  "/manager/search": only(PROVIDERS),
  "/manager/search/:search": only(PROVIDERS),
  "/manager/patients/:patientId/intakes/:treatmentId/review": only(PROVIDERS),
  ...tabs("/manager/patients/:patientId", only(PROVIDERS)),

  // Staff routes (spec §2 Staff routes, "Per role", §6 Route access).
  /** §6: "/staff dashboard providers, providerUsers, both support roles and managers". */
  "/staff": only(["providers", ...STAFF]),
  /** §2 per role: medical support have charts, customer support do not; providerUsers sign charts. */
  "/staff/charts": only(["providerUsers", ...MEDICAL_SUPPORT]),
  "/staff/charts/:chartId": only(["providerUsers", ...MEDICAL_SUPPORT]),
  "/staff/renewals": only(STAFF),
  "/staff/patients": only(STAFF),
  "/staff/search": only(STAFF),
  "/staff/search/:search": only(STAFF),
  ...tabs("/staff/patients/:patientId", only(STAFF)),
  /** The intake review of the provider review flow (spec §2 review steps): the clinicians. */
  "/staff/patients/:patientId/intakes/:treatmentId/review": only(CLINICIANS),
  /**
   * CONFLICT record visit — §6 "providers, providerUsers and support roles (in one table only providers
   * and providerUsers)". Chosen: providers and providerUsers. §2 says customer support have no visit
   * forms and gives nurses their own flow ("Nurse-note flow: only 'record note'"); recording a visit is
   * the clinician's step of the review, and health-data write access stays at the narrower table.
   */
  "/staff/patients/:patientId/intakes/:treatmentId/record-visit": only(CLINICIANS),
  /**
   * CONFLICT record note — §6 lists "providers, providerUsers and both customer support roles", while §2
   * gives the nurse note record form to medical support and says customer support have "no nurse note".
   * Chosen: providers, providerUsers and both medical support roles (§2 names the form per role, twice,
   * and the flow is called the nurse-note flow).
   */
  "/staff/patients/:patientId/intakes/:treatmentId/record-note": only([...CLINICIANS, ...MEDICAL_SUPPORT]),
  "/staff/patients/:patientId/intakes/:treatmentId/dosespot": only(CLINICIANS),
  "/staff/patients/:patientId/intakes/:treatmentId/inform-patient": only(CLINICIANS),
  "/provider/patients/:patientId/intakes/:treatmentId/manage-prescription": only(CLINICIANS),
  /** The printable prescription of the manage-prescription step: the clinicians who prescribe. */
  "/provider/patients/:patientId/intakes/:treatmentId/prescriptions/:prescriptionId": only(CLINICIANS),
  /** The record-visit allergies combobox's JSON: the clinicians of that step. */
  "/resources/allergies": only(CLINICIANS),
  /** §6 "workload providers and both manager roles"; §2 "managers add workload". */
  "/staff/workload": only(["providers", ...SUPPORT_MANAGERS]),
  /** §6 "past-due providers and providerUsers". */
  "/staff/past-due-patients": only(CLINICIANS),
  /**
   * CONFLICT tasks — "tasks … vary by table". Chosen: the five staff roles (§2 gives tasks to both support
   * teams and the header lists assigned tasks for every staff member). Providers have /manager/tasks.
   */
  "/staff/tasks": only(STAFF),
  /**
   * CONFLICT ready for review — "vary by table". Chosen: providerUsers. Intakes are reviewed by the
   * assigned provider (§4 "Intake review by the assigned provider"); §2 gives neither support team a
   * ready-for-review page. Providers have /manager/ready-for-review.
   */
  "/staff/ready-for-review": only(["providerUsers"]),
  /**
   * Messages: every staff role and providers. There is no /manager messages page, and the header of every
   * staff layout (providers' too) lists the user's unread assigned chats and links to all messages.
   */
  "/staff/messages": only(["providers", ...STAFF]),
  "/staff/messages/:patientId/chat/:chatCategory?/:chatId?": only(["providers", ...STAFF]),
  /** Providers have their profile at /manager/profile (spec §2 profile menu links). */
  "/staff/profile": only(STAFF),
  "/staff/uploads": only(STAFF),
  /**
   * CONFLICT shipments — §6 "support roles and providerUsers (providers in one table)". Chosen: support
   * roles and providerUsers here; providers get shipments at /manager/shipments, which the manager route
   * table lists, so "providers in one table" is honoured without a second page for them.
   */
  "/staff/shipments": only(STAFF),
  /**
   * CONFLICT payouts — "no role allowed in one table; otherwise offered to providerUsers only". Chosen:
   * providerUsers (a route nobody may open would be dead; the sidebar entry is providerUsers-only too).
   */
  "/provider/payouts": only(["providerUsers"]),
  "/provider/payouts/:id/pdf": only(["providerUsers"]),
  /** Added by the second route table: chart review by the clinicians. */
  "/provider/charts/:chartId": only(CLINICIANS),

  // The tasks pages' JSON resources (user picker, header dropdown): every role with a tasks page.
  "/resources/tasks/users": only(["providers", ...STAFF]),
  "/resources/tasks/mine": only(["providers", ...STAFF]),
  "/resources/chats/mine": only(["providers", ...STAFF]),
  // Live chat events and the unread count: everyone with chats (patients, staff).
  "/resources/chats/events": only(USER_ROLES),
  "/resources/chats/unread": only(USER_ROLES),
  "/resources/chats/:id/messages": only(USER_ROLES),
  // The header search dropdown's JSON (every role with the staff header).
  "/resources/global-search": only(["providers", ...STAFF]),
};

export type AccessDecision = "allow" | "login" | "notFound";

/** Normalises React Router's matched pattern ("patient/journeys/:id") to the table's form ("/patient/journeys/:id"). */
export function normalisePattern(pattern: string): string {
  if (pattern === "*" || pattern === "/*") return "*";
  const withSlash = pattern.startsWith("/") ? pattern : `/${pattern}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, "") : withSlash;
}

export function ruleFor(pattern: string): AccessRule | undefined {
  return ACCESS[normalisePattern(pattern)];
}

/** The access decision for a role on a route pattern. Unknown patterns are refused (deny by default). */
export function decide(pattern: string, role: Role): AccessDecision {
  const rule = ruleFor(pattern);
  if (!rule) return "notFound";
  if (rule.public) return "allow";
  if (role === "guest") return "login";
  if ((rule.roles as readonly Role[]).includes(role)) return "allow";
  return rule.denied;
}

export { homeFor };

/** Whether a role may open a concrete path (for links and post-sign-in redirects). */
export function canOpen(role: Role, path: string): boolean {
  const pattern = matchPattern(path);
  return pattern !== null && decide(pattern, role) === "allow";
}

/** The table pattern a concrete path falls under (static segments beat dynamic ones, like React Router). */
export function matchPattern(path: string): string | null {
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, "") || "/";
  const segments = pathname.split("/").filter(Boolean);
  let best: { pattern: string; score: number } | null = null;
  for (const pattern of Object.keys(ACCESS)) {
    if (pattern === "*") continue;
    const score = scorePattern(pattern, segments);
    if (score !== null && (!best || score > best.score)) best = { pattern, score };
  }
  return best?.pattern ?? "*";
}

function scorePattern(pattern: string, segments: string[]): number | null {
  const parts = pattern.split("/").filter(Boolean);
  let score = 0;
  let i = 0;
  for (const part of parts) {
    const optional = part.endsWith("?");
    const name = optional ? part.slice(0, -1) : part;
    const segment = segments[i];
    if (segment === undefined) {
      if (optional) continue;
      return null;
    }
    if (name.startsWith(":")) {
      score += 2;
    } else if (name === segment) {
      score += 10;
    } else if (optional) {
      continue;
    } else {
      return null;
    }
    i += 1;
  }
  return i === segments.length ? score : null;
}

/** The staff sidebar (spec §2 "Staff sidebar and header"), in the spec's order; settings sits at the bottom. */
export const STAFF_SIDEBAR = [
  { key: "dashboard", paths: ["/manager", "/staff"] },
  { key: "readyForReview", paths: ["/manager/ready-for-review", "/staff/ready-for-review"] },
  { key: "patients", paths: ["/manager/patients", "/staff/patients"] },
  { key: "messages", paths: ["/staff/messages"] },
  { key: "tasks", paths: ["/manager/tasks", "/staff/tasks"] },
  { key: "payouts", paths: ["/provider/payouts"] },
  { key: "charts", paths: ["/manager/charts", "/staff/charts"] },
  { key: "renewals", paths: ["/manager/renewals", "/staff/renewals"] },
  { key: "shipments", paths: ["/manager/shipments", "/staff/shipments"] },
  { key: "uploads", paths: ["/manager/uploads", "/staff/uploads"] },
  { key: "pastDuePatients", paths: ["/manager/past-due-patients", "/staff/past-due-patients"] },
  { key: "workload", paths: ["/manager/workload", "/staff/workload"] },
  { key: "settings", paths: ["/manager/settings"], bottom: true },
] as const;
export type StaffNavKey = (typeof STAFF_SIDEBAR)[number]["key"];

/** Each sidebar entry the role has a page for, pointing at the first such page. */
export function staffSidebarFor(role: Role): { key: StaffNavKey; to: string; bottom: boolean }[] {
  const entries: { key: StaffNavKey; to: string; bottom: boolean }[] = [];
  for (const entry of STAFF_SIDEBAR) {
    const to = entry.paths.find((path) => decide(path, role) === "allow");
    if (to) entries.push({ key: entry.key, to, bottom: "bottom" in entry && entry.bottom });
  }
  return entries;
}

/** Header targets by role: the global search route, all messages, all tasks, the profile page. */
export function staffHeaderLinks(role: Role) {
  const manager = role === "providers";
  return {
    search: manager ? "/manager/search" : "/staff/search",
    messages: "/staff/messages",
    tasks: manager ? "/manager/tasks" : "/staff/tasks",
    profile: manager ? "/manager/profile" : "/staff/profile",
  };
}
