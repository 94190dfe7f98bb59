// Declared page states of the access-management tab and the search results for the axe sweep (see ./types.ts):
// the revoke confirmation (grant 1 is the demo seed's live grant of Sofia Alvarez on patient 1:
// api/db/seed/access.ts), the grant form with its error summary, the staff picker searched, and a search with no
// results. The header's open search dropdown shows only after typing: tests/e2e/global-search.spec.ts checks it.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "revoke access confirmation", role: "manager", path: "/manager/patients/1/access-management?revoke=1", expect: "dialog[open]" },
  {
    label: "grant access with the error summary",
    role: "nurseManager",
    path: "/staff/patients/1/access-management",
    post: { intent: "grant", staffId: "" },
    expect: "[data-testid=error-summary]",
  },
  { label: "grant access, staff picker searched", role: "provider", path: "/staff/patients/1/access-management?pick=staffId&staffIdSearch=Sofia", expect: "[data-picker=staffId]" },
  { label: "search without results", role: "support", path: "/staff/search/zzqxjv", expect: "[data-testid=search-no-results]" },
];
