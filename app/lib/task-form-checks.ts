import { V } from "../../api/contract/rules.ts";
import {
  TASK_COMMENT_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  TV,
  isIdText,
  isTaskCategoryText,
  isTaskJourneyText,
  isTaskSourceText,
  isTaskStatusText,
} from "../../api/contract/task-rules.ts";
import { maxLength, notBlank, type Check, type FormChecks } from "./form-checks.ts";

/**
 * The browser's checks of the tasks forms (their schemas: app/lib/schemas/tasks.ts), from the contract's plain
 * task rules (api/contract/task-rules.ts). How checks work, and the test that holds them to the schemas:
 * app/lib/form-checks.ts, tests/unit/form-checks.test.ts.
 */
const rule =
  (ok: (value: string) => boolean, message: string): Check =>
  (value) =>
    ok(value) ? null : message;

/**
 * A numeric field as the server's form parsing reads it: conform turns the text into a number ("2.0" is 2,
 * "1.5" stays 1.5) before the contract's rule sees it; a name ("todo") stays as it is.
 */
const numeric =
  (ok: (value: string) => boolean, message: string): Check =>
  (value) => {
    const n = Number(value.trim());
    return ok(Number.isNaN(n) ? value : String(n)) ? null : message;
  };

const text = (max: number) => [[notBlank, maxLength(max)]] as const;

/** The create modal: `taskCreateFormSchema`. */
export const TASK_CREATE_CHECKS: FormChecks = {
  fields: {
    title: text(TASK_TITLE_MAX),
    description: text(TASK_DESCRIPTION_MAX),
    patientId: [[notBlank], [numeric(isIdText, TV.patient)]],
    providerId: [[notBlank], [numeric(isIdText, TV.assignee)]],
    taskStatus: [[notBlank], [numeric(isTaskStatusText, TV.status)]],
    taskJourney: [[notBlank], [numeric(isTaskJourneyText, TV.journey)]],
    taskCategory: [[numeric(isTaskCategoryText, TV.category)]],
    taskSource: [[rule(isTaskSourceText, TV.source)]],
  },
  optional: ["taskCategory", "taskSource"],
};

/** The edit modal's summary and description: `taskDetailsFormSchema`. */
export const TASK_DETAILS_CHECKS: FormChecks = { fields: { title: text(TASK_TITLE_MAX), description: text(TASK_DESCRIPTION_MAX) } };

/** A comment: `taskCommentFormSchema`. */
export const TASK_COMMENT_CHECKS: FormChecks = { fields: { description: text(TASK_COMMENT_MAX) } };

export { V };
