/** The tasks page's create form as a post (both test tiers create tasks this way for tests about other things). Not a test file. */
export type TaskDraft = { title: string; patientId: number; providerId: number; status?: string; journey?: string; category?: string; source?: string };

export function createTaskForm(draft: TaskDraft): Record<string, string> {
  return {
    intent: "create",
    title: draft.title,
    description: `Description of ${draft.title}`,
    patientId: String(draft.patientId),
    providerId: String(draft.providerId),
    taskStatus: draft.status ?? "todo",
    taskJourney: draft.journey ?? "1",
    taskCategory: draft.category ?? "",
    taskSource: draft.source ?? "",
  };
}
