import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { Select } from "~/components/ui/select";
import { useHydrated } from "~/components/ui/use-hydrated";
import { translateMessage } from "~/lib/i18n";
import type { TaskModal, TasksActionData, TasksPageData } from "~/lib/tasks.server";
import { HiddenParams } from "./hidden-params";
import { statusOptions } from "./labels";
import { NoticeModal } from "./task-edit-modal";
import { listParams } from "./task-model";
import { UserPicker } from "./user-picker";

type MassModal = Extract<TaskModal, { kind: "mass" }>;

const INTENTS = { status: "massStatus", assign: "massAssign", delete: "massDelete" } as const;

/**
 * The confirmation step of a mass change (manager roles): `?confirm=status|assign|delete&ids=…`, reached by
 * the list's GET form (so it works without JavaScript and can be reloaded). Confirming posts the change;
 * Cancel goes back to the list.
 */
export function MassConfirmModal({ data, modal, closeHref, actionData }: { data: TasksPageData; modal: MassModal; closeHref: string; actionData?: TasksActionData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const count = modal.ids.length;
  // The server parsed the change with the contract's schema (app/lib/schemas/tasks.ts): its errors by field.
  const errors: Partial<Record<string, string[]>> = Object.fromEntries(
    Object.entries(actionData?.intent === "mass" ? (actionData.reply.error ?? {}) : {}).flatMap(([name, messages]) => (messages?.length ? [[name, messages]] : [])),
  );
  const [assignee, setAssignee] = useState(modal.assignee);
  const [status, setStatus] = useState(modal.status);
  const submitting = navigation.state === "submitting";
  const ready = modal.confirm === "delete" || (modal.confirm === "status" ? status !== "" : assignee !== null);
  const message = (messages: string[] | undefined) => (messages?.length ? messages.map((m) => <span key={m}>{translateMessage(t, m)}</span>) : undefined);

  if (count === 0) {
    return <NoticeModal closeHref={closeHref} title={t(`tasks:mass.confirm.${modal.confirm}.title`)} description={t("tasks:mass.noneSelected")} />;
  }

  return (
    <Modal
      open
      title={t(`tasks:mass.confirm.${modal.confirm}.title`)}
      description={t(`tasks:mass.confirm.${modal.confirm}.text`, { count })}
      closeHref={closeHref}
      closeLabel={t("tasks:modal.close")}
      data-testid="mass-confirm-modal"
    >
      {/* Posted to this same URL, so that a refused change shows its errors in this step again. */}
      <Form method="post" action={location.pathname + location.search} className="grid gap-4" preventScrollReset>
        <input type="hidden" name="intent" value={INTENTS[modal.confirm]} />
        {modal.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        {/* Carried along when the assignee picker submits this form as a GET without JavaScript. */}
        <input type="hidden" name="confirm" value={modal.confirm} />
        <HiddenParams params={listParams(data.state)} />
        {modal.confirm === "status" ? (
          <Select
            name="massStatus"
            label={t("tasks:mass.newStatus")}
            options={statusOptions(t)}
            defaultValue={modal.status}
            placeholder={t("tasks:mass.chooseStatus")}
            required
            error={message(errors.massStatus ?? errors.status)}
            onValueChange={setStatus}
          />
        ) : null}
        {modal.confirm === "assign" ? (
          <UserPicker
            field="massProviderId"
            kind="assignee"
            purpose="assign"
            label={t("tasks:mass.newAssignee")}
            value={modal.assignee}
            state={modal.picker}
            formAction={data.path}
            required
            error={message(errors.massProviderId ?? errors.providerId)}
            onChange={setAssignee}
          />
        ) : null}
        {errors.ids ? <p className="text-sm text-error">{message(errors.ids)}</p> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {t("tasks:modal.cancel")}
          </Link>
          <Button type="submit" variant={modal.confirm === "delete" ? "destructive" : "primary"} disabled={hydrated && !ready} loading={submitting}>
            {t(`tasks:mass.confirm.${modal.confirm}.submit`, { count })}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
