/**
 * Demo journeys (issue 15 part B): every treatment of the two demo patients gets its journey (treatments.journey_id),
 * so the overview, the journeys pages and the timeline show real data. The demo patient (patient@demo.test, Emma
 * Carter) gets two more treatments so that her journeys show each state:
 *  - weight loss: active, with its subscription, shipped orders, two years of history (an order every 90 days and a
 *    weight every month before the current plan) and a check-in due in 5 days (unless the check-ins seed made one);
 *  - haircare: the cancelled plan, and a new request in review for 6 hours (the review clock: 42 h left);
 *  - sexual wellness: declined by the provider 4 days ago ('Intake denied: not eligible for the requested treatment');
 *  - pharmacy purchase: approved, one order delivered.
 * Her weight-loss journey is inserted first (the sweeps' sample journey id 1 on a fresh database). Treatments outside
 * the demo accounts keep journey_id null (as the scaled bench population does): nothing breaks without a journey.
 * Set-based where it can be; deterministic (offsets from now).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";

type Row = Record<string, unknown>;
const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;

export async function seedDemoJourneys(db: Db): Promise<void> {
  const now = Date.now();
  const daysAgo = (d: number) => new Date(now - d * 86_400_000);
  const ids = rowsOf<{ id: number; email: string }>(await db.execute(sql`select id, email from users where email in ('patient@demo.test', 'patient2@demo.test', 'manager@demo.test')`));
  const idOf = (email: string) => ids.find((r) => r.email === email)?.id;
  const emma = idOf("patient@demo.test");
  const liam = idOf("patient2@demo.test");
  const manager = idOf("manager@demo.test") ?? null;
  if (!emma || !liam) return;

  // Emma's two more requests: haircare in review (6 hours), sexual wellness declined 4 days ago.
  const product = async (section: number) =>
    rowsOf<{ id: number }>(await db.execute(sql`select id from products where section_type = ${section} and kind = 'medication' and is_live order by id limit 1`))[0]?.id ?? null;
  const [hair, wellness] = [await product(4), await product(2)];
  await db.insert(t.treatments).values([
    {
      patientId: emma,
      sectionType: 4,
      productId: hair,
      reviewStatus: "pending",
      providerId: null,
      reviewKind: "new_patient",
      intakeAnswers: { goal: "Stop hair loss", hairLossPattern: "Thinning at the crown", symptomDuration: "1 to 2 years", pregnant: false, allergies: "None", currentMedications: "None" },
      createdAt: new Date(now - 6 * 3_600_000),
      updatedAt: new Date(now - 6 * 3_600_000),
    },
    {
      patientId: emma,
      sectionType: 2,
      productId: wellness,
      reviewStatus: "declined",
      providerId: manager,
      reviewKind: "new_patient",
      intakeAnswers: { goal: "Improve performance", takesNitrates: true, recentCardiacEvent: false, currentMedications: "Nitroglycerin 0.4mg as needed", allergies: "None" },
      reviewedAt: daysAgo(4),
      createdAt: daysAgo(5),
      updatedAt: daysAgo(4),
    },
  ]);

  // A journey for each treatment of the demo patients (Emma's weight loss first), in order.
  const treatments = rowsOf<{ id: number; patientId: number; sectionType: number; productId: number | null; createdAt: Date | string; intakeAnswers: Row | null }>(
    await db.execute(sql`select id, patient_id as "patientId", section_type as "sectionType", product_id as "productId", created_at as "createdAt",
        intake_answers as "intakeAnswers"
      from treatments where patient_id in (${emma}, ${liam}) and journey_id is null
      order by (patient_id = ${emma}) desc, (section_type = 1) desc, id`),
  );
  for (const tr of treatments) {
    const created = new Date(tr.createdAt);
    const [journey] = await db
      .insert(t.journeys)
      .values({
        patientId: tr.patientId,
        sectionType: tr.sectionType,
        status: "submitted",
        intakeAnswers: tr.intakeAnswers ?? {},
        intakeStep: "plan",
        productId: tr.productId,
        submittedAt: created,
        createdAt: new Date(created.getTime() - 40 * 60_000),
        updatedAt: created,
      })
      .returning({ id: t.journeys.id });
    await db.execute(sql`update treatments set journey_id = ${journey!.id} where id = ${tr.id}`);
  }

  // Emma's weight loss: the subscription, two years of orders before it, monthly weights, and a due check-in.
  const [wl] = rowsOf<{ journeyId: number; treatmentId: number; subscriptionId: number | null; variantId: number | null; priceCents: number | null }>(
    await db.execute(sql`select t.journey_id as "journeyId", t.id as "treatmentId", s.id as "subscriptionId", v.id as "variantId", v.price_cents as "priceCents"
      from treatments t left join subscriptions s on s.treatment_id = t.id
      left join subscription_items si on si.subscription_id = s.id and not si.is_addon
      left join product_variants v on v.id = si.variant_id
      where t.patient_id = ${emma} and t.section_type = 1 and t.journey_id is not null order by t.id, s.id desc limit 1`),
  );
  if (!wl || wl.subscriptionId === null || wl.variantId === null) return;
  const history = [690, 600, 510, 420, 330, 240, 150];
  for (const [k, ago] of history.entries()) {
    const [order] = await db
      .insert(t.orders)
      .values({
        orderNumber: `TH-J${emma}-${String(k + 1).padStart(2, "0")}`,
        patientId: emma,
        subscriptionId: wl.subscriptionId,
        status: 4,
        totalCents: wl.priceCents ?? 0,
        currency: "usd",
        dateOrdered: daysAgo(ago),
        dateShipped: daysAgo(ago - 2),
        fulfiller: "Northside Compounding Pharmacy",
        trackingNumber: `1ZJ${String(700000000 + k * 7919)}`,
        trackingUrl: `https://www.ups.com/track?tracknum=1ZJ${String(700000000 + k * 7919)}`,
      })
      .returning({ id: t.orders.id });
    await db.insert(t.orderItems).values({ orderId: order!.id, variantId: wl.variantId, quantity: 1, priceCents: wl.priceCents ?? 0 });
  }
  const weights: (typeof t.weightEntries.$inferInsert)[] = [];
  for (let ago = 720; ago > 130; ago -= 30) {
    const day = daysAgo(ago);
    weights.push({ patientId: emma, weightLb: 214 + ((ago / 30) % 3), measuredOn: day.toISOString().slice(0, 10), source: "patient", createdAt: day });
  }
  await db.insert(t.weightEntries).values(weights);
  await db.execute(sql`insert into check_ins (patient_id, journey_id, treatment_id, subscription_id, requested_at, due_at, questions)
    select ${emma}, ${wl.journeyId}, ${wl.treatmentId}, ${wl.subscriptionId}, ${daysAgo(2)}, ${daysAgo(-5)}, '[]'::jsonb
    where not exists (select 1 from check_ins where journey_id = ${wl.journeyId})`);
}
