import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Form, Link, useLocation } from "react-router";
import { PageTitle } from "~/components/page-title";
import { Button, buttonVariants } from "~/components/ui/button";
import { controlClasses, FieldLabel } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDate } from "~/lib/format";
import type { TasksActionData, TasksPageData } from "~/lib/tasks.server";
import { cn } from "~/lib/utils";
import { HiddenParams } from "./hidden-params";
import { categoryLabel, categoryOptions, journeyLabel, journeyOptions, sourceLabel, sourceOptions, statusOptions, StatusBadge } from "./labels";
import { CreateTaskModal } from "./task-create-modal";
import { EditTaskModal, MissingTaskModal } from "./task-edit-modal";
import { MassConfirmModal } from "./mass-confirm-modal";
import { LIST_SORTS, LIST_TABS, listHref, listParams, modalHref, pageReachable, DEFAULT_LIST_STATE, PAGE_SIZE } from "./task-model";
import { UserPicker } from "./user-picker";

export const tasksHandle = { title: "common:pages.tasks" };

/**
 * The tasks page of staff (/staff/tasks) and managers (/manager/tasks), spec §2: status tabs, filters
 * (a GET form), sort, paging (page numbers near the start, the API's cursor for "Next"), row selection
 * with mass status change / reassign / delete behind a confirmation step (manager roles only), and the
 * create / edit task modals, all driven by the URL (see task-model.ts).
 */
export function TasksPage({ data, actionData }: { data: TasksPageData; actionData?: TasksActionData }) {
  const { t, i18n } = useTranslation();
  const { path, state, pages, canManage, modal } = data;
  const closeHref = listHref(path, state);
  const hasFilters =
    state.search !== "" ||
    state.assignee !== null ||
    state.patient !== null ||
    state.category !== null ||
    state.source !== null ||
    state.journey !== null ||
    state.from !== null ||
    state.to !== null ||
    state.auto;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle title={tasksHandle.title} />
        <Link to={modalHref(path, state, { task: "new" })} preventScrollReset className={buttonVariants()}>
          {t("tasks:create.open")}
        </Link>
      </div>

      <nav aria-label={t("tasks:list.tabsLabel")} className="overflow-x-auto border-b">
        <ul className="flex gap-6">
          {LIST_TABS.map((tab) => (
            <li key={tab} className="flex">
              <Link
                to={listHref(path, state, { tab })}
                aria-current={state.tab === tab ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "-mb-px inline-flex items-center border-b-2 px-1 pt-1 pb-3 text-sm font-medium whitespace-nowrap",
                  state.tab === tab ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:border-input hover:text-foreground",
                )}
              >
                {t(`tasks:list.tab.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Filters data={data} open={hasFilters || data.filterPickers.assignee.open || data.filterPickers.patient.open} />

      <TaskTable data={data} hasFilters={hasFilters} />

      {pages ? <Paging data={data} /> : null}

      {modal?.kind === "new" ? (
        <CreateTaskModal data={data} modal={modal} closeHref={closeHref} actionData={actionData} />
      ) : modal?.kind === "edit" ? (
        <EditTaskModal key={modal.task.id} data={data} modal={modal} closeHref={closeHref} actionData={actionData} locale={i18n.language} />
      ) : modal?.kind === "missing" ? (
        <MissingTaskModal closeHref={closeHref} id={modal.id} />
      ) : modal?.kind === "mass" && canManage ? (
        <MassConfirmModal data={data} modal={modal} closeHref={closeHref} actionData={actionData} />
      ) : null}
    </div>
  );
}

function Filters({ data, open }: { data: TasksPageData; open: boolean }) {
  const { t } = useTranslation();
  const { path, state } = data;
  return (
    <details open={open || undefined} className="rounded-lg border bg-card">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium">{t("tasks:filters.title")}</summary>
      <Form method="get" action={path} className="grid gap-4 border-t p-4" aria-label={t("tasks:filters.title")} preventScrollReset>
        {state.tab !== DEFAULT_LIST_STATE.tab ? <input type="hidden" name="tab" value={state.tab} /> : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Input name="search" type="search" label={t("tasks:filters.search")} defaultValue={state.search} placeholder={t("tasks:filters.searchPlaceholder")} />
          <Select
            name="category"
            label={t("tasks:fields.category")}
            options={categoryOptions(t)}
            defaultValue={state.category === null ? "" : String(state.category)}
            placeholder={t("tasks:filters.any")}
            deselectable
            enhance={false}
          />
          <Select
            name="source"
            label={t("tasks:fields.source")}
            options={sourceOptions(t)}
            defaultValue={state.source ?? ""}
            placeholder={t("tasks:filters.any")}
            deselectable
            enhance={false}
          />
          <Select
            name="journey"
            label={t("tasks:fields.journey")}
            options={journeyOptions(t)}
            defaultValue={state.journey === null ? "" : String(state.journey)}
            placeholder={t("tasks:filters.any")}
            deselectable
            enhance={false}
          />
          <Input name="from" type="date" label={t("tasks:filters.from")} defaultValue={state.from ?? ""} />
          <Input name="to" type="date" label={t("tasks:filters.to")} defaultValue={state.to ?? ""} />
          <UserPicker
            field="assignee"
            kind="assignee"
            purpose="filter"
            label={t("tasks:fields.assignee")}
            value={data.filterPeople.assignee}
            state={data.filterPickers.assignee}
            formAction={path}
            emptyLabel={t("tasks:filters.anyone")}
          />
          <UserPicker
            field="patient"
            kind="patient"
            purpose="filter"
            label={t("tasks:fields.patient")}
            value={data.filterPeople.patient}
            state={data.filterPickers.patient}
            formAction={path}
            emptyLabel={t("tasks:filters.anyPatient")}
          />
          <div className="grid content-start gap-4">
            <div className="grid content-start">
              <FieldLabel htmlFor="tasks-sort">{t("tasks:filters.sort")}</FieldLabel>
              <select id="tasks-sort" name="sort" defaultValue={state.sort} className={cn(controlClasses, "h-10")}>
                {LIST_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`tasks:sort.${sort}`)}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="auto" value="1" defaultChecked={state.auto} className="size-4 accent-primary" />
              {t("tasks:filters.onlyAuto")}
            </label>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit">{t("tasks:filters.apply")}</Button>
          <Link to={listHref(path, { ...DEFAULT_LIST_STATE, tab: state.tab })} className={buttonVariants({ variant: "outline" })}>
            {t("tasks:filters.clear")}
          </Link>
        </div>
      </Form>
    </details>
  );
}

function TaskTable({ data, hasFilters }: { data: TasksPageData; hasFilters: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { path, state, items, canManage, utcOffsetMinutes } = data;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const allRef = useRef<HTMLInputElement>(null);
  const ids = items.map((task) => task.id);
  const location = useLocation();

  // Any navigation (a mass change done or cancelled, another page, a filter) starts a fresh selection;
  // the confirmation step carries its ids in the URL.
  useEffect(() => setSelected(new Set()), [location.key]);
  const allChecked = ids.length > 0 && ids.every((id) => selected.has(id));
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = selected.size > 0 && !allChecked;
  }, [selected, allChecked]);

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const none = hydrated && selected.size === 0;
  const list = listParams(state);

  return (
    <Form method="get" action={path} preventScrollReset className="grid gap-3" aria-label={t("tasks:list.label")}>
      <HiddenParams params={list} />
      {canManage ? (
        <div className="flex flex-wrap items-end gap-3 rounded-lg border bg-muted/40 p-3" role="group" aria-label={t("tasks:mass.label")}>
          {hydrated ? (
            <p className="self-center text-sm text-muted-foreground" aria-live="polite">
              {t("tasks:mass.selected", { count: selected.size })}
            </p>
          ) : null}
          <div className="grid content-start">
            <FieldLabel htmlFor="mass-status">{t("tasks:mass.newStatus")}</FieldLabel>
            <select id="mass-status" name="massStatus" defaultValue="" className={cn(controlClasses, "h-9")}>
              <option value="">{t("tasks:mass.chooseStatus")}</option>
              {statusOptions(t).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" name="confirm" value="status" variant="secondary" size="sm" disabled={none}>
            {t("tasks:mass.changeStatus")}
          </Button>
          <Button type="submit" name="confirm" value="assign" variant="secondary" size="sm" disabled={none}>
            {t("tasks:mass.reassign")}
          </Button>
          <Button type="submit" name="confirm" value="delete" variant="destructive" size="sm" disabled={none}>
            {t("tasks:mass.delete")}
          </Button>
        </div>
      ) : null}

      <p className="text-sm text-muted-foreground" data-testid="tasks-count">
        {data.pages ? countText(t, data) : null}
      </p>

      {items.length === 0 ? (
        <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground" data-testid="tasks-empty">
          {hasFilters ? t("tasks:list.noMatches") : t("tasks:list.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <table className="w-full min-w-[900px] text-left text-sm">
            <caption className="sr-only">{t("tasks:list.caption")}</caption>
            <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                {canManage ? (
                  <th scope="col" className="w-10 px-3 py-2">
                    {hydrated ? (
                      <input
                        ref={allRef}
                        type="checkbox"
                        aria-label={t("tasks:list.selectAll")}
                        checked={allChecked}
                        onChange={(event) => setSelected(event.target.checked ? new Set(ids) : new Set())}
                        className="size-4 accent-primary"
                      />
                    ) : (
                      <span className="sr-only">{t("tasks:list.select")}</span>
                    )}
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.id")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.title")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.patient")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.assignee")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.category")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.source")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.journey")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.status")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("tasks:fields.dateAssigned")}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((task) => (
                <tr key={task.id} className="border-b last:border-b-0 hover:bg-muted/30" data-task-id={task.id}>
                  {canManage ? (
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        name="ids"
                        value={task.id}
                        aria-label={t("tasks:list.selectTask", { id: task.id, title: task.title })}
                        checked={hydrated ? selected.has(task.id) : undefined}
                        onChange={(event) => toggle(task.id, event.target.checked)}
                        className="size-4 accent-primary"
                      />
                    </td>
                  ) : null}
                  <td className="px-3 py-2 text-muted-foreground tabular-nums">#{task.id}</td>
                  <td className="max-w-72 px-3 py-2">
                    <Link to={modalHref(path, state, { task: task.id })} preventScrollReset className="font-medium text-primary underline-offset-4 hover:underline">
                      {task.title}
                    </Link>
                    {task.auto ? <span className="ml-2 text-xs text-muted-foreground">({t("tasks:list.auto")})</span> : null}
                  </td>
                  <td className="px-3 py-2">{task.patient?.fullName ?? "—"}</td>
                  <td className="px-3 py-2">{task.provider?.fullName ?? t("tasks:activity.nobody")}</td>
                  <td className="px-3 py-2">{categoryLabel(t, task.category)}</td>
                  <td className="px-3 py-2">{sourceLabel(t, task.source)}</td>
                  <td className="px-3 py-2">{journeyLabel(t, task.sectionType)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={task.statusKey} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDate(task.dateAssigned, { utcOffsetMinutes })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Form>
  );
}

function countText(t: (key: string, options?: Record<string, unknown>) => string, data: TasksPageData): string {
  const pages = data.pages!;
  const first = (data.state.page - 1) * PAGE_SIZE + 1;
  const last = first + data.items.length - 1;
  const total = pages.totalCountCapped ? t("tasks:list.atLeast", { count: pages.totalCount }) : String(pages.totalCount);
  if (data.items.length === 0) return t("tasks:list.countNone");
  return t("tasks:list.count", { first, last, total });
}

function Paging({ data }: { data: TasksPageData }) {
  const { t } = useTranslation();
  const { path, state, pages } = data;
  if (!pages || (state.page === 1 && !pages.hasMore)) return null;
  const previous = state.page - 1;
  return (
    <nav aria-label={t("tasks:paging.label")} className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex gap-2">
        {state.page > 1 ? (
          pageReachable(previous) ? (
            <Link to={listHref(path, state, { page: previous, cursor: null })} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("tasks:paging.previous")}
            </Link>
          ) : (
            <Link to={listHref(path, state, { page: 1, cursor: null })} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("tasks:paging.first")}
            </Link>
          )
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{t("tasks:paging.page", { page: state.page })}</p>
      <div className="flex gap-2">
        {pages.hasMore && pages.nextCursor ? (
          <Link
            to={listHref(path, state, { page: state.page + 1, cursor: pages.nextCursor })}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            {t("tasks:paging.next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
