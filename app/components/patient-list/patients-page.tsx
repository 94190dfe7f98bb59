import { Form, Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { PatientListData } from "~/lib/patient-list.server";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import {
  DEFAULT_LIST_STATE,
  JOURNEYS,
  PATIENT_LIST_TABS,
  PATIENT_STATUS_FILTERS,
  PROVIDER_LIST_SORTS,
  READY_TO_REVIEW_KINDS,
  ariaSort,
  listHref,
  sortToggle,
} from "./model";
import { CursorPaging, ErrorSummary, NativeSelect, PatientCells, PatientStatusBadge, StateBadge, countLabel, journeyLabel } from "./parts";

export const patientsHandle = { title: "common:pages.patients", i18n: ["patientList"] } as const;

/**
 * The patients list of staff (/staff/patients) and managers (/manager/patients), spec §2, §4: the ten tabs as links
 * with their counts, the filters as a GET form, sortable column headers as links, cursor paging, and the status
 * badges of §4. Each row links to the patient's record (/<area>/patients/{id}).
 */
export function PatientsPage({ data }: { data: PatientListData }) {
  const { t, i18n } = useTranslation();
  const { path, state, list, area } = data;
  const counts = list.pages?.tabCounts;
  const hasFilters = state.search !== "" || state.status !== null || state.readyToReview !== null || state.journey !== null || state.providerId !== null;

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={patientsHandle.title} />
      <ErrorSummary errors={list.errors} fieldIds={{ search: "patients-search", status: "patients-status", readyToReview: "patients-ready", journey: "patients-journey", providerId: "patients-provider", sort: "patients-sort" }} />

      {/* The ten tabs wrap instead of scrolling: a tab scrolled out of view is hidden from sight (and from axe's checks). */}
      <nav aria-label={t("patientList:tabs.label")} className="border-b">
        <ul className="flex flex-wrap gap-x-5 gap-y-1">
          {PATIENT_LIST_TABS.map((tab) => (
            <li key={tab} className="flex">
              <Link
                to={listHref(path, state, { tab })}
                aria-current={state.tab === tab ? "page" : undefined}
                data-tab={tab}
                className={cn(
                  "-mb-px inline-flex items-center gap-2 border-b-2 px-1 pt-1 pb-3 text-sm font-medium whitespace-nowrap",
                  state.tab === tab ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:border-input hover:text-foreground",
                )}
              >
                {t(`patientList:tabs.${tab}`)}
                {counts ? (
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-foreground tabular-nums" data-testid={`count-${tab}`}>
                    {countLabel(counts[tab].count, counts[tab].capped, i18n.language)}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form method="get" action={path} className="grid gap-4 rounded-lg border bg-card p-4" aria-label={t("patientList:filters.title")}>
        {state.tab !== "all" ? <input type="hidden" name="tab" value={state.tab} /> : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <div className="sm:col-span-2 lg:col-span-3">
            <Input
              id="patients-search"
              name="search"
              type="search"
              label={t("patientList:filters.search")}
              defaultValue={state.search}
              placeholder={t("patientList:filters.searchPlaceholder")}
              error={list.errors?.search ? list.errors.search.join(" ") : undefined}
            />
          </div>
          <NativeSelect
            id="patients-status"
            name="status"
            label={t("patientList:filters.status")}
            value={state.status ?? ""}
            emptyLabel={t("patientList:filters.any")}
            options={PATIENT_STATUS_FILTERS.map((v) => ({ value: v, label: t(`patientList:statusFilter.${v}`) }))}
          />
          <NativeSelect
            id="patients-ready"
            name="readyToReview"
            label={t("patientList:filters.readyToReview")}
            value={state.readyToReview ?? ""}
            emptyLabel={t("patientList:filters.any")}
            options={READY_TO_REVIEW_KINDS.map((v) => ({ value: v, label: t(`patientList:readyToReview.${v}`) }))}
          />
          <NativeSelect
            id="patients-journey"
            name="journey"
            label={t("patientList:filters.journey")}
            value={state.journey === null ? "" : String(state.journey)}
            emptyLabel={t("patientList:filters.any")}
            options={JOURNEYS.map((j) => ({ value: String(j), label: journeyLabel(t, j) }))}
          />
          <NativeSelect
            id="patients-provider"
            name="providerId"
            label={t("patientList:filters.provider")}
            value={state.providerId === null ? "" : String(state.providerId)}
            emptyLabel={t("patientList:filters.any")}
            options={data.clinicians.map((c) => ({ value: String(c.id), label: c.fullName }))}
          />
          <NativeSelect
            id="patients-sort"
            name="sort"
            label={t("patientList:filters.sort")}
            value={state.sort}
            options={PROVIDER_LIST_SORTS.map((v) => ({ value: v, label: t(`patientList:sort.${v}`) }))}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit">{t("patientList:filters.apply")}</Button>
          {hasFilters ? (
            <Link to={listHref(path, { ...DEFAULT_LIST_STATE, tab: state.tab })} className={buttonVariants({ variant: "outline" })}>
              {t("patientList:filters.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      {list.failed ? (
        <p role="alert" className="rounded-lg border border-error bg-error-subtle p-4 text-sm text-error">
          {t("patientList:list.unavailable")}
        </p>
      ) : null}

      {list.pages ? (
        <p className="text-sm text-muted-foreground" data-testid="patients-count" aria-live="polite">
          {t(list.pages.totalCountCapped ? "patientList:list.countCapped" : "patientList:list.count", { total: list.pages.totalCount.toLocaleString(i18n.language) })}
        </p>
      ) : null}

      {list.items.length === 0 && !list.failed && !list.errors ? (
        <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground" data-testid="patients-empty">
          {hasFilters ? t("patientList:list.noMatches") : t("patientList:list.empty")}
        </p>
      ) : list.items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <table className="w-full min-w-[1100px] text-left text-sm" data-testid="patients-table">
            <caption className="sr-only">{t("patientList:list.caption")}</caption>
            <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("patientList:columns.id")}
                </th>
                <th scope="col" className="px-3 py-2" aria-sort={ariaSort(state.sort, "name")}>
                  <Link to={listHref(path, state, { sort: sortToggle(state.sort, "name") })} className="underline-offset-4 hover:underline" data-sort="name">
                    {t("patientList:columns.patient")}
                    <SortMark dir={ariaSort(state.sort, "name")} />
                  </Link>
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("patientList:columns.email")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("patientList:columns.phone")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("patientList:columns.dateOfBirth")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("patientList:columns.journey")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("patientList:columns.treatment")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("patientList:columns.patientStatus")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("patientList:columns.provider")}
                </th>
                <th scope="col" className="px-3 py-2" aria-sort={ariaSort(state.sort, "created")}>
                  <Link to={listHref(path, state, { sort: sortToggle(state.sort, "created") })} className="underline-offset-4 hover:underline" data-sort="created">
                    {t("patientList:columns.created")}
                    <SortMark dir={ariaSort(state.sort, "created")} />
                  </Link>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((row) => (
                <tr key={row.id} className="border-b last:border-b-0 hover:bg-muted/30" data-treatment-id={row.id}>
                  <td className="px-3 py-2 text-muted-foreground tabular-nums">#{row.id}</td>
                  <PatientCells row={row} patientHref={`/${area}/patients/${row.patient.id}`} />
                  <td className="px-3 py-2">{journeyLabel(t, row.sectionType)}</td>
                  <td className="px-3 py-2">
                    <StateBadge state={row.displayedState} />
                  </td>
                  <td className="px-3 py-2">
                    <PatientStatusBadge statusKey={row.patientStatusKey} tab={row.tab} />
                  </td>
                  <td className="px-3 py-2">{row.provider?.fullName ?? t("patientList:list.unassigned")}</td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDate(row.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <CursorPaging
        page={state.page}
        firstHref={state.cursor ? listHref(path, state) : null}
        nextHref={list.pages?.nextCursor ? listHref(path, state, { cursor: list.pages.nextCursor, page: state.page + 1 }) : null}
      />
    </div>
  );
}

function SortMark({ dir }: { dir: "ascending" | "descending" | undefined }) {
  if (!dir) return null;
  return (
    // A triangle drawn with borders, not a text glyph: it carries no text (the header's aria-sort says the order).
    <span
      aria-hidden="true"
      className={cn(
        "ml-1 inline-block size-0 border-x-4 border-x-transparent align-middle",
        dir === "ascending" ? "border-b-[6px] border-b-current" : "border-t-[6px] border-t-current",
      )}
    />
  );
}
