/**
 * Subscriptions made for a test (issue 16 part B): a weight-loss treatment of the patient with a subscription on the
 * 3-month compounded tirzepatide plan (optionally an add-on), in the state the test starts from.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../api/db/client.ts";
import * as schema from "../../api/db/schema.ts";

export async function variantId(db: Db, slug: string, periodMonths: number): Promise<number> {
  const [row] = await db
    .select({ id: schema.productVariants.id })
    .from(schema.productVariants)
    .innerJoin(schema.products, eq(schema.products.id, schema.productVariants.productId))
    .where(and(eq(schema.products.slug, slug), eq(schema.productVariants.periodMonths, periodMonths)))
    .orderBy(schema.productVariants.id)
    .limit(1);
  return row!.id;
}

export type FreshSubscription = { treatmentId: number; subscriptionId: number; addonItemId: number | null };

export async function freshSubscription(
  db: Db,
  patientId: number,
  opts: Partial<typeof schema.subscriptions.$inferInsert> & { addon?: boolean; slug?: string; period?: number } = {},
): Promise<FreshSubscription> {
  const { addon = false, slug = "compounded-tirzepatide", period = 3, ...row } = opts;
  const main = await variantId(db, slug, period);
  const [product] = await db.select({ id: schema.productVariants.productId }).from(schema.productVariants).where(eq(schema.productVariants.id, main));
  const [t] = await db
    .insert(schema.treatments)
    .values({ patientId, sectionType: 1, productId: product!.id, reviewStatus: "approved", reviewedAt: new Date() })
    .returning({ id: schema.treatments.id });
  const [s] = await db
    .insert(schema.subscriptions)
    .values({ patientId, treatmentId: t!.id, status: 1, cycleMonths: period, membershipStatus: "active", nextChargeAt: new Date(Date.now() + 20 * 86_400_000), ...row })
    .returning({ id: schema.subscriptions.id });
  await db.insert(schema.subscriptionItems).values({ subscriptionId: s!.id, variantId: main, quantity: 1, isAddon: false });
  let addonItemId: number | null = null;
  if (addon) {
    const [i] = await db
      .insert(schema.subscriptionItems)
      .values({ subscriptionId: s!.id, variantId: await variantId(db, "ondansetron", period), quantity: 1, isAddon: true })
      .returning({ id: schema.subscriptionItems.id });
    addonItemId = i!.id;
  }
  return { treatmentId: t!.id, subscriptionId: s!.id, addonItemId };
}
