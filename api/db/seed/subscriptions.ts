/**
 * Subscriptions of the test accounts (issue 16 part B): the test patients of slots SUBSCRIPTION_TEST_SLOTS
 * (tests/support/accounts.ts) each get a weight-loss treatment approved, a card on file and an Active subscription on
 * the 3-month compounded tirzepatide plan with one add-on, next charge in 20 days — the state the subscriptions
 * page's tests start from. Slot DECLINING_SLOT's card declines every charge (the declined-card journey). Slot
 * LOUISIANA_SLOT ships to Louisiana, where the compounded plans are not offered (api/db/seed/intake.ts): its change-plan
 * choices (GET /api/v2/products/subscription) are the branded ones only. Idempotent: a patient who has a subscription
 * is left as they are.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import { testPatientEmail } from "./test-accounts.ts";
import { LOCAL_DECLINING_TOKEN_PREFIX } from "../../domain/billing/local.ts";
import { UNAVAILABLE_DEMO_STATE } from "./intake.ts";

/** The test-patient slots that get a subscription (kept in step with tests/support/accounts.ts). */
export const SUBSCRIPTION_TEST_SLOTS = [51, 56, 57, 58, 59, 60] as const;
/** This slot's shipping address is in Louisiana (UNAVAILABLE_DEMO_STATE): the compounded GLP-1 plans are not offered to it. */
export const LOUISIANA_SLOT = 51;
/** This slot's card is the local provider's declining test card (4000 0000 0000 0341): it saves, every charge declines. */
export const DECLINING_SLOT = 59;

async function variant(db: Db, slug: string, period: number) {
  const [row] = await db
    .select({ id: t.productVariants.id, productId: t.productVariants.productId })
    .from(t.productVariants)
    .innerJoin(t.products, eq(t.products.id, t.productVariants.productId))
    .where(and(eq(t.products.slug, slug), eq(t.productVariants.periodMonths, period)))
    .orderBy(t.productVariants.id)
    .limit(1);
  return row;
}

export async function seedTestSubscriptions(db: Db, count: number): Promise<void> {
  const main = await variant(db, "compounded-tirzepatide", 3);
  const addon = await variant(db, "ondansetron", 3);
  if (!main || !addon) return; // no catalogue (no demo seed): nothing to subscribe to
  const now = Date.now();
  for (const k of SUBSCRIPTION_TEST_SLOTS) {
    if (k > count) continue;
    const [user] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, testPatientEmail(k)));
    if (!user) continue;
    const [has] = await db.select({ n: sql<number>`count(*)::int` }).from(t.subscriptions).where(eq(t.subscriptions.patientId, user.id));
    if (has && has.n > 0) continue;
    const [card] = await db
      .insert(t.paymentMethods)
      .values({ userId: user.id, provider: "local", providerToken: k === DECLINING_SLOT ? `${LOCAL_DECLINING_TOKEN_PREFIX}test_${k}` : `pm_local_test_${k}`, brand: "visa", last4: k === DECLINING_SLOT ? "0341" : "4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 3, holderName: "Test Patient", isPrimary: true })
      .returning({ id: t.paymentMethods.id });
    const [treatment] = await db
      .insert(t.treatments)
      .values({ patientId: user.id, sectionType: 1, productId: main.productId, reviewStatus: "approved", reviewedAt: new Date(now - 40 * 86_400_000), createdAt: new Date(now - 41 * 86_400_000) })
      .returning({ id: t.treatments.id });
    const [sub] = await db
      .insert(t.subscriptions)
      .values({
        patientId: user.id,
        treatmentId: treatment!.id,
        status: 1,
        cycleMonths: 3,
        membershipStatus: "active",
        paymentMethodId: card!.id,
        nextChargeAt: new Date(now + 20 * 86_400_000),
        lastShipmentAt: new Date(now - 10 * 86_400_000),
        createdAt: new Date(now - 40 * 86_400_000),
      })
      .returning({ id: t.subscriptions.id });
    await db.insert(t.subscriptionItems).values([
      { subscriptionId: sub!.id, variantId: main.id, quantity: 1, isAddon: false },
      { subscriptionId: sub!.id, variantId: addon.id, quantity: 1, isAddon: true },
    ]);
    if (k === LOUISIANA_SLOT) {
      const address = { title: "Home", addressFirstName: "Test", addressLastName: "Patient", addressLine1: "1 Canal St", locality: "New Orleans", administrativeArea: UNAVAILABLE_DEMO_STATE, postalCode: "70112" };
      await db
        .insert(t.addresses)
        .values({ userId: user.id, addressType: "shipping", ...address })
        .onConflictDoUpdate({ target: [t.addresses.userId, t.addresses.addressType], set: address });
    }
  }
}
