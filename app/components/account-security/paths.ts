import type { Role } from "../../../api/contract/roles.ts";

/** The id of the security section on the staff and manager profile pages (/staff/profile#security). */
export const SECURITY_SECTION_ID = "security";

/**
 * Where a role manages its account security: patients on their account's security page, staff and
 * managers in the security section of their profile page (spec §2 profile links use hashes the same way).
 */
export function securityPathFor(role: Role): string | null {
  if (role === "guest") return null;
  if (role === "patients") return "/patient/account/security";
  if (role === "providers") return `/manager/profile#${SECURITY_SECTION_ID}`;
  return `/staff/profile#${SECURITY_SECTION_ID}`;
}
