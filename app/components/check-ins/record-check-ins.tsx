import { Form, Link, useLocation, useNavigation } from "react-router";
import { CheckInAnswers, CheckInBadge } from "~/components/check-ins/check-in-ui";
import { SubmitButton } from "~/components/form-field";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { Input } from "~/components/ui/input";
import { RadioGroup } from "~/components/ui/radio";
import { Textarea } from "~/components/ui/textarea";
import type { CheckIn, CheckInFormResult } from "~/lib/check-ins.server";
import { formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { CHECK_IN_LIMITS } from "../../../api/contract/check-in-rules.ts";

/**
 * The record's "Check-ins" section (intakes tab, issue 14/15): each check-in with its requested, due and completed
 * dates, approval badge and answers; for the reviewers an approve / decline-with-note form on an answered one and
 * "Request a check-in" (a due date). Plain form posts: they work without JavaScript.
 */
type Props = {
  checkIns: CheckIn[];
  nextCursor: string | null;
  paged: boolean;
  canReview: boolean;
  utcOffsetMinutes: number;
  result: CheckInFormResult | undefined;
};

function useMessages(result: CheckInFormResult | undefined) {
  const { t } = useTranslation();
  return (key: string) => (result?.errors[key]?.length ? result.errors[key]!.map((m) => translateMessage(t, m)).join(" ") : undefined);
}
const typed = (result: CheckInFormResult | undefined, key: string) => {
  const v = result?.values[key];
  return typeof v === "string" ? v : "";
};

function ReviewForm({ checkIn, result }: { checkIn: CheckIn; result: CheckInFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = result?.intent === "reviewCheckIn" && result.checkInId === checkIn.id ? result : undefined;
  const error = useMessages(mine);
  const id = (name: string) => `check-in-${checkIn.id}-${name}`;
  const formError = mine?.errors[""];
  return (
    <Form method="post" className="grid max-w-xl gap-4 rounded-md border p-4" aria-labelledby={id("review-title")} data-testid="check-in-review-form" noValidate>
      <h4 id={id("review-title")} className="font-semibold">
        {t("checkIns:record.reviewTitle", { id: checkIn.id })}
      </h4>
      <input type="hidden" name="intent" value="reviewCheckIn" />
      <input type="hidden" name="checkInId" value={checkIn.id} />
      {mine ? (
        <ErrorSummary
          errors={Object.fromEntries(Object.entries(mine.errors).filter(([k]) => k !== "" && k !== "checkInId"))}
          labels={{ approval: { id: id("approval"), label: t("checkIns:record.decision") }, note: { id: id("note"), label: t("checkIns:record.note") } }}
        />
      ) : null}
      {formError?.length ? (
        <p role="alert" className="text-sm text-error" data-testid="form-error">
          {formError.map((m) => translateMessage(t, m)).join(" ")}
        </p>
      ) : null}
      <RadioGroup
        id={id("approval")}
        name="approval"
        legend={t("checkIns:record.decision")}
        required
        orientation="horizontal"
        options={[
          { value: "approved", label: t("checkIns:record.approve") },
          { value: "declined", label: t("checkIns:record.decline") },
        ]}
        defaultValue={typed(mine, "approval")}
        error={error("approval")}
      />
      <Textarea id={id("note")} name="note" label={t("checkIns:record.note")} hint={t("checkIns:record.noteHint")} rows={3} maxLength={CHECK_IN_LIMITS.reviewNote} defaultValue={typed(mine, "note")} error={error("note")} />
      <div>
        <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("checkInId") === String(checkIn.id)}>{t("checkIns:record.submitReview")}</SubmitButton>
      </div>
    </Form>
  );
}

function RequestForm({ result }: { result: CheckInFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = result?.intent === "requestCheckIn" ? result : undefined;
  const error = useMessages(mine);
  const formError = mine?.errors[""];
  return (
    <Form method="post" className="grid max-w-xl gap-4 rounded-md border p-4" aria-labelledby="check-in-request-title" data-testid="check-in-request-form" noValidate>
      <h3 id="check-in-request-title" className="font-semibold">
        {t("checkIns:record.requestTitle")}
      </h3>
      <input type="hidden" name="intent" value="requestCheckIn" />
      {mine ? <ErrorSummary errors={Object.fromEntries(Object.entries(mine.errors).filter(([k]) => k !== ""))} labels={{ dueOn: { id: "check-in-due", label: t("checkIns:record.dueOn") } }} /> : null}
      {formError?.length ? (
        <p role="alert" className="text-sm text-error">
          {formError.map((m) => translateMessage(t, m)).join(" ")}
        </p>
      ) : null}
      <Input id="check-in-due" type="date" name="dueOn" label={t("checkIns:record.dueOn")} hint={t("checkIns:record.dueHint")} aria-required defaultValue={typed(mine, "dueOn")} error={error("dueOn")} containerClassName="max-w-xs" />
      <div>
        <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === "requestCheckIn"}>{t("checkIns:record.requestSubmit")}</SubmitButton>
      </div>
    </Form>
  );
}

export function RecordCheckIns({ checkIns, nextCursor, paged, canReview, utcOffsetMinutes, result }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const date = (iso: string | null) => (iso ? formatDate(iso, { utcOffsetMinutes }) : "—");
  const params = new URLSearchParams(location.search);
  params.delete("checkInsCursor");
  const first = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const next = new URLSearchParams(params);
  if (nextCursor) next.set("checkInsCursor", nextCursor);
  return (
    <section aria-labelledby="check-ins-title" className="flex flex-col gap-4" data-testid="record-check-ins">
      <div className="flex flex-col gap-1">
        <h2 id="check-ins-title" className="text-lg font-semibold">
          {t("checkIns:record.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("checkIns:record.intro")}</p>
      </div>
      {checkIns.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("checkIns:record.none")}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t("checkIns:record.listLabel")}>
          {checkIns.map((c) => (
            <li key={c.id} id={`check-in-${c.id}`} className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="check-in-row" data-check-in-id={c.id}>
              <div className="flex flex-wrap items-center gap-3">
                <h3 className="font-semibold">{t("checkIns:record.checkIn", { id: c.id })}</h3>
                <CheckInBadge status={c.status} />
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-muted-foreground">{t("checkIns:record.requestedCol")}</dt>
                  <dd className="tabular-nums">{date(c.requestedAt)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t("checkIns:record.dueCol")}</dt>
                  <dd className="tabular-nums">{date(c.dueAt)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t("checkIns:record.completedCol")}</dt>
                  <dd className="tabular-nums">{date(c.completedAt)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t("checkIns:record.approvalCol")}</dt>
                  <dd>{t(`checkIns:status.${c.status}`)}</dd>
                </div>
              </dl>
              {c.completedAt ? (
                <details open={c.status === "answered"}>
                  <summary className="cursor-pointer text-sm font-medium text-primary">{t("checkIns:record.answers")}</summary>
                  <div className="mt-2">
                    <CheckInAnswers checkIn={c} audience="staff" />
                  </div>
                </details>
              ) : null}
              {c.reviewedBy && c.reviewedAt ? (
                <p className="text-sm text-muted-foreground">{t("checkIns:reviewedBy", { name: c.reviewedBy.fullName, date: date(c.reviewedAt) })}</p>
              ) : null}
              {c.reviewNote ? (
                <p className="text-sm">
                  <span className="text-muted-foreground">{t("checkIns:record.reviewNote")}: </span>
                  <span className="whitespace-pre-wrap">{c.reviewNote}</span>
                </p>
              ) : null}
              {canReview && c.can.review ? <ReviewForm checkIn={c} result={result} /> : null}
            </li>
          ))}
        </ul>
      )}
      {nextCursor || paged ? (
        <nav aria-label={t("checkIns:record.pagerLabel")} className="flex flex-wrap gap-4 text-sm">
          {paged ? (
            <Link to={first} className="text-primary underline underline-offset-4 hover:no-underline">
              {t("checkIns:record.newest")}
            </Link>
          ) : null}
          {nextCursor ? (
            <Link to={`${location.pathname}?${next}`} className="text-primary underline underline-offset-4 hover:no-underline">
              {t("checkIns:record.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {canReview ? <RequestForm result={result} /> : null}
    </section>
  );
}
