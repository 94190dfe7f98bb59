import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/subscriptions";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { RadioGroup } from "~/components/ui/radio";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { formatCurrency, formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import type { RouteHandle } from "~/lib/route-handle";
import { subscriptionsAction, subscriptionsLoader, type Subscription, type SubscriptionActionResult, type SubscriptionProduct } from "~/lib/subscriptions.server";
import { useTranslation } from "~/lib/use-translation";
import { CANCEL_REASONS, SUBSCRIPTION_LIMITS } from "../../../api/contract/subscription-rules.ts";

export const handle = { title: "common:pages.patientSubscriptions", i18n: ["subscriptions", "patients"] } satisfies RouteHandle;

/**
 * /patient/subscriptions (issue 16 part B; spec §3 Subscription, §4): each subscription's cycle, variant, dosage,
 * shipping frequency, supply, next charge, last shipment, membership status and add-ons, and what the patient may
 * change: the plan (at the next renewal, cancellable), add-ons, pause / resume, cancel (reason → one-time offer →
 * confirmation) and re-activate. Every form posts without JavaScript (app/lib/subscriptions.server.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return subscriptionsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return subscriptionsAction(request, context);
}

const LABEL_VARIANT: Record<Subscription["label"], BadgeVariant> = {
  active: "success",
  paused: "warning",
  not_renewed: "neutral",
  pending_cancellation: "pink",
  expired: "neutral",
  card_decline: "error",
};

type Ctx = { utcOffsetMinutes: number; result: SubscriptionActionResult | undefined; language: string; plans: Record<number, SubscriptionProduct[]> };

function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number) => formatCurrency(cents, { fromCents: true, cents: cents % 100 !== 0, locale: i18n.language });
}

/** The hidden fields every form of a subscription posts. */
function Ids({ s, intent }: { s: Subscription; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={s.id} />
      <input type="hidden" name="treatmentId" value={s.treatmentId ?? ""} />
    </>
  );
}

function errorsFor(result: SubscriptionActionResult | undefined, s: Subscription, intents: string[]) {
  if (!result || result.kind !== "failed" || result.subscriptionId !== s.id || !intents.includes(result.intent)) return undefined;
  return result.errors;
}

function FormError({ errors }: { errors: Record<string, string[]> | undefined }) {
  const { t } = useTranslation();
  const list = errors?.[""];
  if (!list?.length) return null;
  return (
    <p role="alert" className="text-sm text-error" data-testid="form-error">
      {list.map((m) => translateMessage(t, m)).join(" ")}
    </p>
  );
}

function Details({ s, ctx }: { s: Subscription; ctx: Ctx }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = (iso: string | null) => (iso ? formatDate(iso, { utcOffsetMinutes: ctx.utcOffsetMinutes }) : t("subscriptions:none"));
  const plan = s.plan;
  const rows: Array<[string, string]> = [
    [t("subscriptions:fields.cycle"), t("subscriptions:cycleMonths", { count: s.cycleMonths })],
    [t("subscriptions:fields.variant"), plan?.variantName ?? t("subscriptions:none")],
    [t("subscriptions:fields.dosage"), plan?.dosageCycle?.length ? plan.dosageCycle.join(" → ") : plan?.dosage || t("subscriptions:none")],
    [t("subscriptions:fields.shippingFrequency"), plan ? t("subscriptions:everyDays", { count: plan.shippingFrequencyDays }) : t("subscriptions:none")],
    [t("subscriptions:fields.supply"), plan?.supply || t("subscriptions:none")],
    [t("subscriptions:fields.nextCharge"), s.nextChargeAt ? t("subscriptions:nextChargeValue", { date: date(s.nextChargeAt), amount: money(s.nextAmountCents) }) : t("subscriptions:none")],
    [t("subscriptions:fields.lastShipment"), date(s.lastShipmentAt)],
    [t("subscriptions:fields.membership"), t(`subscriptions:membership.${s.membershipStatus}`, { defaultValue: s.membershipStatus })],
    [t("subscriptions:fields.addons"), s.addons.length ? s.addons.map((a) => `${a.productName} (${a.variantName})`).join(", ") : t("subscriptions:addons.none")],
    [t("subscriptions:fields.card"), s.paymentMethod ? t("subscriptions:cardValue", { brand: s.paymentMethod.brand, last4: s.paymentMethod.last4 }) : t("subscriptions:noCard")],
  ];
  if (s.endsAt) rows.push([t("subscriptions:fields.endsOn"), date(s.endsAt)]);
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="subscription-details">
      {rows.map(([k, v]) => (
        <div key={k} className="flex flex-col">
          <dt className="text-sm text-muted-foreground">{k}</dt>
          <dd className="font-medium">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Notices({ s, ctx }: { s: Subscription; ctx: Ctx }) {
  const { t } = useTranslation();
  const date = (iso: string) => formatDate(iso, { utcOffsetMinutes: ctx.utcOffsetMinutes });
  const pending = useNavigation().state !== "idle";
  const change = s.scheduledChange;
  return (
    <>
      {s.pastDueSince ? (
        <Alert variant="error" title={t("subscriptions:pastDue.title")} live="none" data-testid="card-decline">
          <p>{t("subscriptions:pastDue.body")}</p>
          {s.nextRetryAt ? <p>{t("subscriptions:pastDue.retry", { date: date(s.nextRetryAt) })}</p> : null}
          <p>{t("subscriptions:pastDue.ships")}</p>
          <p>
            <Link to="/patient/account/payment-details" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
              {t("subscriptions:pastDue.update")}
            </Link>
          </p>
        </Alert>
      ) : null}
      {s.resumeRequestedAt ? (
        <Alert variant="info" live="none" data-testid="resume-pending">
          {t("subscriptions:resuming")}
        </Alert>
      ) : null}
      {s.pendingCancellation && s.endsAt ? (
        <Alert variant="warning" live="none" title={t("subscriptions:pending.title", { date: date(s.endsAt) })} data-testid="pending-cancellation">
          <p>{t("subscriptions:pending.body")}</p>
        </Alert>
      ) : null}
      {change ? (
        <Alert variant="info" live="none" title={t("subscriptions:scheduled.title")} data-testid="scheduled-change">
          <p>
            {change.kind === "retention"
              ? t("subscriptions:scheduled.retention", { date: date(change.effectiveAt), plan: `${change.productName} · ${change.variantName}` })
              : t("subscriptions:scheduled.body", { date: date(change.effectiveAt), plan: `${change.productName} · ${change.variantName}`, direction: t(`subscriptions:scheduled.${change.direction}`) })}
          </p>
          {change.removesAddons && s.addons.length ? <p>{t("subscriptions:scheduled.addonsGo")}</p> : null}
          {s.can.cancelScheduledChange ? (
            <Form method="post" className="mt-2" data-testid="cancel-change-form">
              <Ids s={s} intent="cancelChange" />
              <Button type="submit" variant="outline" size="sm" loading={pending}>
                {t("subscriptions:scheduled.cancel")}
              </Button>
            </Form>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}

function ChangePlan({ s, ctx }: { s: Subscription; ctx: Ctx }) {
  const { t } = useTranslation();
  const money = useMoney();
  const pending = useNavigation().state !== "idle";
  const errors = errorsFor(ctx.result, s, ["changePlan"]);
  const fieldId = `plan-${s.id}`;
  // The choices: GET /api/v2/products/subscription (the loader), what this subscription may change to.
  const plans = ctx.plans[s.id] ?? [];
  const chosen = ctx.result?.kind === "failed" && ctx.result.subscriptionId === s.id ? ctx.result.values.variantId : undefined;
  const error = errors?.variantId?.map((m) => translateMessage(t, m)).join(" ");
  return (
    <section aria-labelledby={`change-plan-${s.id}`} className="flex flex-col gap-3">
      <h3 id={`change-plan-${s.id}`} className="text-base font-semibold">
        {t("subscriptions:changePlan.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("subscriptions:changePlan.hint")}</p>
      {s.addons.length ? (
        <Alert variant="warning" live="none" data-testid="addon-warning">
          {t("subscriptions:changePlan.warning")}
        </Alert>
      ) : null}
      <Form method="post" className="flex flex-col gap-3" noValidate data-testid={`change-plan-form-${s.id}`}>
        <Ids s={s} intent="changePlan" />
        <ErrorSummary errors={errors && { variantId: errors.variantId }} labels={{ variantId: { id: fieldId, label: t("subscriptions:errors.variantId") } }} />
        <FormError errors={errors} />
        <RadioGroup
          id={fieldId}
          name="variantId"
          legend={t("subscriptions:changePlan.legend")}
          required
          defaultValue={chosen}
          error={error}
          options={plans.map((p) => ({
            value: String(p.variantId),
            label: t("subscriptions:changePlan.option", { product: p.productName, variant: p.variantName }),
            hint: `${t("subscriptions:changePlan.price", { perMonth: money(p.monthlyCents), total: money(p.priceCents), count: p.periodMonths })}${p.removesAddons && s.addons.length ? ` · ${t("subscriptions:changePlan.removesAddons")}` : ""}`,
          }))}
        />
        <div>
          <Button type="submit" loading={pending}>
            {t("subscriptions:changePlan.submit")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function Addons({ s, ctx }: { s: Subscription; ctx: Ctx }) {
  const { t } = useTranslation();
  const money = useMoney();
  const pending = useNavigation().state !== "idle";
  const errors = errorsFor(ctx.result, s, ["addAddon", "removeAddon"]);
  const fieldId = `addon-${s.id}`;
  const error = errors?.addonVariantId?.map((m) => translateMessage(t, m)).join(" ");
  if (!s.can.addAddon && !s.can.removeAddon) return null;
  return (
    <section aria-labelledby={`addons-${s.id}`} className="flex flex-col gap-3">
      <h3 id={`addons-${s.id}`} className="text-base font-semibold">
        {t("subscriptions:addons.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("subscriptions:addons.hint", { count: s.cycleMonths })}</p>
      <FormError errors={errors} />
      {s.addons.length ? (
        <ul className="flex flex-col gap-2">
          {s.addons.map((a) => (
            <li key={a.itemId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <span>
                {a.productName} · {a.variantName} · {money(a.priceCents)}
              </span>
              {s.can.removeAddon ? (
                <Form method="post" data-testid="remove-addon-form">
                  <Ids s={s} intent="removeAddon" />
                  <input type="hidden" name="itemId" value={a.itemId} />
                  <Button type="submit" variant="outline" size="sm" loading={pending} aria-label={t("subscriptions:addons.removeNamed", { name: a.productName })}>
                    {t("subscriptions:addons.remove")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {s.can.addAddon ? (
        <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate data-testid={`add-addon-form-${s.id}`}>
          <Ids s={s} intent="addAddon" />
          <ErrorSummary errors={errors && { addonVariantId: errors.addonVariantId }} labels={{ addonVariantId: { id: fieldId, label: t("subscriptions:errors.addonVariantId") } }} />
          <Select
            id={fieldId}
            name="addonVariantId"
            label={t("subscriptions:addons.choose")}
            placeholder={t("subscriptions:addons.placeholder")}
            enhance={false}
            error={error}
            options={s.addonOptions.map((o) => ({ value: String(o.variantId), label: `${o.productName} · ${o.variantName} · ${money(o.priceCents)}` }))}
            className="sm:min-w-80"
          />
          <div>
            <Button type="submit" variant="outline" loading={pending}>
              {t("subscriptions:addons.add")}
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

/** The cancellation flow of spec §4 for one subscription: reason → one-time offer → confirmation. */
function CancelFlow({ s, ctx }: { s: Subscription; ctx: Ctx }) {
  const { t } = useTranslation();
  const money = useMoney();
  const pending = useNavigation().state !== "idle";
  const result = ctx.result && ctx.result.subscriptionId === s.id ? ctx.result : undefined;
  const plan = s.plan ? `${s.plan.productName} · ${s.plan.variantName}` : "";
  const titleId = `cancel-${s.id}`;
  const carry = (r: { reason: string; note: string; key: string }) => (
    <>
      <input type="hidden" name="reason" value={r.reason} />
      <input type="hidden" name="note" value={r.note} />
      <input type="hidden" name="key" value={r.key} />
    </>
  );
  let body;
  if (result?.kind === "offer") {
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t("subscriptions:cancel.stepOffer")}</p>
        <h4 className="font-semibold" tabIndex={-1}>
          {t("subscriptions:cancel.offerTitle")}
        </h4>
        <p data-testid="retention-offer">
          {t("subscriptions:cancel.offerBody", { plan: `${result.offer.productName} · ${result.offer.variantName}`, perMonth: money(Math.round(result.offer.priceCents / result.offer.periodMonths)) })}
        </p>
        {result.offer.removesAddons && s.addons.length ? <p className="text-sm">{t("subscriptions:changePlan.warning")}</p> : null}
        <p className="text-sm text-muted-foreground">{t("subscriptions:cancel.offerOnce")}</p>
        <div className="flex flex-wrap gap-3">
          <Form method="post" data-testid="accept-offer-form">
            <Ids s={s} intent="acceptOffer" />
            {carry(result)}
            <Button type="submit" loading={pending}>
              {t("subscriptions:cancel.accept")}
            </Button>
          </Form>
          <Form method="post" data-testid="decline-offer-form">
            <Ids s={s} intent="declineOffer" />
            {carry(result)}
            <Button type="submit" variant="outline" loading={pending}>
              {t("subscriptions:cancel.decline")}
            </Button>
          </Form>
        </div>
      </>
    );
  } else if (result?.kind === "confirm" || (result?.kind === "failed" && result.intent === "confirmCancel")) {
    const r = result.kind === "confirm" ? result : { reason: result.values.reason ?? "", note: result.values.note ?? "", key: result.values.key || "none" };
    const errors = result.kind === "failed" ? result.errors : undefined;
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t("subscriptions:cancel.stepConfirm")}</p>
        <h4 className="font-semibold">{t("subscriptions:cancel.confirmTitle")}</h4>
        <FormError errors={errors} />
        <p data-testid="cancel-confirm-text">
          {s.status === 1 && s.nextChargeAt ? t("subscriptions:cancel.confirmBody", { date: formatDate(s.nextChargeAt, { utcOffsetMinutes: ctx.utcOffsetMinutes }) }) : t("subscriptions:cancel.confirmBodyNow")}
        </p>
        <div className="flex flex-wrap gap-3">
          <Form method="post" data-testid="confirm-cancel-form">
            <Ids s={s} intent="confirmCancel" />
            {carry(r)}
            <Button type="submit" variant="destructive" loading={pending}>
              {t("subscriptions:cancel.confirm")}
            </Button>
          </Form>
          <Link to="/patient/subscriptions" className="inline-flex h-10 items-center rounded-md border px-4 text-sm font-medium hover:bg-muted">
            {t("subscriptions:cancel.keep")}
          </Link>
        </div>
      </>
    );
  } else {
    const errors = result?.kind === "failed" && result.intent === "cancelReason" ? result.errors : undefined;
    const values = result?.kind === "failed" ? result.values : undefined;
    const reasonId = `cancel-reason-${s.id}`;
    const noteId = `cancel-note-${s.id}`;
    body = (
      <Form method="post" className="flex flex-col gap-4" noValidate data-testid={`cancel-form-${s.id}`}>
        <Ids s={s} intent="cancelReason" />
        <p className="text-sm text-muted-foreground">{t("subscriptions:cancel.stepReason")}</p>
        <ErrorSummary
          errors={errors && { reason: errors.reason, note: errors.note }}
          labels={{ reason: { id: reasonId, label: t("subscriptions:errors.reason") }, note: { id: noteId, label: t("subscriptions:errors.note") } }}
        />
        <FormError errors={errors} />
        <RadioGroup
          id={reasonId}
          name="reason"
          legend={t("subscriptions:cancel.reasonLegend")}
          required
          defaultValue={values?.reason}
          error={errors?.reason?.map((m) => translateMessage(t, m)).join(" ")}
          options={CANCEL_REASONS.map((r) => ({ value: r, label: t(`subscriptions:cancel.reasons.${r}`) }))}
        />
        <Textarea
          id={noteId}
          name="note"
          label={t("subscriptions:cancel.note")}
          hint={t("subscriptions:cancel.noteHint")}
          rows={3}
          maxLength={SUBSCRIPTION_LIMITS.cancelNote}
          defaultValue={values?.note}
          error={errors?.note?.map((m) => translateMessage(t, m)).join(" ")}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={pending}>
            {t("subscriptions:cancel.continue")}
          </Button>
          <Link to="/patient/subscriptions" className="inline-flex h-10 items-center rounded-md border px-4 text-sm font-medium hover:bg-muted">
            {t("subscriptions:cancel.keep")}
          </Link>
        </div>
      </Form>
    );
  }
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-error/40 p-4" data-testid="cancel-flow">
      <h3 id={titleId} className="text-base font-semibold">
        {t("subscriptions:cancel.title", { plan })}
      </h3>
      {body}
    </section>
  );
}

function Actions({ s, ctx, cancelling }: { s: Subscription; ctx: Ctx; cancelling: boolean }) {
  const { t } = useTranslation();
  const pending = useNavigation().state !== "idle";
  const errors = errorsFor(ctx.result, s, ["pause", "resume", "reactivate", "acceptOffer", "cancelChange"]);
  const one = (intent: "pause" | "resume" | "reactivate", label: string, hint: string) => (
    <Form method="post" className="flex flex-col gap-1" data-testid={`${intent}-form`}>
      <Ids s={s} intent={intent} />
      <div>
        <Button type="submit" variant={intent === "pause" ? "outline" : "primary"} loading={pending}>
          {label}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </Form>
  );
  return (
    <div className="flex flex-col gap-3">
      <FormError errors={errors} />
      {s.can.reactivate ? one("reactivate", t("subscriptions:reactivate.submit"), t(s.pendingCancellation ? "subscriptions:reactivate.hintPending" : "subscriptions:reactivate.hintEnded")) : null}
      {s.can.resume ? one("resume", t("subscriptions:resume.submit"), t("subscriptions:resume.hint")) : null}
      {s.can.pause ? one("pause", t("subscriptions:pause.submit"), t("subscriptions:pause.hint")) : null}
      {s.can.cancel && !cancelling ? (
        <p>
          <Link to={`/patient/subscriptions?cancel=${s.id}#cancel-${s.id}`} className="text-sm font-medium text-error underline underline-offset-4 hover:no-underline" data-testid={`cancel-link-${s.id}`}>
            {t("subscriptions:cancel.open")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function SubscriptionCard({ s, ctx, cancelId }: { s: Subscription; ctx: Ctx; cancelId: number | null }) {
  const { t } = useTranslation();
  const result = ctx.result;
  const inFlow = result && result.subscriptionId === s.id && (result.kind !== "failed" || ["cancelReason", "declineOffer", "confirmCancel"].includes(result.intent));
  const cancelling = s.can.cancel && (cancelId === s.id || Boolean(inFlow));
  const headingId = `subscription-${s.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-5 rounded-lg border bg-card p-5" data-testid={`subscription-${s.id}`}>
        <header className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-lg font-semibold">
            {s.plan ? s.plan.productName : t("subscriptions:none")}
          </h2>
          <Badge variant={LABEL_VARIANT[s.label]} data-testid="subscription-label">
            {t(`subscriptions:labels.${s.label}`)}
          </Badge>
        </header>
        <Notices s={s} ctx={ctx} />
        <Details s={s} ctx={ctx} />
        {s.can.changePlan && ctx.plans[s.id]?.length ? <ChangePlan s={s} ctx={ctx} /> : null}
        <Addons s={s} ctx={ctx} />
        <Actions s={s} ctx={ctx} cancelling={cancelling} />
        {cancelling ? <CancelFlow s={s} ctx={ctx} /> : null}
      </article>
    </li>
  );
}

export default function PatientSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { subscriptions, plans, utcOffsetMinutes, cancelId } = loaderData;
  const ctx: Ctx = { utcOffsetMinutes, result: actionData as SubscriptionActionResult | undefined, language: i18n.language, plans };
  const stray = ctx.result?.kind === "failed" && !subscriptions.some((s) => s.id === ctx.result!.subscriptionId) ? ctx.result.errors : undefined;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("subscriptions:intro")}</p>
      </header>
      <FormError errors={stray} />
      {subscriptions.length === 0 ? (
        <p>
          {t("subscriptions:empty")}{" "}
          <Link to="/patient/pharmacy" className="text-primary underline underline-offset-4 hover:no-underline">
            {t("subscriptions:browse")}
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-6" aria-label={t("subscriptions:listLabel")}>
          {subscriptions.map((s) => (
            <SubscriptionCard key={s.id} s={s} ctx={ctx} cancelId={cancelId} />
          ))}
        </ul>
      )}
    </div>
  );
}
