// Declared page states of the tasks pages for the axe sweep (see ./types.ts): the create and edit modals (with
// the user picker open, searched), the create form's errors, and the mass-change confirmations. Task 1 is a
// seeded task every staff role may open. The header's tasks dropdown is a <details> element; its list is the
// same markup as the tasks page's rows and is checked there.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "create task modal", role: "nurse", path: "/staff/tasks?task=new", expect: "dialog[open]" },
  { label: "create task modal with errors", role: "nurse", path: "/staff/tasks?task=new", post: { intent: "create", title: "", description: "" }, expect: "dialog[open] [aria-invalid=true]" },
  {
    label: "create task modal, patient picker searched",
    role: "nurse",
    path: "/staff/tasks?task=new&patientIdSearch=Emma",
    expect: "dialog[open] [data-picker=patientId]",
  },
  {
    label: "create task modal, assignee picker on a team tab",
    role: "supportManager",
    path: "/staff/tasks?task=new&providerIdSetTeam=support",
    expect: "dialog[open] [data-picker=providerId]",
  },
  { label: "edit task modal", role: "supportManager", path: "/staff/tasks?task=1", expect: "dialog[open]" },
  { label: "edit task modal in edit mode", role: "supportManager", path: "/staff/tasks?task=1&edit=1", expect: "dialog[open] textarea, dialog[open] input[name=title]" },
  { label: "delete task confirmation", role: "manager", path: "/manager/tasks?task=1&confirm=delete", expect: "dialog[open]" },
  { label: "mass status change confirmation", role: "manager", path: "/manager/tasks?confirm=status&ids=1&ids=2&massStatus=done", expect: "dialog[open]" },
  { label: "mass reassign confirmation with the picker", role: "manager", path: "/manager/tasks?confirm=assign&ids=1&pick=massProviderId", expect: "dialog[open] [data-picker=massProviderId]" },
  { label: "mass delete confirmation", role: "manager", path: "/manager/tasks?confirm=delete&ids=1&ids=2", expect: "dialog[open]" },
];
