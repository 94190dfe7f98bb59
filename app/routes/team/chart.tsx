import type { Route } from "./+types/chart";
import { useState } from "react";
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Intent, useSubmitting } from "~/components/account/section";
import { SubmitButton } from "~/components/form-field";
import { ErrorSummary, Facts, RecordSection } from "~/components/patient-record/record-ui";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Textarea } from "~/components/ui/textarea";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ZoneNote } from "~/components/review-queues/queue-ui";
import { formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { chartAction, chartLoader, type Chart, type ChartActionResult } from "~/lib/review-queues.server";
import { SignatureMark } from "~/components/signature-mark";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { ADDENDUM_MAX, type ChartReviewStatus } from "../../../api/contract/review-queue-rules.ts";

export const handle = { title: "common:pages.chartReview", i18n: ["review", "patients", "staffOps"], review: { flow: "chart", step: "review" } } satisfies RouteHandle;

/**
 * A chart's review (spec §2 chart review: 'review the chart' then 'sign for approval'; §4 chart states; §6 the
 * provider consent): /manager/charts/{id}, /staff/charts/{id}, /provider/charts/{id}, in the review layout.
 * Clinicians sign (after confirming the consent), cancel the review, and add addenda to a signed chart; medical
 * support read it.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return chartLoader(request, context, params.chartId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return chartAction(request, context, params.chartId);
}

const STATUS_COLOURS: Record<ChartReviewStatus, BadgeVariant> = { to_review: "warning", reviewed: "success", cancelled: "neutral" };

function show(value: Chart["intakeAnswers"][number]["answer"], t: (k: string) => string): string {
  if (value === null || value === "") return t("patients:notProvided");
  if (Array.isArray(value)) return value.length ? value.join(", ") : t("patients:notProvided");
  // Words, not ✓ / ✗: a screen reader reads them, and axe decides their contrast (symbols alone are left for review).
  if (typeof value === "boolean") return value ? t("review:yes") : t("review:no");
  return String(value);
}
/** "currentMedications" → "Current medications". */
const humanise = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase()).replace(/ (\w)/g, (m) => m.toLowerCase());

function SignForm({ result }: { result: ChartActionResult | undefined }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submitting = useSubmitting("sign");
  const [checked, setChecked] = useState(false);
  const [form, fields] = useForm({ id: "chart-sign", lastResult: result?.intent === "sign" ? result.reply : undefined, shouldValidate: "onSubmit" });
  const errors = fields.consent.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="sign-form">
      <Intent value="sign" />
      <ErrorSummary errors={{ consent: errors, "": form.errors }} labels={{ consent: { id: fields.consent.id, label: t("review:chart.fields.consent") } }} />
      <Checkbox
        id={fields.consent.id}
        name={fields.consent.name}
        value="on"
        label={
          <>
            <span className="font-medium">{t("review:chart.consentLabel")}</span>
            <span className="mt-1 block text-muted-foreground" data-testid="consent-text">
              {t("review:chart.consent")}
            </span>
          </>
        }
        aria-required="true"
        onChange={(event) => setChecked(event.currentTarget.checked)}
        error={errors?.length ? errors.map((e) => translateMessage(t, e)).join(" ") : undefined}
      />
      <div className="flex flex-col gap-1">
        {/* Disabled until the consent is checked (with JavaScript); without it the server refuses an unchecked consent. */}
        <Button type="submit" size="lg" className="w-fit" disabled={hydrated && !checked} loading={submitting} aria-describedby={hydrated && !checked ? "sign-hint" : undefined}>
          {t("review:chart.sign")}
        </Button>
        {hydrated && !checked ? (
          <p id="sign-hint" className="text-sm text-muted-foreground">
            {t("review:chart.signHint")}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

function AddendumForm({ result }: { result: ChartActionResult | undefined }) {
  const { t } = useTranslation();
  const submitting = useSubmitting("addendum");
  const [form, fields] = useForm({ id: "chart-addendum", lastResult: result?.intent === "addendum" ? result.reply : undefined, shouldValidate: "onSubmit" });
  const errors = fields.body.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3" data-testid="addendum-form">
      <Intent value="addendum" />
      <ErrorSummary errors={{ body: errors, "": form.errors }} labels={{ body: { id: fields.body.id, label: t("review:chart.fields.body") } }} />
      <Textarea
        id={fields.body.id}
        name={fields.body.name}
        label={t("review:chart.addendum")}
        required
        maxLength={ADDENDUM_MAX}
        rows={4}
        defaultValue={(fields.body.initialValue as string | undefined) ?? ""}
        error={errors?.length ? errors.map((e) => translateMessage(t, e)).join(" ") : undefined}
      />
      <SubmitButton pending={submitting} className="w-fit">
        {t("review:chart.addAddendum")}
      </SubmitButton>
    </Form>
  );
}

export default function TeamChart({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { chart, listPath } = loaderData;
  const result = actionData as ChartActionResult | undefined;
  const when = (iso: string | null) => (iso ? formatDate(iso, { withTime: true, t, utcOffsetMinutes: loaderData.utcOffsetMinutes }) : null);
  const name = (p: { fullName: string } | null) => p?.fullName ?? t("review:chart.unknownAuthor");
  return (
    <div className="flex flex-col gap-6" data-testid="chart-page" data-status={chart.status}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t("review:chart.title", { name: chart.patient.fullName })}</h1>
        <Badge variant={STATUS_COLOURS[chart.status]} dot data-testid="chart-status">
          {t(`review:chart.status.${chart.status}`)}
        </Badge>
      </div>
      <Link to={listPath} className="w-fit text-sm text-primary underline underline-offset-4 hover:no-underline">
        {t("review:chart.back")}
      </Link>
      <ZoneNote utcOffsetMinutes={loaderData.utcOffsetMinutes} zoneName={loaderData.zoneName} />

      <section aria-labelledby="step-review" className="flex flex-col gap-4">
        <h2 id="step-review" className="text-xl font-semibold">
          {t("review:chart.stepReview")}
        </h2>
        <RecordSection title={t("review:chart.summary")}>
          <Facts
            items={[
              [t("review:chart.journey"), t(`review:journey.${chart.sectionType}`)],
              [t("review:chart.kind"), t(`review:kind.${chart.reviewKind}`)],
              [t("review:chart.provider"), chart.provider?.fullName],
              [t("review:chart.approvedAt"), when(chart.approvedAt)],
              [t("review:chart.dateOfBirth"), chart.patient.dateOfBirth ? formatDate(`${chart.patient.dateOfBirth}T00:00:00Z`) : null],
              [t("review:chart.readySince"), when(chart.readySince)],
            ]}
          />
        </RecordSection>
        <RecordSection title={t("review:chart.intake")}>
          {chart.intakeAnswers.length ? (
            <Facts columns={2} items={chart.intakeAnswers.map((a) => [humanise(a.question), show(a.answer, t)])} />
          ) : (
            <p className="text-sm text-muted-foreground">{t("review:chart.noIntake")}</p>
          )}
        </RecordSection>
        <RecordSection title={t("review:chart.visits")}>
          {chart.visits.length ? (
            <ul className="flex flex-col gap-3">
              {chart.visits.map((v) => (
                <li key={v.id} className="rounded-md border p-3">
                  <p className="text-sm font-medium">{t("review:chart.by", { name: name(v.provider), date: when(v.createdAt) })} · {v.visitType}</p>
                  <Facts columns={2} items={Object.entries(v.recordForm).map(([k, value]) => [humanise(k), show(value, t)])} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t("review:chart.noVisits")}</p>
          )}
        </RecordSection>
        <RecordSection title={t("review:chart.notes")}>
          {chart.notes.length ? (
            <ul className="flex flex-col gap-3">
              {chart.notes.map((n) => (
                <li key={n.id} className="rounded-md border p-3 text-sm">
                  <p className="font-medium">
                    {t(`review:chart.noteKind.${n.kind}`)} — {t("review:chart.by", { name: name(n.author), date: when(n.createdAt) })}
                  </p>
                  <p className="mt-1 whitespace-pre-line">{n.body}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t("review:chart.noNotes")}</p>
          )}
        </RecordSection>
      </section>

      <section aria-labelledby="step-sign" className="flex flex-col gap-4">
        <h2 id="step-sign" className="text-xl font-semibold">
          {t("review:chart.stepSign")}
        </h2>
        <div className="flex flex-col gap-4 rounded-lg border bg-card p-4">
          {chart.status === "to_review" ? (
            chart.can.sign ? (
              <SignForm result={result} />
            ) : (
              <p className="text-sm text-muted-foreground">{t("review:chart.viewOnly")}</p>
            )
          ) : null}
          {chart.status === "reviewed" ? (
            <>
              <p className="font-medium" data-testid="signed-by">
                {t("review:chart.signedBy", { name: name(chart.signedBy), date: when(chart.signedAt) })}
              </p>
              {chart.signature ? (
                <figure className="flex flex-col gap-1" data-testid="chart-signature">
                  <SignatureMark signature={chart.signature} alt={t("staffOps:signature.imageAlt", { name: chart.signature.typedName })} />
                  <figcaption className="text-sm text-muted-foreground">{t("staffOps:signature.label")}</figcaption>
                </figure>
              ) : null}
              <p className="text-sm text-muted-foreground">{t("review:chart.signedNote")}</p>
            </>
          ) : null}
          {chart.status === "cancelled" ? <p className="font-medium">{t("review:chart.cancelledBy", { name: name(chart.cancelledBy), date: when(chart.cancelledAt) })}</p> : null}
        </div>
        {chart.status === "reviewed" ? (
          <RecordSection title={t("review:chart.addenda")} testId="addenda">
            {chart.addenda.length ? (
              <ol className="flex flex-col gap-3">
                {chart.addenda.map((a) => (
                  <li key={a.id} className="rounded-md border p-3 text-sm" data-testid="addendum">
                    <p className="font-medium">{t("review:chart.by", { name: name(a.author), date: when(a.createdAt) })}</p>
                    <p className="mt-1 whitespace-pre-line">{a.body}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">{t("review:chart.noAddenda")}</p>
            )}
            {chart.can.addAddendum ? <AddendumForm result={result} /> : null}
          </RecordSection>
        ) : null}
        {chart.can.cancel ? (
          <details className="rounded-lg border bg-card p-4">
            <summary className="cursor-pointer text-sm font-medium text-error">{t("review:chart.cancelReview")}</summary>
            <Form method="post" className="mt-3 flex flex-col gap-3">
              <Intent value="cancel" />
              <p className="text-sm text-muted-foreground">{t("review:chart.cancelHint")}</p>
              <Button type="submit" variant="destructive" className="w-fit">
                {t("review:chart.cancelReview")}
              </Button>
            </Form>
          </details>
        ) : null}
      </section>
    </div>
  );
}
