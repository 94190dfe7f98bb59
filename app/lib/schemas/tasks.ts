import { z } from "zod";
import { idField, taskCommentCreateSchema, taskCreateSchema, tasksMassUpdateSchema, taskStatusField } from "../../../api/contract/tasks.ts";
import { TV } from "../../../api/contract/task-rules.ts";
import { V } from "../../../api/contract/rules.ts";

/**
 * Form schemas of the tasks page (/staff/tasks, /manager/tasks), made of the API's own request schemas
 * (api/contract/tasks.ts) under the forms' field names, so the web action and the API apply the same rules with
 * the same message keys. Server only: the browser checks the same rules without zod
 * (app/lib/task-form-checks.ts), held to these schemas by tests/unit/form-checks.test.ts.
 * Conform submits an empty input as `undefined`: a required field then reads 'Value is required'.
 */
const create = taskCreateSchema.shape;

/** A field the form must fill: missing (conform's undefined) is 'Value is required', then the contract's rule. */
// The cast: the field takes a number or a string, and a form only ever gives it a string.
const filled = <T extends z.ZodType>(field: T) => z.string({ error: V.required }).pipe(field as unknown as z.ZodType<z.output<T>, string>);

/** The create modal → POST /api/v1/tasks (the form names the status, journey, category and source task…). */
export const taskCreateFormSchema = z.object({
  intent: z.literal("create"),
  title: create.title,
  description: create.description,
  patientId: filled(create.patientId),
  providerId: filled(create.providerId),
  taskStatus: filled(create.status),
  taskJourney: filled(create.sectionType),
  taskCategory: create.category,
  taskSource: create.source,
});
export type TaskCreateForm = z.output<typeof taskCreateFormSchema>;

/** The edit modal's summary and description → PUT /api/v1/tasks/{id} { title, description } (both required). */
export const taskDetailsFormSchema = z.object({
  intent: z.literal("details"),
  id: idField(),
  title: create.title,
  description: create.description,
});

/** A comment → POST /api/v1/tasks/{id}/comments (spec §5: sent only when it is not empty). */
export const taskCommentFormSchema = z.object({
  intent: z.literal("comment"),
  id: idField(),
  description: taskCommentCreateSchema.shape.description,
});

/** The selected rows of a mass change: one `ids` value or several (none: "choose at least one"). */
const selectedIds = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), tasksMassUpdateSchema.shape.ids);

/** Mass changes → POST /api/v2/tasks/mass-update (a status, or an assignee) and DELETE /api/v2/tasks/mass-delete. */
export const tasksMassFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("massStatus"), ids: selectedIds, massStatus: filled(taskStatusField()) }),
  z.object({ intent: z.literal("massAssign"), ids: selectedIds, massProviderId: filled(idField(TV.assignee)) }),
  z.object({ intent: z.literal("massDelete"), ids: selectedIds }),
]);
