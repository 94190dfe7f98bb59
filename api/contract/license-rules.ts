/**
 * Staff licenses (issue 19 part B; spec §3 License: state, type, license ID, expiry, collaboration doctor, owner).
 * Plain constants, no zod: the browser imports them (the license form), the contract (./staff-licenses.ts) too.
 */
export { US_STATES, US_STATE_CODES, isUsStateCode } from "./patient-account-rules.ts";

/** License types: physician (MD, DO), nurse practitioner, physician assistant, registered and practical nurse, DEA registration. */
export const LICENSE_TYPES = ["MD", "DO", "NP", "PA", "RN", "LPN", "DEA"] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
/** A license is flagged this many days before it expires (issue 19: "expired licenses flagged 30 days ahead"). */
export const LICENSE_WARNING_DAYS = 30;
/** active; expiringSoon (expires within LICENSE_WARNING_DAYS); expired (the review rule no longer counts it). */
export const LICENSE_STATUSES = ["active", "expiringSoon", "expired"] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
export const LICENSE_NUMBER_MAX = 40;
/** Field codes of the license form (validation namespace keys). */
export const LICENSE_V = {
  expired: "validation.license.expired",
  doctor: "validation.license.doctor",
} as const;
