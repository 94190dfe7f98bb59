import { getFormProps, useForm } from "@conform-to/react";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FormErrors } from "~/components/form-field";
import { checkForm } from "~/lib/form-checks";
import { translateMessage } from "~/lib/i18n";
import { TASK_CREATE_CHECKS } from "~/lib/task-form-checks";
import type { TaskModal, TasksActionData, TasksPageData } from "~/lib/tasks.server";
import { HiddenParams } from "./hidden-params";
import { categoryOptions, journeyOptions, sourceOptions, statusOptions } from "./labels";
import { DRAFT_FIELDS, listParams, modalHref, readDraft, type Draft } from "./task-model";
import { UserPicker } from "./user-picker";

type NewModal = Extract<TaskModal, { kind: "new" }>;

/** Would the server take this draft? The browser's checks of the create form (app/lib/task-form-checks.ts). */
function draftValid(draft: Draft): boolean {
  const formData = new FormData();
  for (const name of DRAFT_FIELDS) formData.set(name, draft[name]);
  return checkForm(formData, TASK_CREATE_CHECKS).status === "success";
}

/**
 * Create a task (spec §2, §5, §7): summary, description, patient, assignee, status (todo), journey,
 * category, source; Cancel and Create task. A route state (`?task=new`, `&patientId=` from a patient's
 * page) rendered over the list. The server parses the post with the contract's schema (app/lib/schemas/tasks.ts)
 * and answers conform's reply; with JavaScript, Create stays disabled until the draft is valid and each field
 * shows its error once left (the same rules, without zod: app/lib/task-form-checks.ts); without, the server's
 * errors stand beside the fields.
 */
export function CreateTaskModal({ data, modal, closeHref, actionData }: { data: TasksPageData; modal: NewModal; closeHref: string; actionData?: TasksActionData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const failed = actionData?.intent === "create" ? actionData : null;
  const initial: Draft = failed?.draft ?? modal.draft;
  const [draft, setDraft] = useState<Draft>(initial);
  const valid = draftValid(draft);
  const action = modalHref(data.path, data.state, { task: "new" });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "create-task",
    lastResult: failed?.reply,
    onValidate: ({ formData }) => checkForm(formData, TASK_CREATE_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  const sync = () =>
    requestAnimationFrame(() => {
      if (formRef.current) setDraft(readDraft(new FormData(formRef.current)));
    });
  /** A picker or a select changed its value without leaving a field: check it now (after the value is in the form). */
  const changed = (name: keyof Draft) =>
    requestAnimationFrame(() => {
      if (formRef.current) setDraft(readDraft(new FormData(formRef.current)));
      form.validate({ name });
    });

  const errorFor = (name: keyof Draft): ReactNode => {
    const messages = fields[name].errors;
    return messages?.length ? messages.map((m) => <span key={m}>{translateMessage(t, m)}</span>) : undefined;
  };

  return (
    <Modal open size="wide" title={t("tasks:create.title")} closeHref={closeHref} closeLabel={t("tasks:modal.close")} data-testid="create-task-modal">
      <Form ref={formRef} method="post" action={action} preventScrollReset {...getFormProps(form)} className="grid gap-4" onChange={sync}>
        <input type="hidden" name="intent" value="create" />
        <FormErrors errors={form.errors} id={form.errorId} />
        {/* Carried along when a picker submits this form as a GET without JavaScript. */}
        <input type="hidden" name="task" value="new" />
        <HiddenParams params={listParams(data.state)} />
        <Input name="title" label={t("tasks:fields.summary")} defaultValue={initial.title} maxLength={255} required error={errorFor("title")} autoComplete="off" />
        <Textarea name="description" label={t("tasks:fields.description")} defaultValue={initial.description} rows={5} required error={errorFor("description")} />
        <div className="grid gap-4 md:grid-cols-2">
          <UserPicker
            field="patientId"
            kind="patient"
            purpose="submit"
            label={t("tasks:fields.patient")}
            value={failed ? (failed.patient ?? null) : modal.patient}
            state={modal.pickers.patientId}
            formAction={data.path}
            required
            error={errorFor("patientId")}
            emptyLabel={t("tasks:picker.noPatient")}
            onChange={() => changed("patientId")}
          />
          <UserPicker
            field="providerId"
            kind="assignee"
            purpose="assign"
            label={t("tasks:fields.assignee")}
            value={failed ? (failed.assignee ?? null) : modal.assignee}
            state={modal.pickers.providerId}
            formAction={data.path}
            required
            error={errorFor("providerId")}
            onChange={() => changed("providerId")}
          />
          <Select name="taskStatus" label={t("tasks:fields.status")} options={statusOptions(t)} defaultValue={initial.taskStatus} required error={errorFor("taskStatus")} onValueChange={() => changed("taskStatus")} />
          <Select
            name="taskJourney"
            label={t("tasks:fields.journey")}
            options={journeyOptions(t)}
            defaultValue={initial.taskJourney}
            placeholder={t("tasks:form.chooseJourney")}
            required
            error={errorFor("taskJourney")}
            onValueChange={() => changed("taskJourney")}
          />
          <Select
            name="taskCategory"
            label={t("tasks:fields.category")}
            options={categoryOptions(t)}
            defaultValue={initial.taskCategory}
            placeholder={t("tasks:form.none")}
            deselectable
            clearLabel={t("tasks:form.clear")}
            error={errorFor("taskCategory")}
            onValueChange={() => changed("taskCategory")}
          />
          <Select
            name="taskSource"
            label={t("tasks:fields.source")}
            options={sourceOptions(t)}
            defaultValue={initial.taskSource}
            placeholder={t("tasks:form.none")}
            deselectable
            clearLabel={t("tasks:form.clear")}
            error={errorFor("taskSource")}
            onValueChange={() => changed("taskSource")}
          />
        </div>
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {t("tasks:modal.cancel")}
          </Link>
          <Button type="submit" disabled={hydrated && !valid} loading={submitting} aria-describedby={hydrated && !valid ? "create-task-hint" : undefined}>
            {t("tasks:create.submit")}
          </Button>
        </div>
        {hydrated && !valid ? (
          <p id="create-task-hint" className="text-right text-xs text-muted-foreground">
            {t("tasks:create.hint")}
          </p>
        ) : null}
      </Form>
    </Modal>
  );
}
