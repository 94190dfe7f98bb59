import type { Role } from "../../api/contract/roles.ts";

/**
 * The role's home (spec §2/§4: patient → Patient, providers → Manager, every other staff role → Staff).
 * Its own small module: every page's not-found link needs it, the access table only some pages.
 */
export function homeFor(role: Role): string {
  if (role === "guest") return "/login";
  if (role === "patients") return "/patient";
  if (role === "providers") return "/manager";
  return "/staff";
}
