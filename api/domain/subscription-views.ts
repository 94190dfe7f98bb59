/**
 * What the patient's subscriptions page reads (api/contract/subscriptions.ts `Subscription`): one subscription with
 * its plan, add-ons, scheduled change, card, the plans and add-ons it may change to and the actions the state
 * machine allows now. A patient has a handful of subscriptions and the catalogue a few dozen variants: both are read
 * whole, once per request.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { patientSubscriptionLabel, type SubscriptionStatus } from "../contract/enums.ts";
import type { PlanOption, Subscription } from "../contract/subscriptions.ts";
import { rows, type Db } from "../db/client.ts";
import { paymentMethods, subscriptionItems, subscriptionRenewals, subscriptions } from "../db/schema.ts";
import { changeRemovesAddons, stateOf, subscriptionTransition, type PlanVariant, type ScheduledChange } from "./subscriptions.ts";

export type CatalogueRow = PlanVariant & {
  productName: string;
  variantName: string;
  dosage: string;
  supply: string;
  shippingFrequencyDays: number;
  dosageCycle: string[] | null;
};

export async function catalogue(db: Db): Promise<Map<number, CatalogueRow>> {
  const list = await rows<CatalogueRow>(
    db,
    sql`SELECT v.id AS "variantId", v.product_id AS "productId", p.section_type AS "sectionType", p.kind, p.is_live AS "isLive",
      v.period_months AS "periodMonths", v.price_cents AS "priceCents", p.name AS "productName", v.name AS "variantName", v.dosage,
      v.supply, v.shipping_frequency_days AS "shippingFrequencyDays", v.dosage_cycle AS "dosageCycle"
      FROM product_variants v JOIN products p ON p.id = v.product_id ORDER BY p.id, v.period_months, v.price_cents, v.id`,
  );
  return new Map(list.map((r) => [r.variantId, r]));
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
  const [items, cards, retries, cat] = await Promise.all([
    db.select().from(subscriptionItems).where(inArray(subscriptionItems.subscriptionId, ids)).orderBy(subscriptionItems.id),
    db.select({ id: paymentMethods.id, brand: paymentMethods.brand, last4: paymentMethods.last4, isPrimary: paymentMethods.isPrimary }).from(paymentMethods).where(eq(paymentMethods.userId, patientId)),
    db
      .select({ subscriptionId: subscriptionRenewals.subscriptionId, nextRetryAt: subscriptionRenewals.nextRetryAt })
      .from(subscriptionRenewals)
      .where(and(inArray(subscriptionRenewals.subscriptionId, ids), eq(subscriptionRenewals.status, "declined"))),
    catalogue(db),
  ]);
  return subs.map((s) => viewOf(s, items.filter((i) => i.subscriptionId === s.id), cards, retries.find((r) => r.subscriptionId === s.id)?.nextRetryAt ?? null, cat));
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
  const all = [...cat.values()];
  const plans = current ? all.filter((v) => v.kind === "medication" && v.isLive && v.sectionType === current.sectionType && v.variantId !== current.variantId).map((v) => optionOf(v, current)) : [];
  const present = addons.map((a) => a.variantId);
  const addonOptions = current
    ? all.filter((v) => v.kind === "addon" && v.isLive && v.sectionType === current.sectionType && v.periodMonths === current.periodMonths && !present.includes(v.variantId)).map((v) => optionOf(v, null))
    : [];
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
    plans,
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
