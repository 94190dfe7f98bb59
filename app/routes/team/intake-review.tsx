import type { Route } from "./+types/intake-review";
import { Form, Link, useLocation } from "react-router";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary, Facts, RecordSection, ReviewBadge, Empty } from "~/components/patient-record/record-ui";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { areaOf } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { reviewAction, reviewLoader, type ReviewActionResult, type TreatmentReview } from "~/lib/review.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { DECLINE_REASONS, REVIEW_TEXT_MAX } from "../../../api/contract/review-rules.ts";

/**
 * Review the intake (spec §2 review steps, the first step; /staff and /manager URLs): the answers, ID photo and
 * selfie, BMI, contraindication flags and prior treatments, and the decision forms (approve, decline with a reason,
 * request changes, no-show; cancel or resume once decided), each a plain form post (app/lib/review.server.ts).
 * The sidebar's steps and their §4 states come from this loader (`reviewSteps`, read by the review layout).
 */
export const handle = { title: "common:pages.intakeReview", review: { flow: "intake", step: "review" }, i18n: ["patients", "review", "tasks"] } satisfies RouteHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { review, toasts } = await reviewLoader(context, params.treatmentId);
  return { review, toasts, reviewSteps: review.steps };
}

export function action({ request, params, context }: Route.ActionArgs) {
  return reviewAction(request, context, areaOf(new URL(request.url).pathname), params.treatmentId);
}

type Answer = TreatmentReview["intake"][number];

function AnswerText({ value }: { value: Answer["value"] }) {
  const { t } = useTranslation();
  if (value === null || value === "" || (Array.isArray(value) && value.length === 0)) return <>{t("review:facts.none")}</>;
  if (typeof value === "boolean") return <>{value ? t("review:yes") : t("review:no")}</>;
  if (Array.isArray(value)) return <>{value.join(", ")}</>;
  return <>{String(value)}</>;
}

export default function TeamIntakeReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { review } = loaderData;
  const { treatment: x, patient: p } = review;
  const result = actionData as ReviewActionResult | undefined;
  const errorsFor = (intent: string): Record<string, string[] | undefined> | undefined =>
    result?.intent === intent ? Object.fromEntries(Object.entries(result.reply.error ?? {}).map(([k, v]) => [k, v ?? undefined])) : undefined;
  const labels = (intent: string, fields: Record<string, string>) => ({
    "": { id: `${intent}-form`, label: t("review:formErrors") },
    ...Object.fromEntries(Object.entries(fields).map(([name, label]) => [name, { id: `${intent}-${name}`, label }])),
  });
  const fieldError = (intent: string, name: string) => {
    const list = errorsFor(intent)?.[name];
    return list?.length ? list.map((m) => translateMessage(t, m)).join(" ") : undefined;
  };
  const area = location.pathname.startsWith("/manager") ? "manager" : "staff";
  const search = new URLSearchParams(location.search);
  search.delete("cancel");
  const keep = search.size ? `?${search}` : "";
  const nextStep = `/staff/patients/${p.id}/intakes/${x.id}/record-visit${keep}`;
  const can = (a: TreatmentReview["actions"][number]) => review.actions.includes(a);
  // Resume may take add-ons off the treatment's subscription (the main item stays: the API refuses it).
  const addons = x.subscription?.items.filter((item) => item.isAddon) ?? [];
  const licenseMessage = review.license.code ? t(review.license.code === "licenses.outOfState" ? "patients:licenses.outOfState" : "patients:licenses.noShippingState", { state: review.license.state ?? "" }) : "";
  const weights = [p.weightStart, p.weightCurrent, p.weightGoal].map((w) => (w === null ? "–" : `${w} lb`)).join(" / ");

  return (
    <>
      <PageTitle title={handle.title} />
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold">
          <Link to={`/${area}/patients/${p.id}`} className="underline">
            {p.fullName}
          </Link>{" "}
          · {t(`tasks:journey.${x.sectionType}`)} · {x.productName ?? t("review:facts.none")}
        </p>
        <ReviewBadge state={x.displayedState} />
      </div>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <RecordSection title={t("review:patient")} testId="review-patient">
            <Facts
              items={[
                [t("review:facts.dateOfBirth"), p.dateOfBirth ? `${formatDate(`${p.dateOfBirth}T00:00:00Z`)}${p.age !== null ? ` (${p.age})` : ""}` : null],
                [t("review:facts.gender"), p.gender ? t(`patients:gender.${p.gender}`, { defaultValue: p.gender }) : null],
                [t("review:facts.height"), p.heightInches !== null ? `${p.heightInches} in` : null],
                [t("review:facts.weight"), weights],
                [t("review:facts.bmi"), review.bmi !== null ? String(review.bmi) : null],
                [t("review:facts.email"), p.email],
                [t("review:facts.phone"), p.phone],
                [t("review:facts.shipping"), p.shippingAddress ? `${p.shippingAddress.locality}, ${p.shippingAddress.administrativeArea}` : null],
                [t("review:facts.status"), t(`patients:statusKey.${p.statusKey}`, { defaultValue: p.statusLabel })],
                [t("review:facts.reviewKind"), t(`review:kind.${x.reviewKind}`)],
                [t("review:facts.submitted"), formatDate(x.createdAt)],
              ]}
            />
          </RecordSection>

          <RecordSection title={t("review:flags")} testId="review-flags">
            {review.flags.length ? (
              <ul className="list-disc ps-5 text-sm">
                {review.flags.map((f) => (
                  <li key={f} className="font-medium text-error">
                    {t(`review:flag.${f}`)}
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>{t("review:noFlags")}</Empty>
            )}
          </RecordSection>

          <RecordSection title={t("review:intake")} testId="review-intake">
            {review.intake.length ? (
              <dl className="grid gap-3 sm:grid-cols-2">
                {review.intake.map((a) => (
                  <div key={a.key}>
                    <dt className="text-sm text-muted-foreground">{t(`review:questions.${a.key}`, { defaultValue: a.key })}</dt>
                    <dd className="font-medium">
                      <AnswerText value={a.value} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <Empty>{t("review:intakeEmpty")}</Empty>
            )}
          </RecordSection>

          <RecordSection title={t("review:images")} testId="review-images">
            <div className="grid gap-4 sm:grid-cols-2">
              {([
                ["idPhoto", p.idPhoto],
                ["selfie", p.selfie],
              ] as const).map(([key, image]) => (
                <figure key={key} className="flex flex-col gap-2">
                  <figcaption className="text-sm text-muted-foreground">{t(`review:${key}`)}</figcaption>
                  {image ? (
                    <img src={image.url} alt={t(`review:${key}`)} className="max-h-64 w-full rounded-md border object-contain" loading="lazy" />
                  ) : (
                    <Empty>{t("review:noImage")}</Empty>
                  )}
                </figure>
              ))}
            </div>
          </RecordSection>

          <RecordSection title={t("review:prior")} testId="review-prior">
            {review.priorTreatments.length ? (
              <ul className="flex flex-col gap-2 text-sm">
                {review.priorTreatments.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center gap-2">
                    <span>
                      #{o.id} · {t(`tasks:journey.${o.sectionType}`)} · {o.productName ?? "–"} · {formatDate(o.createdAt)}
                    </span>
                    <ReviewBadge state={o.displayedState} />
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>{t("review:noPrior")}</Empty>
            )}
          </RecordSection>
        </div>

        <div className="flex flex-col gap-6" data-testid="review-decision">
          <h2 className="text-lg font-semibold">{t("review:decision")}</h2>
          <p className="text-sm">{t("review:status", { status: t(`patients:review.${x.reviewStatus}`) })}</p>
          {x.reviewStatus === "approved" ? (
            <Link to={nextStep} className="inline-flex h-11 items-center justify-center rounded-md bg-primary px-4 font-medium text-primary-foreground" data-testid="next-step">
              {t("review:next")}
            </Link>
          ) : null}
          {x.reviewStatus !== "pending" && x.reviewStatus !== "approved" ? <p className="text-sm text-muted-foreground">{t("review:done")}</p> : null}

          {can("approve") ? (
            <RecordSection title={t("review:approve.title")}>
              {!review.license.ok ? (
                <Alert variant="warning" live="none">
                  {t("review:licenseWarning", { message: licenseMessage })}
                </Alert>
              ) : null}
              <Form method="post" id="approve-form" className="flex flex-col gap-3" data-testid="approve-form">
                <ErrorSummary errors={errorsFor("approve")} labels={labels("approve", {})} />
                <input type="hidden" name="intent" value="approve" />
                <p className="text-sm text-muted-foreground">{t("review:approve.text")}</p>
                <Button type="submit">{t("review:approve.submit")}</Button>
              </Form>
            </RecordSection>
          ) : null}

          {can("decline") ? (
            <RecordSection title={t("review:decline.title")}>
              <Form method="post" id="decline-form" className="flex flex-col gap-3" data-testid="decline-form">
                <ErrorSummary errors={errorsFor("decline")} labels={labels("decline", { reason: t("review:decline.reason"), note: t("review:decline.note") })} />
                <input type="hidden" name="intent" value="decline" />
                <Select
                  id="decline-reason"
                  name="reason"
                  label={t("review:decline.reason")}
                  placeholder={t("review:decline.choose")}
                  options={DECLINE_REASONS.map((r) => ({ value: r, label: t(`review:declineReasons.${r}`) }))}
                  required
                  enhance={false}
                  error={fieldError("decline", "reason")}
                />
                <Textarea id="decline-note" name="note" label={t("review:decline.note")} rows={3} maxLength={REVIEW_TEXT_MAX} error={fieldError("decline", "note")} />
                <p className="text-sm text-muted-foreground">{t("review:decline.patientSees")}</p>
                <Button type="submit" variant="destructive">
                  {t("review:decline.submit")}
                </Button>
              </Form>
            </RecordSection>
          ) : null}

          {can("modify-request") ? (
            <RecordSection title={t("review:modify.title")}>
              <Form method="post" id="modify-form" className="flex flex-col gap-3" data-testid="modify-form">
                <ErrorSummary errors={errorsFor("modify")} labels={labels("modify", { message: t("review:modify.message") })} />
                <input type="hidden" name="intent" value="modify" />
                <Textarea id="modify-message" name="message" label={t("review:modify.message")} rows={3} required maxLength={REVIEW_TEXT_MAX} error={fieldError("modify", "message")} />
                <Button type="submit" variant="outline">
                  {t("review:modify.submit")}
                </Button>
              </Form>
            </RecordSection>
          ) : null}

          {can("no-show") ? (
            <RecordSection title={t("review:noShow.title")}>
              <Form method="post" id="noShow-form" className="flex flex-col gap-3" data-testid="no-show-form">
                <ErrorSummary errors={errorsFor("noShow")} labels={labels("noShow", {})} />
                <input type="hidden" name="intent" value="noShow" />
                <p className="text-sm text-muted-foreground">{t("review:noShow.text")}</p>
                <Button type="submit" variant="outline">
                  {t("review:noShow.submit")}
                </Button>
              </Form>
            </RecordSection>
          ) : null}

          {can("cancel") && x.reviewStatus === "approved" ? (
            <RecordSection title={t("review:cancel.title")}>
              <Form method="post" id="cancel-form" className="flex flex-col gap-3" data-testid="cancel-form">
                <ErrorSummary errors={errorsFor("cancel")} labels={labels("cancel", { reason: t("review:cancel.reason") })} />
                <input type="hidden" name="intent" value="cancel" />
                <Textarea id="cancel-reason" name="reason" label={t("review:cancel.reason")} rows={3} required maxLength={REVIEW_TEXT_MAX} error={fieldError("cancel", "reason")} />
                <Button type="submit" variant="destructiveGhost">
                  {t("review:cancel.submit")}
                </Button>
              </Form>
            </RecordSection>
          ) : null}

          {can("resume") ? (
            <RecordSection title={t("review:resume.title")}>
              <Form method="post" id="resume-form" className="flex flex-col gap-3" data-testid="resume-form">
                <ErrorSummary errors={errorsFor("resume")} labels={labels("resume", { subscriptionItemIdsToRemove: t("review:resume.removeAddons") })} />
                <input type="hidden" name="intent" value="resume" />
                <p className="text-sm text-muted-foreground">{t("review:resume.text")}</p>
                {addons.length ? (
                  <fieldset id="resume-subscriptionItemIdsToRemove" className="flex flex-col gap-2" data-testid="resume-addons">
                    <legend className="mb-1 text-sm font-medium">{t("review:resume.removeAddons")}</legend>
                    {addons.map((item) => (
                      <Checkbox
                        key={item.id}
                        id={`resume-item-${item.id}`}
                        name="subscriptionItemIdsToRemove"
                        value={String(item.id)}
                        label={`${item.name} · ${item.variant}${item.dosage ? ` (${item.dosage})` : ""}`}
                      />
                    ))}
                  </fieldset>
                ) : null}
                <Button type="submit" variant="outline">
                  {t("review:resume.submit")}
                </Button>
              </Form>
            </RecordSection>
          ) : null}
        </div>
      </div>
    </>
  );
}
