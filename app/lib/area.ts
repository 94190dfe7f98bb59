import { useLocation } from "react-router";

/**
 * The two URL trees of the staff screens (spec §2): /staff/… for the staff roles and /manager/… for providers.
 * One route module serves a screen in both (app/routes.ts maps each path of both trees to it); what a role may
 * open comes from the access table (app/lib/access.ts), and the module reads its tree from the address only to
 * build its own links and redirects.
 */
export type Area = "staff" | "manager";

export function areaOf(pathname: string): Area {
  return pathname === "/manager" || pathname.startsWith("/manager/") ? "manager" : "staff";
}

/** The tree of the address being rendered. */
export function useArea(): Area {
  return areaOf(useLocation().pathname);
}
