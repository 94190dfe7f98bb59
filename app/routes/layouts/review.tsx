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
 * (hidden unless the patient has an external prescribing URL or a dosage cycle is enabled), inform the patient;
 * nurse-note flow — record note; chart review — review the chart, sign for approval (disabled).
 *
 * The layout is generic: the sidebar shows the steps the child route declares. A child's loader may return
 * `reviewSteps` (`{ step, state }[]`, the §4 review-step states: e.g. the intake review's come from
 * `GET /api/v1/treatments/{id}/review`); the deepest match that has them wins. Without them the flow of the
 * child's `handle.review` gives the steps, counting the treatment as pending (current step active, the others
 * disabled). A step in state "approved" or "not-active" is a link; "disabled" is not.
 *
 * Where "Yes, cancel" goes: `?from=ready-for-review` (the Review button of the ready-for-review list) returns to
 * that list, `?from=charts` to the charts list, anything else to the patient page; the step links keep `from`.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { role: getViewer(context).role };
}

export type ReviewStepState = "approved" | "active" | "not-active" | "disabled";
/** What a child route's loader may return for the sidebar (see the header). */
export type DeclaredReviewStep = { step: string; state: ReviewStepState };
type StepDef = { step: ReviewStep | "signForApproval"; labelKey: string; to?: string; hidden?: boolean; disabled?: boolean; state?: ReviewStepState };

const STEP_LABELS: Record<string, string> = {
  review: "common:review.steps.reviewIntake",
  recordVisit: "common:review.steps.recordVisit",
  managePrescription: "common:review.steps.managePrescription",
  informPatient: "common:review.steps.informPatient",
  recordNote: "common:review.steps.recordNote",
};

function stepsFor(flow: ReviewFlow, params: Record<string, string | undefined>, manager: boolean): StepDef[] {
  const { patientId, treatmentId } = params;
  const base = `/staff/patients/${patientId}/intakes/${treatmentId}`;
  const reviewBase = `/${manager ? "manager" : "staff"}/patients/${patientId}/intakes/${treatmentId}`;
  if (flow === "chart") {
    return [
      { step: "review", labelKey: "common:review.steps.reviewChart" },
      { step: "signForApproval", labelKey: "common:review.steps.signForApproval", disabled: true },
    ];
  }
  if (flow === "note") return [{ step: "recordNote", labelKey: "common:review.steps.recordNote", to: `${base}/record-note` }];
  return [
    { step: "review", labelKey: "common:review.steps.reviewIntake", to: `${reviewBase}/review` },
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

/** Where "Yes, cancel" goes: the list the review came from (`from`), else the charts list for a chart or the patient page. */
function cancelTarget(flow: ReviewFlow, role: string, patientId: string | undefined, from: string | null): string {
  const area = role === "providers" ? "/manager" : "/staff";
  if (from === "ready-for-review") return `${area}/ready-for-review`;
  if (flow === "chart" || from === "charts") return `${area}/charts`;
  return `${area}/patients/${patientId}`;
}

/** The steps a child route's loader declared (the deepest wins), or null. */
function declaredSteps(matches: ReturnType<typeof useMatches>): DeclaredReviewStep[] | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const steps = (matches[i].loaderData as { reviewSteps?: DeclaredReviewStep[] } | undefined)?.reviewSteps;
    if (Array.isArray(steps)) return steps;
  }
  return null;
}

export default function ReviewLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const matches = useMatches();
  const params = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const review = routeReview(matches) ?? { flow: "intake" as const, step: "review" as const };
  const from = searchParams.get("from");
  const keep = from ? `?from=${encodeURIComponent(from)}` : "";
  const defaults = stepsFor(review.flow, params, loaderData.role === "providers");
  const declared = declaredSteps(matches);
  const steps: StepDef[] = declared
    ? declared.map((d) => {
        const known = defaults.find((s) => s.step === d.step);
        return { step: d.step as ReviewStep, labelKey: known?.labelKey ?? STEP_LABELS[d.step] ?? d.step, to: known?.to, state: d.state };
      })
    : // The manage-prescription step shows on its own page (an external prescribing URL exists then).
      defaults.map((s) => (s.step === review.step ? { ...s, hidden: false, state: "active" } : { ...s, state: "disabled" }));
  const exit = cancelTarget(review.flow, loaderData.role, params.patientId, from);
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
                const state: ReviewStepState = s.state ?? (current ? "active" : "disabled");
                const done = state === "approved";
                const content = (
                  <>
                    <span
                      className={cn(
                        "inline-flex size-7 shrink-0 items-center justify-center rounded-full border text-sm font-semibold",
                        current ? "border-primary bg-primary text-primary-foreground" : done ? "border-success bg-success-subtle text-success" : "border-input text-muted-foreground",
                      )}
                      aria-hidden="true"
                    >
                      {done ? <Icon name="check" className="size-4" /> : index + 1}
                    </span>
                    <span className="flex flex-col">
                      <span>{t(s.labelKey)}</span>
                      <span className="text-xs font-normal text-muted-foreground" data-testid={`step-state-${s.step}`}>
                        {t(`common:review.stepState.${state}`)}
                      </span>
                    </span>
                  </>
                );
                const linked = s.to && !s.disabled && (current || state !== "disabled");
                return (
                  <li key={s.step} data-state={state}>
                    {linked ? (
                      <Link
                        to={`${s.to}${keep}`}
                        aria-current={current ? "step" : undefined}
                        className={cn("flex items-center gap-3 rounded-md px-3 py-2 font-medium", current ? "bg-primary-subtle text-primary" : "hover:bg-secondary-hover")}
                      >
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
