import { Form, Link, useNavigation } from "react-router";
import { PageTitle } from "~/components/page-title";
import { Button, buttonVariants } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { WorkloadActionData, WorkloadData } from "~/lib/patient-list.server";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/use-translation";
import { workloadHref, workloadParams } from "./model";
import { CursorPaging, ErrorSummary, NativeSelect, PatientCells, StateBadge, countLabel, journeyLabel } from "./parts";

export const workloadHandle = { title: "common:pages.workload", i18n: ["patientList"] } as const;

/**
 * Provider workload (spec §2, §6: providers and both manager roles): open reviews and their patients per provider;
 * a provider's open reviews with row selection, and bulk reassignment to another provider behind a confirmation.
 * Without JavaScript the selection is a GET form to `?confirm=assign&ids=…&to=…` (the confirmation step, a page
 * state that can be reloaded), whose POST form makes the change.
 */
export function WorkloadPage({ data, actionData }: { data: WorkloadData; actionData?: WorkloadActionData }) {
  const { t, i18n } = useTranslation();
  const { path, state, workload, reviews, area } = data;
  const chosen = workload?.providers.find((p) => p.provider.id === state.providerId)?.provider ?? data.clinicians.find((c) => c.id === state.providerId) ?? null;
  const base = { ...state, confirm: false, ids: [], to: null };
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={workloadHandle.title} />
      <p className="text-sm text-muted-foreground">{t("patientList:workload.intro")}</p>
      {!workload ? (
        <p role="alert" className="rounded-lg border border-error bg-error-subtle p-4 text-sm text-error">
          {t("patientList:workload.unavailable")}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border bg-card">
            <table className="w-full text-left text-sm" data-testid="workload-table">
              <caption className="sr-only">{t("patientList:workload.caption")}</caption>
              <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("patientList:workload.provider")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("patientList:workload.openReviews")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("patientList:workload.patients")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("patientList:workload.pastDue")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {workload.providers.map((row) => (
                  <tr key={row.provider.id} className="border-b last:border-b-0" data-provider-id={row.provider.id} aria-current={row.provider.id === state.providerId ? "true" : undefined}>
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      <Link
                        to={workloadHref(path, { ...base, providerId: row.provider.id, cursor: null, page: 1 })}
                        aria-label={t("patientList:workload.show", { name: row.provider.fullName })}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {row.provider.fullName}
                      </Link>
                      <span className="block text-xs text-muted-foreground">{t(`patientList:workload.role.${row.provider.role}`)}</span>
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{countLabel(row.openReviews, row.capped, i18n.language)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{countLabel(row.patients, row.capped, i18n.language)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{countLabel(row.pastDue, row.capped, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-muted-foreground">{t("patientList:workload.unassigned", { count: countLabel(workload.unassigned.openReviews, workload.unassigned.capped, i18n.language) })}</p>
        </>
      )}

      {chosen && reviews ? (
        <section aria-labelledby="workload-reviews" className="flex flex-col gap-4">
          <h2 id="workload-reviews" className="text-lg font-semibold">
            {t("patientList:workload.reviewsOf", { name: chosen.fullName })}
          </h2>
          <ErrorSummary errors={reviews.errors} />
          {reviews.items.length === 0 ? (
            <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground">{t("patientList:workload.none")}</p>
          ) : (
            <Form method="get" action={path} className="grid gap-3" aria-label={t("patientList:workload.reviewsOf", { name: chosen.fullName })}>
              <input type="hidden" name="providerId" value={chosen.id} />
              {state.cursor ? (
                <>
                  <input type="hidden" name="cursor" value={state.cursor} />
                  <input type="hidden" name="page" value={state.page} />
                </>
              ) : null}
              <input type="hidden" name="confirm" value="assign" />
              <div className="flex flex-wrap items-end gap-3 rounded-lg border bg-muted/40 p-3">
                <NativeSelect
                  id="workload-to"
                  name="to"
                  label={t("patientList:workload.reassignTo")}
                  value=""
                  emptyLabel={t("patientList:workload.choose")}
                  options={data.clinicians.filter((c) => c.id !== chosen.id).map((c) => ({ value: String(c.id), label: c.fullName }))}
                />
                <Button type="submit" variant="secondary">
                  {t("patientList:workload.reassign")}
                </Button>
              </div>
              <div className="overflow-x-auto rounded-lg border bg-card">
                <table className="w-full min-w-[1000px] text-left text-sm" data-testid="workload-reviews">
                  <caption className="sr-only">{t("patientList:workload.reviewsCaption", { name: chosen.fullName })}</caption>
                  <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
                    <tr>
                      <th scope="col" className="w-10 px-3 py-2">
                        <span className="sr-only">{t("patientList:columns.select")}</span>
                      </th>
                      {["id", "patient", "email", "phone", "dateOfBirth", "journey", "treatment", "created"].map((c) => (
                        <th key={c} scope="col" className="px-3 py-2">
                          {t(`patientList:columns.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {reviews.items.map((row) => (
                      <tr key={row.id} className="border-b last:border-b-0" data-treatment-id={row.id}>
                        <td className="px-3 py-2">
                          <input
                            type="checkbox"
                            name="ids"
                            value={row.id}
                            defaultChecked={state.ids.includes(row.id)}
                            aria-label={t("patientList:workload.selectRow", { id: row.id, name: row.patient.fullName })}
                            className="size-4 accent-primary"
                          />
                        </td>
                        <td className="px-3 py-2 text-muted-foreground tabular-nums">#{row.id}</td>
                        <PatientCells row={row} patientHref={`/${area}/patients/${row.patient.id}`} />
                        <td className="px-3 py-2">{journeyLabel(t, row.sectionType)}</td>
                        <td className="px-3 py-2">
                          <StateBadge state={row.displayedState} />
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDate(row.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Form>
          )}
          <CursorPaging
            page={state.page}
            firstHref={state.cursor ? workloadHref(path, { ...base, cursor: null, page: 1 }) : null}
            nextHref={reviews.pages?.nextCursor ? workloadHref(path, { ...base, cursor: reviews.pages.nextCursor, page: state.page + 1 }) : null}
          />
        </section>
      ) : null}

      {data.confirm ? <ConfirmReassign data={data} actionData={actionData} closeHref={workloadHref(path, base)} /> : null}
    </div>
  );
}

function ConfirmReassign({ data, actionData, closeHref }: { data: WorkloadData; actionData?: WorkloadActionData; closeHref: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const confirm = data.confirm!;
  const ready = confirm.ids.length > 0 && confirm.to !== null;
  return (
    <Modal open title={t("patientList:workload.confirmTitle")} closeHref={closeHref} closeLabel={t("patientList:workload.close")} data-testid="reassign-confirm">
      <div className="grid gap-4">
        <ErrorSummary errors={actionData?.errors} />
        {ready ? (
          <p className="text-sm">{t("patientList:workload.confirmText", { count: confirm.ids.length, name: confirm.to!.fullName })}</p>
        ) : (
          <p className="text-sm" role="alert">
            {t("patientList:workload.confirmNone")}
          </p>
        )}
        <Form method="post" action={`${data.path}?${workloadParams(data.state).toString()}`} className="flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="assign" />
          {confirm.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          {confirm.to ? <input type="hidden" name="to" value={confirm.to.id} /> : null}
          <Link to={closeHref} className={buttonVariants({ variant: "outline" })}>
            {t("patientList:workload.cancel")}
          </Link>
          {ready ? (
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("patientList:workload.confirm")}
            </Button>
          ) : null}
        </Form>
      </div>
    </Modal>
  );
}
