/**
 * What the patient's subscriptions page reads (api/contract/subscriptions.ts `Subscription`): one subscription with
 * its plan, add-ons, scheduled change, card, the add-ons it may take and the actions the state machine allows now;
 * and the plans each may change to (`GET /api/v2/products/subscription`, `subscriptionProducts`). A patient has a
 * handful of subscriptions and the catalogue a few dozen variants: both are read whole, once per request.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { patientSubscriptionLabel, type SubscriptionStatus } from "../contract/enums.ts";
import { SUBSCRIPTION_V, type PlanOption, type Subscription, type SubscriptionProduct, type SubscriptionProducts } from "../contract/subscriptions.ts";
import { rows, type Db } from "../db/client.ts";
import { paymentMethods, subscriptionItems, subscriptionRenewals, subscriptions } from "../db/schema.ts";
import { eligibilityOf, orderProblem, type Eligibility } from "./pharmacy.ts";
import { changeRemovesAddons, monthlyCents, stateOf, subscriptionTransition, type PlanVariant, type ScheduledChange } from "./subscriptions.ts";

export type CatalogueRow = PlanVariant & {
  productName: string;
  variantName: string;
  dosage: string;
  supply: string;
  shippingFrequencyDays: number;
  dosageCycle: string[] | null;
  requiresPrescription: boolean;
};

export async function catalogue(db: Db): Promise<Map<number, CatalogueRow>> {
  const list = await rows<CatalogueRow>(
    db,
    sql`SELECT v.id AS "variantId", v.product_id AS "productId", p.section_type AS "sectionType", p.kind, p.is_live AS "isLive",
      v.period_months AS "periodMonths", v.price_cents AS "priceCents", p.name AS "productName", v.name AS "variantName", v.dosage,
      v.supply, v.shipping_frequency_days AS "shippingFrequencyDays", v.dosage_cycle AS "dosageCycle", p.requires_prescription AS "requiresPrescription"
      FROM product_variants v JOIN products p ON p.id = v.product_id ORDER BY p.id, v.period_months, v.price_cents, v.id`,
  );
  return new Map(list.map((r) => [r.variantId, r]));
}

// ── What a subscription may change to (the pharmacy's rules: live, the patient's state, a prescription) ────────

const orderableBy = (v: CatalogueRow, eligibility: Eligibility) =>
  orderProblem({ id: v.productId, isLive: v.isLive, requiresPrescription: v.requiresPrescription, sectionType: v.sectionType }, eligibility);

/**
 * Why the patient may not switch to (or add) `target` although the state machine's rules allow it: the pharmacy's
 * order rules as a subscription field code (not live, not offered in the patient's state, needs a prescription), or null.
 */
export function eligibilityProblem(target: CatalogueRow, eligibility: Eligibility): string | null {
  const code = orderableBy(target, eligibility);
  if (code === "pharmacy.notLive") return SUBSCRIPTION_V.productNotLive;
  if (code === "intake.productUnavailable") return SUBSCRIPTION_V.productUnavailable;
  if (code === "pharmacy.prescriptionRequired") return SUBSCRIPTION_V.prescriptionRequired;
  return code;
}

/** The plans a subscription on `current` may change to: the journey's live medication plans but the current one, orderable by the patient. */
export function planChoices(current: CatalogueRow, cat: Iterable<CatalogueRow>, eligibility: Eligibility): CatalogueRow[] {
  return [...cat].filter((v) => v.kind === "medication" && v.sectionType === current.sectionType && v.variantId !== current.variantId && orderableBy(v, eligibility) === null);
}

/** The add-ons a subscription on `current` may take: the journey's live add-ons of the plan's period, orderable, not already there. */
export function addonChoices(current: CatalogueRow, cat: Iterable<CatalogueRow>, eligibility: Eligibility, present: number[]): CatalogueRow[] {
  return [...cat].filter(
    (v) => v.kind === "addon" && v.sectionType === current.sectionType && v.periodMonths === current.periodMonths && !present.includes(v.variantId) && orderableBy(v, eligibility) === null,
  );
}

/** Whether a plan matches a search text (product name, plan name, dosage or a step of its cycle, supply; case-insensitive). */
export function planMatches(v: Pick<CatalogueRow, "productName" | "variantName" | "dosage" | "supply" | "dosageCycle">, search: string | undefined): boolean {
  const needle = search?.trim().toLocaleLowerCase("en-US");
  if (!needle) return true;
  return [v.productName, v.variantName, v.dosage, v.supply, ...(v.dosageCycle ?? [])].some((text) => text.toLocaleLowerCase("en-US").includes(needle));
}

const productOf = (v: CatalogueRow, current: CatalogueRow): SubscriptionProduct => {
  const a = monthlyCents(current);
  const b = monthlyCents(v);
  return { ...optionOf(v, current), monthlyCents: Math.round(b), dosageCycle: v.dosageCycle, direction: b > a ? "upgrade" : b < a ? "downgrade" : "same" };
};

/**
 * The plans each of a patient's subscriptions may change to (GET /api/v2/products/subscription; decisions in
 * api/contract/subscriptions.ts): all of them newest first, or the one `subscriptionId` and/or the newest of
 * `treatmentId`; plans filtered by `search`. An empty list when the filter names none of the patient's.
 */
export async function subscriptionProducts(
  db: Db,
  patientId: number,
  filter: { subscriptionId?: number; treatmentId?: number; search?: string },
): Promise<SubscriptionProducts[]> {
  const conditions = [eq(subscriptions.patientId, patientId)];
  if (filter.subscriptionId !== undefined) conditions.push(eq(subscriptions.id, filter.subscriptionId));
  if (filter.treatmentId !== undefined) conditions.push(eq(subscriptions.treatmentId, filter.treatmentId));
  let subs = await db.select().from(subscriptions).where(and(...conditions)).orderBy(desc(subscriptions.id));
  if (filter.treatmentId !== undefined) subs = subs.slice(0, 1);
  if (!subs.length) return [];
  const ids = subs.map((s) => s.id);
  const [items, cat, eligibility] = await Promise.all([
    db
      .select({ subscriptionId: subscriptionItems.subscriptionId, variantId: subscriptionItems.variantId })
      .from(subscriptionItems)
      .where(and(inArray(subscriptionItems.subscriptionId, ids), eq(subscriptionItems.isAddon, false)))
      .orderBy(subscriptionItems.id),
    catalogue(db),
    eligibilityOf(db, patientId),
  ]);
  return subs.map((s) => {
    const main = items.find((i) => i.subscriptionId === s.id);
    const current = main ? cat.get(main.variantId) : undefined;
    const allowed = Boolean(current) && subscriptionTransition("changePlan", stateOf(s)).ok;
    const choices = allowed && current ? planChoices(current, cat.values(), eligibility) : [];
    return {
      subscriptionId: s.id,
      treatmentId: s.treatmentId,
      sectionType: current?.sectionType ?? 0,
      currentVariantId: current?.variantId ?? null,
      changePlan: choices.length > 0,
      plans: choices.filter((v) => planMatches(v, filter.search)).map((v) => productOf(v, current!)),
    };
  });
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export const optionOf = (v: CatalogueRow, current: CatalogueRow | null): PlanOption => ({
  variantId: v.variantId,
  productId: v.productId,
  productName: v.productName,
  variantName: v.variantName,
  dosage: v.dosage,
  periodMonths: v.periodMonths,
  supply: v.supply,
  shippingFrequencyDays: v.shippingFrequencyDays,
  priceCents: v.priceCents,
  removesAddons: current ? changeRemovesAddons(current, v) : false,
});

type SubRow = typeof subscriptions.$inferSelect;

/** The patient's subscriptions (all, or the one `subscriptionId`), newest first. */
export async function subscriptionViews(db: Db, patientId: number, subscriptionId?: number): Promise<Subscription[]> {
  const subs = await db
    .select()
    .from(subscriptions)
    .where(subscriptionId === undefined ? eq(subscriptions.patientId, patientId) : and(eq(subscriptions.patientId, patientId), eq(subscriptions.id, subscriptionId)))
    .orderBy(desc(subscriptions.id));
  if (!subs.length) return [];
  const ids = subs.map((s) => s.id);
  const [items, cards, retries, cat, eligibility] = await Promise.all([
    db.select().from(subscriptionItems).where(inArray(subscriptionItems.subscriptionId, ids)).orderBy(subscriptionItems.id),
    db.select({ id: paymentMethods.id, brand: paymentMethods.brand, last4: paymentMethods.last4, isPrimary: paymentMethods.isPrimary }).from(paymentMethods).where(eq(paymentMethods.userId, patientId)),
    db
      .select({ subscriptionId: subscriptionRenewals.subscriptionId, nextRetryAt: subscriptionRenewals.nextRetryAt })
      .from(subscriptionRenewals)
      .where(and(inArray(subscriptionRenewals.subscriptionId, ids), eq(subscriptionRenewals.status, "declined"))),
    catalogue(db),
    eligibilityOf(db, patientId),
  ]);
  return subs.map((s) => viewOf(s, items.filter((i) => i.subscriptionId === s.id), cards, retries.find((r) => r.subscriptionId === s.id)?.nextRetryAt ?? null, cat, eligibility));
}

/** The card a subscription charges: its own, else the patient's primary. */
export function cardOf<C extends { id: number; isPrimary: boolean }>(s: Pick<SubRow, "paymentMethodId">, cards: C[]): C | null {
  return cards.find((c) => c.id === s.paymentMethodId) ?? cards.find((c) => c.isPrimary) ?? null;
}

function viewOf(
  s: SubRow,
  items: Array<typeof subscriptionItems.$inferSelect>,
  cards: Array<{ id: number; brand: string; last4: string; isPrimary: boolean }>,
  nextRetryAt: Date | null,
  cat: Map<number, CatalogueRow>,
  eligibility: Eligibility,
): Subscription {
  const itemOf = (i: (typeof items)[number]) => {
    const v = cat.get(i.variantId)!;
    return {
      itemId: i.id,
      variantId: v.variantId,
      productName: v.productName,
      variantName: v.variantName,
      dosage: v.dosage,
      periodMonths: v.periodMonths,
      supply: v.supply,
      shippingFrequencyDays: v.shippingFrequencyDays,
      priceCents: v.priceCents * i.quantity,
      dosageCycle: v.dosageCycle,
    };
  };
  const mainItem = items.find((i) => !i.isAddon) ?? null;
  const plan = mainItem ? itemOf(mainItem) : null;
  const addons = items.filter((i) => i.isAddon).map(itemOf);
  const current = mainItem ? cat.get(mainItem.variantId)! : null;
  const change = s.scheduledChange as ScheduledChange | null;
  const target = change ? cat.get(change.variantId) : undefined;
  const state = stateOf(s);
  const can = (a: Parameters<typeof subscriptionTransition>[0]) => subscriptionTransition(a, state).ok;
  const plans = current ? planChoices(current, cat.values(), eligibility) : [];
  const addonOptions = current ? addonChoices(current, cat.values(), eligibility, addons.map((a) => a.variantId)).map((v) => optionOf(v, null)) : [];
  const card = cardOf(s, cards);
  const nextPlanCents = target ? target.priceCents : (plan?.priceCents ?? 0);
  const nextAddonCents = change?.removesAddons ? 0 : addons.reduce((n, a) => n + a.priceCents, 0);
  return {
    id: s.id,
    treatmentId: s.treatmentId,
    sectionType: current?.sectionType ?? 0,
    status: s.status,
    label: s.pastDueSince ? "card_decline" : patientSubscriptionLabel(s.status as SubscriptionStatus, s.pendingCancellation),
    cycleMonths: s.cycleMonths,
    membershipStatus: s.membershipStatus,
    plan,
    addons,
    nextChargeAt: iso(s.nextChargeAt),
    lastShipmentAt: iso(s.lastShipmentAt),
    endsAt: iso(s.endsAt),
    pendingCancellation: s.pendingCancellation,
    pastDueSince: iso(s.pastDueSince),
    resumeRequestedAt: iso(s.resumeRequestedAt),
    nextRetryAt: iso(nextRetryAt),
    nextAmountCents: nextPlanCents + nextAddonCents,
    scheduledChange:
      change && target
        ? {
            kind: change.kind,
            variantId: change.variantId,
            productName: target.productName,
            variantName: target.variantName,
            effectiveAt: change.effectiveAt,
            direction: change.direction,
            removesAddons: change.removesAddons,
          }
        : null,
    paymentMethod: card ? { brand: card.brand, last4: card.last4 } : null,
    addonOptions,
    can: {
      changePlan: can("changePlan") && plans.length > 0,
      cancelScheduledChange: can("cancelScheduledChange"),
      addAddon: can("addAddon") && addonOptions.length > 0,
      removeAddon: can("removeAddon") && addons.length > 0,
      pause: can("pause"),
      resume: can("resume"),
      cancel: can("cancel"),
      reactivate: can("reactivate"),
    },
  };
}
