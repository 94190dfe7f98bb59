/**
 * The English sentences of task activity entries ({from}, {to}: labels or full names), as the API writes them and
 * the web translates them back by pattern. Plain constants, without zod, so that the browser may import them
 * (api/contract/tasks.ts holds the schemas and re-exports this).
 */
export const TASK_ACTIVITY_TEMPLATES = {
  created: "Task created",
  createdAuto: "Task created automatically",
  status: "Status changed from {from} to {to}",
  assignee: "Assignee changed from {from} to {to}",
  patient: "Patient changed from {from} to {to}",
  journey: "Journey changed from {from} to {to}",
  category: "Category changed from {from} to {to}",
  source: "Source changed from {from} to {to}",
  title: "Title changed",
  description: "Description changed",
} as const;
