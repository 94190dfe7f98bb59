import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "~/lib/use-translation";
import { Form, Link, useFetcher } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FormErrors } from "~/components/form-field";
import { checkForm } from "~/lib/form-checks";
import { formatDate, relativeTime } from "~/lib/format";
import { TASK_COMMENT_CHECKS, TASK_DETAILS_CHECKS } from "~/lib/task-form-checks";
import { translateMessage } from "~/lib/i18n";
import type { TaskModal, TasksActionData, TasksPageData } from "~/lib/tasks.server";
import { cn } from "~/lib/utils";
import { HiddenParams } from "./hidden-params";
import { categoryOptions, journeyOptions, sourceOptions, statusOptions, StatusBadge } from "./labels";
import { activityText, listParams, modalHref, type Person } from "./task-model";
import { UserPicker } from "./user-picker";

type EditModal = Extract<TaskModal, { kind: "edit" }>;
const errorText = (t: TFunction, messages: string[] | undefined) => (messages?.length ? messages.map((m) => <span key={m}>{translateMessage(t, m)}</span>) : undefined);

/** The hidden `js` marker: with JavaScript the action answers data (a fetcher), without it redirects. */
function JsMarker() {
  const hydrated = useHydrated();
  return <input type="hidden" name="js" value={hydrated ? "1" : "0"} />;
}

/**
 * Edit a task (spec §2, §4): header with the id and the creator; title and description with an edit mode
 * (Save changes, Cancel); activity and comments with relative times (§9); the side panel's selects save the
 * changed field at once with JavaScript (one Save button without); footer Delete task (manager roles, with
 * a confirmation), Cancel, Complete task (disabled when done). A route state (`?task=<id>`, linkable).
 * Every change revalidates the page's loaders, so the list behind the modal is fresh when it closes.
 */
export function EditTaskModal({
  data,
  modal,
  closeHref,
  actionData,
  locale,
}: {
  data: TasksPageData;
  modal: EditModal;
  closeHref: string;
  actionData?: TasksActionData;
  locale: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { task } = modal;
  const taskUrl = modalHref(data.path, data.state, { task: task.id });
  const [confirmDelete, setConfirmDelete] = useState(modal.confirmDelete);
  useEffect(() => setConfirmDelete(modal.confirmDelete), [modal.confirmDelete]);
  const completeFetcher = useFetcher<TasksActionData>({ key: `task-${task.id}-complete` });
  const done = task.statusKey === "done";
  const creator = task.createdBy?.fullName ?? t("tasks:edit.system");

  return (
    <Modal
      open
      size="wide"
      closeHref={closeHref}
      closeLabel={t("tasks:modal.close")}
      data-testid="edit-task-modal"
      title={t("tasks:edit.title", { id: task.id })}
      description={t("tasks:edit.createdBy", { name: creator, date: formatDate(task.dateAssigned, { utcOffsetMinutes: data.utcOffsetMinutes }) })}
      footer={
        confirmDelete ? (
          <div role="alert" className="flex w-full flex-wrap items-center justify-end gap-3 rounded-md border border-error bg-error-subtle p-3">
            <p className="mr-auto text-sm text-error">{t("tasks:edit.confirmDelete")}</p>
            {hydrated ? (
              <Button variant="outline" onClick={() => setConfirmDelete(false)}>
                {t("tasks:modal.cancel")}
              </Button>
            ) : (
              <Link to={taskUrl} className={buttonVariants({ variant: "outline" })}>
                {t("tasks:modal.cancel")}
              </Link>
            )}
            <Form method="post" action={taskUrl}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={task.id} />
              <Button type="submit" variant="destructive">
                {t("tasks:edit.deleteConfirm")}
              </Button>
            </Form>
          </div>
        ) : (
          <>
            {data.canManage ? (
              hydrated ? (
                <Button variant="destructiveGhost" className="mr-auto" onClick={() => setConfirmDelete(true)}>
                  {t("tasks:edit.delete")}
                </Button>
              ) : (
                <Link to={modalHref(data.path, data.state, { task: task.id, confirm: "delete" })} className={cn(buttonVariants({ variant: "destructiveGhost" }), "mr-auto")}>
                  {t("tasks:edit.delete")}
                </Link>
              )
            ) : null}
            <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
              {t("tasks:modal.cancel")}
            </Link>
            <completeFetcher.Form method="post" action={taskUrl}>
              <input type="hidden" name="intent" value="complete" />
              <input type="hidden" name="id" value={task.id} />
              <JsMarker />
              <Button type="submit" disabled={done} loading={completeFetcher.state !== "idle"}>
                {t("tasks:edit.complete")}
              </Button>
            </completeFetcher.Form>
          </>
        )
      }
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="grid content-start gap-6">
          <Details modal={modal} taskUrl={taskUrl} data={data} actionData={actionData} />
          <Activity modal={modal} data={data} locale={locale} />
          <CommentForm modal={modal} taskUrl={taskUrl} actionData={actionData} />
        </div>
        <SidePanel modal={modal} data={data} taskUrl={taskUrl} actionData={actionData} />
      </div>
    </Modal>
  );
}

function Details({ modal, taskUrl, data, actionData }: { modal: EditModal; taskUrl: string; data: TasksPageData; actionData?: TasksActionData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { task } = modal;
  const fetcher = useFetcher<TasksActionData>({ key: `task-${task.id}-details` });
  const failed = fetcher.data?.intent === "details" ? fetcher.data : actionData?.intent === "details" ? actionData : null;
  const refused = failed !== null && !failed.ok && Object.keys(failed.reply.error ?? {}).length > 0;
  const [editing, setEditing] = useState(modal.editing || refused);
  const [form, fields] = useForm({
    id: `task-${task.id}-details`,
    lastResult: failed?.reply,
    defaultValue: { title: task.title, description: task.description },
    onValidate: ({ formData }) => checkForm(formData, TASK_DETAILS_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "ok" in fetcher.data && fetcher.data.ok) setEditing(false);
  }, [fetcher.state, fetcher.data]);

  if (!editing) {
    return (
      <section className="grid gap-2" aria-labelledby="task-title">
        <div className="flex items-start justify-between gap-3">
          <h3 id="task-title" className="text-base font-semibold text-foreground">
            {task.title}
          </h3>
          {hydrated ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              {t("tasks:edit.edit")}
            </Button>
          ) : (
            <Link to={modalHref(data.path, data.state, { task: task.id, edit: 1 })} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("tasks:edit.edit")}
            </Link>
          )}
        </div>
        <p className="text-sm whitespace-pre-wrap text-foreground" data-testid="task-description">
          {task.description}
        </p>
      </section>
    );
  }
  const title = typeof fields.title.initialValue === "string" ? fields.title.initialValue : task.title;
  const description = typeof fields.description.initialValue === "string" ? fields.description.initialValue : task.description;
  return (
    <fetcher.Form method="post" action={taskUrl} {...getFormProps(form)} className="grid gap-3" aria-label={t("tasks:edit.editDetails")}>
      <input type="hidden" name="intent" value="details" />
      <input type="hidden" name="id" value={task.id} />
      <JsMarker />
      <FormErrors errors={form.errors} id={form.errorId} />
      <Input name="title" label={t("tasks:fields.summary")} defaultValue={title} maxLength={255} required error={errorText(t, fields.title.errors)} />
      <Textarea name="description" label={t("tasks:fields.description")} defaultValue={description} rows={5} required error={errorText(t, fields.description.errors)} />
      <div className="flex justify-end gap-2">
        {hydrated ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(false)}>
            {t("tasks:modal.cancel")}
          </Button>
        ) : (
          <Link to={taskUrl} className={buttonVariants({ variant: "outline", size: "sm" })}>
            {t("tasks:modal.cancel")}
          </Link>
        )}
        <Button type="submit" size="sm" loading={fetcher.state !== "idle"}>
          {t("tasks:edit.saveChanges")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function Activity({ modal, data, locale }: { modal: EditModal; data: TasksPageData; locale: string }) {
  const { t } = useTranslation();
  const entries = modal.task.descriptionUpdates;
  return (
    <section className="grid gap-3" aria-labelledby="task-activity">
      <h3 id="task-activity" className="text-sm font-semibold text-foreground">
        {t("tasks:edit.activity")}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("tasks:edit.noActivity")}</p>
      ) : (
        <ol className="grid gap-3" data-testid="task-activity">
          {entries.map((entry) => {
            const name = entry.user?.fullName ?? t("tasks:edit.system");
            return (
              <li key={entry.id} className="flex gap-3" data-kind={entry.kind}>
                <Avatar name={name} src={entry.user?.avatar} size="sm" decorative />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-medium text-foreground">{name}</span>
                    <time
                      dateTime={entry.dateCreatedTz}
                      title={formatDate(entry.dateCreatedTz, { utcOffsetMinutes: data.utcOffsetMinutes, withTime: true, locale })}
                      className="text-xs text-muted-foreground"
                    >
                      {relativeTime(entry.dateCreatedTz, data.now, { utcOffsetMinutes: data.utcOffsetMinutes, locale })}
                    </time>
                  </p>
                  {entry.kind === "activity" ? (
                    <p className="text-sm text-muted-foreground italic">{activityText(entry.description, t)}</p>
                  ) : (
                    <p className="rounded-md bg-muted px-3 py-2 text-sm whitespace-pre-wrap text-foreground">{entry.description}</p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function CommentForm({ modal, taskUrl, actionData }: { modal: EditModal; taskUrl: string; actionData?: TasksActionData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<TasksActionData>({ key: `task-${modal.task.id}-comment` });
  const failed = fetcher.data?.intent === "comment" ? fetcher.data : actionData?.intent === "comment" ? actionData : null;
  const [form, fields] = useForm({
    id: `task-${modal.task.id}-comment`,
    lastResult: failed?.reply,
    onValidate: ({ formData }) => checkForm(formData, TASK_COMMENT_CHECKS),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const typed = typeof fields.description.initialValue === "string" ? fields.description.initialValue : "";
  const [text, setText] = useState(typed);
  // A comment that was sent clears the field (spec §4: the comment draft resets): the reply resets the form.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.intent === "comment" && fetcher.data.ok) setText("");
  }, [fetcher.state, fetcher.data]);
  const errors = fields.description.errors;
  return (
    <fetcher.Form method="post" action={taskUrl} {...getFormProps(form)} className="grid gap-2" aria-label={t("tasks:edit.commentForm")}>
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="id" value={modal.task.id} />
      <JsMarker />
      <FormErrors errors={form.errors} id={form.errorId} />
      <Textarea
        name="description"
        label={t("tasks:edit.comment")}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t("tasks:edit.commentPlaceholder")}
        error={errorText(t, errors)}
      />
      <div className="flex justify-end">
        {/* Spec §5: a comment is sent only when it is not empty. */}
        <Button type="submit" size="sm" variant="secondary" disabled={hydrated && !text.trim()} loading={fetcher.state !== "idle"}>
          {t("tasks:edit.send")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** One side-panel select that saves its own field at once with JavaScript. */
function usePanelSave(taskId: number, taskUrl: string, field: string) {
  const fetcher = useFetcher<TasksActionData>({ key: `task-${taskId}-${field}` });
  return {
    fetcher,
    save: (value: string) =>
      fetcher.submit({ intent: "field", id: String(taskId), field, value, js: "1" }, { method: "post", action: taskUrl, preventScrollReset: true }),
  };
}

function SidePanel({ modal, data, taskUrl, actionData }: { modal: EditModal; data: TasksPageData; taskUrl: string; actionData?: TasksActionData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { task, panel } = modal;
  const saves = {
    patientId: usePanelSave(task.id, taskUrl, "patientId"),
    providerId: usePanelSave(task.id, taskUrl, "providerId"),
    taskStatus: usePanelSave(task.id, taskUrl, "taskStatus"),
    taskJourney: usePanelSave(task.id, taskUrl, "taskJourney"),
    taskCategory: usePanelSave(task.id, taskUrl, "taskCategory"),
    taskSource: usePanelSave(task.id, taskUrl, "taskSource"),
  };
  const fieldError = (field: keyof typeof saves) => {
    const d = saves[field].fetcher.data;
    const fromFetcher = d && (d.intent === "field" || d.intent === "fields" || d.intent === "complete") ? d.errors : undefined;
    const fromPost = actionData?.intent === "fields" ? actionData.errors : undefined;
    return errorText(t, fromFetcher?.[field] ?? fromPost?.[field]);
  };
  const onPerson = (field: "patientId" | "providerId") => (person: Person | null) => saves[field].save(person ? String(person.id) : "");
  const saving = Object.values(saves).some((s) => s.fetcher.state !== "idle");

  return (
    <Form method="post" action={taskUrl} className="grid content-start gap-4 rounded-lg border bg-muted/30 p-3" aria-label={t("tasks:edit.panel")} data-testid="task-side-panel">
      <input type="hidden" name="intent" value="fields" />
      <input type="hidden" name="id" value={task.id} />
      {/* Carried along when a picker submits this form as a GET without JavaScript. */}
      <input type="hidden" name="task" value={task.id} />
      <HiddenParams params={listParams(data.state)} />
      <div className="flex items-center justify-between gap-2">
        <StatusBadge status={task.statusKey} />
        {hydrated ? (
          <span role="status" className="text-xs text-muted-foreground">
            {saving ? t("tasks:edit.saving") : ""}
          </span>
        ) : null}
      </div>
      <UserPicker
        field="patientId"
        kind="patient"
        purpose="submit"
        label={t("tasks:fields.patient")}
        value={modal.patient}
        state={modal.pickers.patientId}
        formAction={data.path}
        error={fieldError("patientId")}
        emptyLabel={t("tasks:picker.noPatient")}
        onChange={onPerson("patientId")}
      />
      <UserPicker
        field="providerId"
        kind="assignee"
        purpose="assign"
        label={t("tasks:fields.assignee")}
        value={modal.assignee}
        state={modal.pickers.providerId}
        formAction={data.path}
        error={fieldError("providerId")}
        onChange={onPerson("providerId")}
      />
      <div className="grid gap-4">
        <Select
          name="taskStatus"
          label={t("tasks:fields.status")}
          options={statusOptions(t)}
          defaultValue={panel.taskStatus}
          error={fieldError("taskStatus")}
          onValueChange={(v) => hydrated && v && saves.taskStatus.save(v)}
        />
        <Select
          name="taskJourney"
          label={t("tasks:fields.journey")}
          options={journeyOptions(t)}
          defaultValue={panel.taskJourney}
          placeholder={panel.taskJourney ? undefined : t("tasks:form.chooseJourney")}
          error={fieldError("taskJourney")}
          onValueChange={(v) => hydrated && v && saves.taskJourney.save(v)}
        />
        <Select
          name="taskCategory"
          label={t("tasks:fields.category")}
          options={categoryOptions(t)}
          defaultValue={panel.taskCategory}
          placeholder={t("tasks:form.none")}
          deselectable
          clearLabel={t("tasks:form.clear")}
          error={fieldError("taskCategory")}
          onValueChange={(v) => hydrated && saves.taskCategory.save(v)}
        />
        <Select
          name="taskSource"
          label={t("tasks:fields.source")}
          options={sourceOptions(t)}
          defaultValue={panel.taskSource}
          placeholder={t("tasks:form.none")}
          deselectable
          clearLabel={t("tasks:form.clear")}
          error={fieldError("taskSource")}
          onValueChange={(v) => hydrated && saves.taskSource.save(v)}
        />
      </div>
      {hydrated ? null : <Button type="submit">{t("tasks:edit.save")}</Button>}
    </Form>
  );
}

/** A modal that only says something and offers Close (a link back to the list, so it works without JS). */
export function NoticeModal({ closeHref, title, description }: { closeHref: string; title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      description={description}
      closeHref={closeHref}
      closeLabel={t("tasks:modal.close")}
      footer={
        <Link to={closeHref} className={buttonVariants({ variant: "outline" })}>
          {t("tasks:modal.close")}
        </Link>
      }
    />
  );
}

/** The task of `?task=<id>` could not be loaded (deleted, or no such id): spec §8 keeps it quiet. */
export function MissingTaskModal({ closeHref, id }: { closeHref: string; id: number }) {
  const { t } = useTranslation();
  return <NoticeModal closeHref={closeHref} title={t("tasks:edit.title", { id })} description={t("tasks:edit.missing")} />;
}
