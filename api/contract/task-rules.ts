import { TASK_JOURNEY_VALUES, TASK_SOURCES, isTaskCategory, isTaskStatus, taskStatusFromString } from "./enums.ts";

/**
 * The task calls' rules (spec §5 create task, comments) as plain constants and functions, no zod: the API's
 * schemas (./tasks.ts) are built on them, and the tasks forms' browser checks (app/lib/task-form-checks.ts) use
 * the same ones; tests/unit/form-checks.test.ts holds the two to the same messages.
 */

/** Message keys of the validation namespace used by the task calls (locales/<lng>/validation.json). */
export const TV = {
  status: "validation.taskStatus",
  journey: "validation.taskJourney",
  category: "validation.taskCategory",
  source: "validation.taskSource",
  patient: "validation.taskPatient",
  assignee: "validation.taskAssignee",
  date: "validation.date",
  noChanges: "validation.noChanges",
  atLeastOne: "validation.atLeastOne",
  cursor: "validation.cursor",
  tooDeep: "validation.pageTooDeep",
} as const;

/** Longest summary (title), description and comment, in characters after trimming. */
export const TASK_TITLE_MAX = 255;
export const TASK_DESCRIPTION_MAX = 10_000;
export const TASK_COMMENT_MAX = 5000;
/** Largest id (PostgreSQL integer). */
export const ID_MAX = 2147483647;

/** A numeric code as a form sends it: digits, optionally signed, or (statuses) one of the named strings. */
const code = (s: string): number | undefined => (/^-?\d+$/.test(s) ? Number(s) : undefined);

/** A positive id written in digits (a form's value), trimmed. */
export const isIdText = (s: string): boolean => /^\d+$/.test(s.trim()) && Number(s) > 0 && Number(s) <= ID_MAX;
/** A status: 1–6 or todo, in_progress, done, waiting_for_client, to_verify_by_team, to_be_discussed. */
export const isTaskStatusText = (s: string): boolean => {
  const v = s.trim();
  return taskStatusFromString(v) !== undefined || isTaskStatus(code(v));
};
/** A journey (sectionType) a task may be given: weight loss 1, sexual wellness 2, pharmacy purchase 3. */
export const isTaskJourneyText = (s: string): boolean => (TASK_JOURNEY_VALUES as readonly unknown[]).includes(code(s.trim()));
/** A task category, 1–11. */
export const isTaskCategoryText = (s: string): boolean => isTaskCategory(code(s.trim()));
/** A source: provider, email, chat or phone. */
export const isTaskSourceText = (s: string): boolean => (TASK_SOURCES as readonly string[]).includes(s.trim());
