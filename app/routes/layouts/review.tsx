import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link, Outlet, useLocation, useMatches, useNavigate, useParams, useSearchParams } from "react-router";
import type { Route } from "./+types/review";
import { Icon } from "~/components/icons";
import { Logo } from "~/components/logo";
import { SkipLink } from "~/components/skip-link";
import { getViewer } from "~/lib/auth.server";
import { routeReview, type ReviewFlow, type ReviewStep } from "~/lib/route-handle";
import { cn } from "~/lib/utils";

/**
 * Review layout (spec §2): a 312 px step sidebar and the cancel-review modal ('Cancel review?',
 * 'No, continue review', 'Yes, cancel').
 *
 * The modal is driven by the URL (?cancel=1), so it works without JavaScript: the "Cancel review" link adds
 * the parameter, 'No, continue review' links back without it, 'Yes, cancel' leaves for the charts list or
 * the patient page. With JavaScript it is a modal <dialog> (focus kept inside, Escape and a backdrop click
 * close it).
 *
 * Steps (spec §2 "Review steps"): intake flow — review the intake, record visit, manage prescription
 * (hidden unless the patient has an external prescribing URL or a dosage cycle is enabled; the treatment
 * data that decides this comes with the review issue, so it stays hidden), inform the patient; nurse-note
 * flow — record note; chart review — review the chart, sign for approval (disabled). Until the treatment is
 * loaded (review issue) it counts as pending: the current step is active and the others disabled (§4).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { role: getViewer(context).role };
}

type StepDef = { step: ReviewStep | "signForApproval"; labelKey: string; to?: string; hidden?: boolean; disabled?: boolean };

function stepsFor(flow: ReviewFlow, params: Record<string, string | undefined>): StepDef[] {
  const { patientId, treatmentId } = params;
  const base = `/staff/patients/${patientId}/intakes/${treatmentId}`;
  if (flow === "chart") {
    return [
      { step: "review", labelKey: "common:review.steps.reviewChart" },
      { step: "signForApproval", labelKey: "common:review.steps.signForApproval", disabled: true },
    ];
  }
  if (flow === "note") return [{ step: "recordNote", labelKey: "common:review.steps.recordNote", to: `${base}/record-note` }];
  return [
    { step: "review", labelKey: "common:review.steps.reviewIntake", to: `${base}/review` },
    { step: "recordVisit", labelKey: "common:review.steps.recordVisit", to: `${base}/record-visit` },
    {
      step: "managePrescription",
      labelKey: "common:review.steps.managePrescription",
      to: `/provider/patients/${patientId}/intakes/${treatmentId}/manage-prescription`,
      hidden: true,
    },
    { step: "informPatient", labelKey: "common:review.steps.informPatient", to: `${base}/inform-patient` },
  ];
}

/** Where "Yes, cancel" goes: the charts list for a chart, else the patient page (by role). */
function cancelTarget(flow: ReviewFlow, role: string, patientId: string | undefined): string {
  const manager = role === "providers";
  if (flow === "chart") return manager ? "/manager/charts" : "/staff/charts";
  return manager ? `/manager/patients/${patientId}` : `/staff/patients/${patientId}`;
}

export default function ReviewLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const matches = useMatches();
  const params = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const review = routeReview(matches) ?? { flow: "intake" as const, step: "review" as const };
  // The manage-prescription step shows on its own page (an external prescribing URL exists then).
  const steps = stepsFor(review.flow, params).map((s) => (s.step === review.step ? { ...s, hidden: false } : s));
  const exit = cancelTarget(review.flow, loaderData.role, params.patientId);
  const cancelOpen = searchParams.get("cancel") === "1";
  const withoutCancel = new URLSearchParams(searchParams);
  withoutCancel.delete("cancel");
  const continueHref = location.pathname + (withoutCancel.size ? `?${withoutCancel}` : "");
  const withCancel = new URLSearchParams(withoutCancel);
  withCancel.set("cancel", "1");

  return (
    <div className="min-h-dvh lg:flex">
      <SkipLink />
      <aside className="border-b bg-card px-4 py-6 lg:sticky lg:top-0 lg:h-dvh lg:w-[312px] lg:shrink-0 lg:border-r lg:border-b-0">
        <Logo />
        <nav aria-label={t("common:review.stepsLabel")} className="mt-8">
          <ol className="flex flex-col gap-2">
            {steps
              .filter((s) => !s.hidden)
              .map((s, index) => {
                const current = s.step === review.step;
                const content = (
                  <>
                    <span
                      className={cn(
                        "inline-flex size-7 shrink-0 items-center justify-center rounded-full border text-sm font-semibold",
                        current ? "border-primary bg-primary text-primary-foreground" : "border-input text-muted-foreground",
                      )}
                      aria-hidden="true"
                    >
                      {index + 1}
                    </span>
                    <span>{t(s.labelKey)}</span>
                  </>
                );
                return (
                  <li key={s.step}>
                    {current && s.to ? (
                      <Link to={s.to} aria-current="step" className="flex items-center gap-3 rounded-md bg-primary-subtle px-3 py-2 font-medium text-primary">
                        {content}
                      </Link>
                    ) : (
                      <span
                        aria-current={current ? "step" : undefined}
                        aria-disabled={current ? undefined : true}
                        className={cn(
                          "flex items-center gap-3 rounded-md px-3 py-2 font-medium",
                          current ? "bg-primary-subtle text-primary" : "text-muted-foreground",
                        )}
                      >
                        {content}
                        {current ? null : <span className="sr-only">({t("common:review.unavailable")})</span>}
                      </span>
                    )}
                  </li>
                );
              })}
          </ol>
        </nav>
        <Link
          to={`${location.pathname}?${withCancel}`}
          preventScrollReset
          className="mt-8 inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-error hover:bg-error-subtle"
        >
          <Icon name="close" className="size-4" />
          {t("common:review.cancel")}
        </Link>
      </aside>
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-[1320px] flex-1 flex-col gap-6 px-4 py-8 sm:px-8">
        <Outlet />
      </main>
      {cancelOpen ? <CancelReviewModal continueHref={continueHref} exitHref={exit} /> : null}
    </div>
  );
}

function CancelReviewModal({ continueHref, exitHref }: { continueHref: string; exitHref: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    // Rendered open (no-JS path); reopen as a modal so the page behind is inert and focus stays inside.
    dialog.close();
    dialog.showModal();
  }, []);
  const close = () => navigate(continueHref, { replace: true, preventScrollReset: true });
  return (
    <>
      <div className="fixed inset-0 z-40 bg-overlay" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        aria-labelledby="cancel-review-title"
        aria-describedby="cancel-review-text"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          if (event.target === ref.current) close();
        }}
        className="ui-modal fixed inset-0 z-50 m-auto h-fit w-[calc(100%-2rem)] max-w-[480px] rounded-xl bg-card p-0 text-card-foreground shadow-xl"
      >
        <div className="p-6">
        <h2 id="cancel-review-title" className="text-lg font-semibold">
          {t("common:review.cancelTitle")}
        </h2>
        <p id="cancel-review-text" className="mt-2 text-muted-foreground">
          {t("common:review.cancelText")}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link
            to={continueHref}
            replace
            preventScrollReset
            autoFocus
            className="inline-flex h-11 items-center justify-center rounded-md border border-input px-4 font-medium hover:bg-secondary-hover"
          >
            {t("common:review.continue")}
          </Link>
          <Link to={exitHref} className="inline-flex h-11 items-center justify-center rounded-md bg-error px-4 font-medium text-error-foreground">
            {t("common:review.confirmCancel")}
          </Link>
        </div>
        </div>
      </dialog>
    </>
  );
}
