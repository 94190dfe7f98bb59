/**
 * Subscriptions self-service and the staff renewals list (issue 16 part B; spec §3 Subscription, §4, §5, §7, §8).
 * Rules in ./subscription-rules.ts, the state machine and the plan-change scheduling in api/domain/subscriptions.ts,
 * the renewal jobs in api/domain/renewals.ts, routes api/routes/subscriptions.ts.
 *
 * | call | who | body / query | answer |
 * |---|---|---|---|
 * | GET  /api/v2/subscriptions | the patient | | { subscriptions } (their own, newest first; each with the add-ons it may take) |
 * | GET  /api/v2/products/subscription | the patient; every staff role | search?, subscriptionId?, treatmentId? | { subscriptions: [{ subscriptionId, …, plans }] } (the plans each may change to) |
 * | PUT  /api/v2/treatments/{id}/change-plan | the patient | { variantId } | { subscription } (scheduled for the next renewal) |
 * | POST /api/v2/subscriptions/{id}/cancel-scheduled-changes | the patient | {} | { subscription } |
 * | POST /api/v1/treatments/{id}/add-addon | the patient | { variantId } | { subscription } |
 * | PUT  /api/v1/treatments/{id}/remove-addon | the patient | { subscriptionItemId } | { subscription } |
 * | GET  /api/v1/retention/get-key?treatmentId= | the patient | | { key, offer } (the one-time offer, or nulls) |
 * | PUT  /api/v2/subscriptions/{id}/{key}/cancel | the patient | { reason, note } | { subscription } |
 * | PUT  /api/v2/subscriptions/{id}/update | the patient | { action: pause / resume / reactivate / acceptRetention, key? } | { subscription } |
 * | GET  /api/v1/renewals | every staff role | cursor?, perPage? | Renewal[] + pages (by next charge) |
 *
 * Decisions where the spec is silent:
 * - `{id}` of the treatment calls is the treatment's id (spec §7 puts them under treatments); the subscription is
 *   that treatment's newest. A patient reaches only their own (another's, like an unknown id: 404).
 * - `POST /api/v1/treatments/{id}/resume` stays the clinicians' reopening of a review (issue 14). The patient resumes
 *   a paused subscription with `PUT /api/v2/subscriptions/{id}/update { action: "resume" }`: the API answers at once
 *   (`subscriptions.resumeRequested`) and the resume job charges the card and makes it Active shortly after
 *   (spec §4 "Resuming charges the card and takes effect after a few minutes").
 * - `GET /api/v2/products/subscription` (spec §7 names it only): the subscription products — plan variants (dosage or
 *   dosage cycle, 3/6/12-month period, supply, shipping frequency, price per month and total) — that a subscription
 *   may change to, grouped by subscription: `{ subscriptions: [{ subscriptionId, treatmentId, sectionType,
 *   currentVariantId, changePlan, plans }] }`, the newest subscription first. The change-plan form of
 *   /patient/subscriptions takes its choices from it (GET /api/v2/subscriptions no longer embeds them).
 *   · What a subscription may change to: the live medication plans of its journey other than its current one, that
 *     its patient may order as the pharmacy decides (api/domain/pharmacy.ts orderProblem): not excluded in the state of
 *     the patient's shipping address, and a prescription-only product only with an approved treatment of that journey.
 *     Nothing (`changePlan: false`, `plans: []`) when the state machine refuses a plan change now (a cancelled, ended
 *     or past-due subscription…) or it has no main plan. The change-plan call refuses exactly what is not offered here
 *     (400 on variantId: `subscriptions.productUnavailable`, `subscriptions.prescriptionRequired`, …).
 *   · `search` (at most SUBSCRIPTION_LIMITS.productSearch characters) keeps the plans whose product name, plan name,
 *     dosage (or a step of its dosage cycle) or supply contains it, case-insensitive ("6-month", "semaglutide",
 *     "7.5mg"); a subscription whose plans all fail it stays, with `plans: []`. `subscriptionId` and/or `treatmentId`
 *     (the treatment's newest subscription, like the treatment calls) narrow to one subscription.
 *   · Who (decision, like the other subscription calls): a patient reads their own subscriptions (all of them, or the
 *     one named; another patient's id or an unknown one answers 404). Every staff role (the renewals list's roles) may
 *     read it for one subscription of a patient they may see (api/domain/patient-access.ts): `subscriptionId` or
 *     `treatmentId` is required (400 otherwise: staff have no subscriptions of their own), one they may not see
 *     answers 404; what they get is what that patient would see (the patient's state and prescriptions), read-only
 *     (only the patient changes a plan), and each staff read is an audit row (`subscription.products`).
 * - Cancellation (spec §4: reason → one-time offer → confirmation): `get-key` answers the offer's key while the offer
 *   is unused; the cancel call carries that key in its path (`none` when no offer was made). Cancelling without the
 *   key of an offer still open answers 409 `subscriptions.offerFirst`, so the offer is always shown once; cancelling
 *   with it uses the offer up. An Active subscription keeps access until its end date (the next charge); a Future or
 *   Paused one ends at once.
 * - Plan changes and add-on changes take effect at the next renewal's invoice (no proration). A change of product or
 *   period drops the add-ons at that renewal (spec §8 warning; an add-on's period must match the plan's, §5).
 * - Re-activation: a pending cancellation is withdrawn at once; an ended subscription becomes Active with its next
 *   charge now, and the renewal job charges it (a card is required: 'No payment source in subscription').
 */
import { z } from "zod";
import { pagesSchema } from "./common.ts";
import { CANCEL_REASONS, RENEWAL_BLOCKERS, SUBSCRIPTION_LIMITS, SUBSCRIPTION_V } from "./subscription-rules.ts";
import { PATIENT_SUBSCRIPTION_LABELS } from "./enums.ts";
import { V } from "./validation.ts";

export * from "./subscription-rules.ts";

const id = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid);
const requiredId = (message: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: message }).int(message).positive(message).max(2147483647, message));

export const planOptionSchema = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  variantName: z.string(),
  dosage: z.string(),
  periodMonths: z.number().int(),
  supply: z.string(),
  shippingFrequencyDays: z.number().int(),
  priceCents: z.number().int(),
  /** Whether choosing it drops the add-ons at the next renewal (spec §8 warning). */
  removesAddons: z.boolean(),
});
export type PlanOption = z.infer<typeof planOptionSchema>;

const itemSchema = z.object({
  itemId: z.number().int(),
  variantId: z.number().int(),
  productName: z.string(),
  variantName: z.string(),
  dosage: z.string(),
  periodMonths: z.number().int(),
  supply: z.string(),
  shippingFrequencyDays: z.number().int(),
  priceCents: z.number().int(),
  dosageCycle: z.array(z.string()).nullable(),
});

export const subscriptionSchema = z.object({
  id: z.number().int(),
  treatmentId: z.number().int().nullable(),
  sectionType: z.number().int(),
  status: z.number().int().meta({ description: "spec §4: Future 0, Active 1, Paused 2, Cancelled 3, NotRenewed 4, Unknown 100, Deleted 101" }),
  label: z.enum([...(Object.keys(PATIENT_SUBSCRIPTION_LABELS) as [keyof typeof PATIENT_SUBSCRIPTION_LABELS]), "card_decline"]).meta({
    description: "The patient-facing label (spec §4), card_decline while a renewal is past due",
  }),
  cycleMonths: z.number().int(),
  membershipStatus: z.string(),
  plan: itemSchema.nullable(),
  addons: z.array(itemSchema),
  nextChargeAt: z.string().nullable(),
  lastShipmentAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  pendingCancellation: z.boolean(),
  pastDueSince: z.string().nullable(),
  resumeRequestedAt: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
  /** The amount of the next renewal: the plan and add-ons as they will be then (cents, USD). */
  nextAmountCents: z.number().int(),
  scheduledChange: z
    .object({
      kind: z.enum(["planChange", "retention"]),
      variantId: z.number().int(),
      productName: z.string(),
      variantName: z.string(),
      effectiveAt: z.string(),
      direction: z.enum(["upgrade", "downgrade", "same"]),
      removesAddons: z.boolean(),
    })
    .nullable(),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /**
   * Add-ons it may take (same journey, same period, orderable by the patient). The plans it may change to are
   * GET /api/v2/products/subscription's.
   */
  addonOptions: z.array(planOptionSchema),
  can: z.object({
    changePlan: z.boolean(),
    cancelScheduledChange: z.boolean(),
    addAddon: z.boolean(),
    removeAddon: z.boolean(),
    pause: z.boolean(),
    resume: z.boolean(),
    cancel: z.boolean(),
    reactivate: z.boolean(),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionsAnswerSchema = z.object({ subscriptions: z.array(subscriptionSchema) });
export const subscriptionAnswerSchema = z.object({ subscription: subscriptionSchema });

export const changePlanSchema = z.object({ variantId: requiredId(SUBSCRIPTION_V.planRequired) }).strict();
export const addAddonSchema = z.object({ variantId: requiredId(SUBSCRIPTION_V.addonNotOffered) }).strict();
export const removeAddonSchema = z.object({ subscriptionItemId: requiredId(V.required) }).strict();
export const emptySchema = z.object({}).strict();

export const retentionQuerySchema = z.object({ treatmentId: id });
export const retentionAnswerSchema = z.object({ key: z.string().nullable(), offer: planOptionSchema.nullable() });

export const cancelSchema = z
  .object({
    reason: z.enum(CANCEL_REASONS, { error: SUBSCRIPTION_V.reasonRequired }),
    note: z.string().trim().max(SUBSCRIPTION_LIMITS.cancelNote, V.maxLength).default(""),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.reason === "other" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: V.required });
  });

export const updateSchema = z
  .object({
    action: z.enum(["pause", "resume", "reactivate", "acceptRetention"], { error: V.invalid }),
    key: z.string().trim().max(200, V.invalid).optional(),
  })
  .strict();

// ── GET /api/v2/products/subscription ─────────────────────────────────────────────────────────────────────────

export const subscriptionProductsQuerySchema = z.object({
  search: z.string().trim().max(SUBSCRIPTION_LIMITS.productSearch, V.maxLength).optional().meta({ description: "Product name, plan name, dosage or supply contains (case-insensitive)" }),
  subscriptionId: id.optional().meta({ description: "One subscription (required for staff unless treatmentId is given)" }),
  treatmentId: id.optional().meta({ description: "The treatment's newest subscription" }),
});
export type SubscriptionProductsQuery = z.infer<typeof subscriptionProductsQuerySchema>;

/** A plan a subscription may change to: a plan option with its price per month and dosage cycle. */
export const subscriptionProductSchema = planOptionSchema.extend({
  monthlyCents: z.number().int().meta({ description: "Price per month, USD cents (rounded)" }),
  dosageCycle: z.array(z.string()).nullable(),
  direction: z.enum(["upgrade", "downgrade", "same"]).meta({ description: "Against the current plan, by price per month" }),
});
export type SubscriptionProduct = z.infer<typeof subscriptionProductSchema>;

export const subscriptionProductsSchema = z.object({
  subscriptionId: z.number().int(),
  treatmentId: z.number().int().nullable(),
  sectionType: z.number().int(),
  currentVariantId: z.number().int().nullable(),
  /** Whether the state machine allows a plan change now (and there is something to change to). */
  changePlan: z.boolean(),
  plans: z.array(subscriptionProductSchema),
});
export type SubscriptionProducts = z.infer<typeof subscriptionProductsSchema>;
export const subscriptionProductsAnswerSchema = z.object({ subscriptions: z.array(subscriptionProductsSchema) });

export const renewalsQuerySchema = z.object({
  cursor: z.string().trim().max(300, V.invalid).optional().meta({ description: "pages.nextCursor of the previous page" }),
  perPage: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100, V.invalid).default(25),
});
export const renewalPagesSchema = pagesSchema.extend({ hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type RenewalPages = z.infer<typeof renewalPagesSchema>;

export const renewalSchema = z.object({
  subscriptionId: z.number().int(),
  treatmentId: z.number().int().nullable(),
  patient: z.object({ id: z.number().int(), fullName: z.string() }),
  sectionType: z.number().int(),
  status: z.number().int(),
  plan: z.string(),
  cycleMonths: z.number().int(),
  nextChargeAt: z.string(),
  amountCents: z.number().int(),
  pastDueSince: z.string().nullable(),
  blockers: z.array(z.enum(RENEWAL_BLOCKERS)),
});
export type Renewal = z.infer<typeof renewalSchema>;
