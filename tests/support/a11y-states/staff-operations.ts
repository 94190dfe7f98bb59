// Declared page states of the profile's schedule and licenses sections (issue 19 part B) for the axe sweep (see
// ./types.ts): each form with its error summary after a refused post that changes nothing — overlapping weekly
// ranges, no day chosen in the calendar, a license with a past expiry, an empty first name.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  {
    label: "profile, the weekly schedule with overlapping ranges",
    role: "provider",
    path: "/staff/profile",
    post: { intent: "weekly", w1s0: "09:00", w1e0: "12:00", w1s1: "11:00", w1e1: "13:00" },
    expect: "[data-testid=error-summary]",
  },
  { label: "profile, the calendar with no day chosen", role: "nurse", path: "/staff/profile", post: { intent: "days", mode: "off" }, expect: "[data-testid=error-summary]" },
  {
    label: "profile, a license with a past expiry",
    role: "manager",
    path: "/manager/profile",
    post: { intent: "addLicense", state: "ME", licenseType: "MD", licenseNumber: "ME-A11Y-1", expiresOn: "2020-01-01" },
    expect: "[data-testid=error-summary]",
  },
  { label: "profile, the signature with an empty typed name", role: "provider", path: "/staff/profile", post: { intent: "signatureName", typedName: "" }, expect: "[data-testid=error-summary]" },
  { label: "profile, account settings with an empty first name", role: "support", path: "/staff/profile", post: { intent: "general", firstName: "", lastName: "Shah" }, expect: "[data-testid=error-summary]" },
];
