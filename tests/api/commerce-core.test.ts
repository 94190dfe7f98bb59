/**
 * The commerce core (api/domain/commerce): one invoice, one charge, one order per key — asked twice, at once, or
 * again after a crash between the provider's answer and our record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { chargeInvoice, createInvoice, createOrder, NoPaymentMethodError } from "../../api/domain/commerce/index.ts";
import { billingProvider } from "../../api/domain/billing/index.ts";
import { LOCAL_DECLINING_TOKEN_PREFIX } from "../../api/domain/billing/local.ts";
import { accountCredits, charges, invoiceLines, invoices, orderItems, orders, paymentMethods, productVariants, users } from "../../api/db/schema.ts";
import { startTestApi, type TestApi } from "./harness.ts";

describe("commerce core", () => {
  let api: TestApi;
  let patientId: number;
  let variantId: number;
  beforeAll(async () => {
    api = await startTestApi();
    const db = api.database.db;
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, "patient@demo.test"));
    patientId = u!.id;
    const [v] = await db.select({ id: productVariants.id }).from(productVariants).limit(1);
    variantId = v!.id;
    // A primary card that the local bank accepts.
    await db.update(paymentMethods).set({ isPrimary: false }).where(eq(paymentMethods.userId, patientId));
    await db.insert(paymentMethods).values({ userId: patientId, providerToken: "pm_local_core_ok", brand: "visa", last4: "4242", expMonth: 12, expYear: 2040, isPrimary: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  const lines = [
    { description: "Semaglutide 3-month plan", unitAmountCents: 29_700 },
    { description: "Anti-nausea add-on", unitAmountCents: 4_500, quantity: 2 },
  ];

  it("creates one invoice per key, with its lines and a number", async () => {
    const db = api.database.db;
    const input = { userId: patientId, lines, periodStart: "2026-11-26", periodEnd: "2027-02-26", idempotencyKey: "test:invoice:1" };
    const [a, b] = await Promise.all([createInvoice(db, input), createInvoice(db, input)]);
    expect(a.id).toBe(b.id);
    expect(a.amountCents).toBe(38_700);
    expect(a.status).toBe("open");
    expect(a.number).toMatch(/^INV-\d{7}$/);
    const again = await createInvoice(db, input);
    expect(again.id).toBe(a.id);
    expect(await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, a.id))).toHaveLength(2);
  });

  it("charges once per key, even when asked five times at once, and marks the invoice paid", async () => {
    const db = api.database.db;
    const invoice = await createInvoice(db, { userId: patientId, lines, periodStart: "2026-11-26", periodEnd: "2027-02-26", idempotencyKey: "test:invoice:2" });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: "test:charge:2" })));
    expect(new Set(outcomes.map((o) => o.status))).toEqual(new Set(["succeeded"]));
    const rows = await db.select().from(charges).where(eq(charges.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("succeeded");
    const [paid] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid!.status).toBe("paid");
    expect(paid!.amountPaidCents).toBe(38_700);
    // A new key on a paid invoice charges nothing.
    const later = await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: "test:charge:2b" });
    expect(later.status).toBe("succeeded");
    expect(await db.select().from(charges).where(eq(charges.invoiceId, invoice.id))).toHaveLength(1);
  });

  it("completes an attempt left pending by a crash with one charge", async () => {
    const db = api.database.db;
    const invoice = await createInvoice(db, { userId: patientId, lines, periodStart: "2026-11-26", periodEnd: "2027-02-26", idempotencyKey: "test:invoice:3" });
    const [card] = await db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, patientId), eq(paymentMethods.isPrimary, true)));
    await db.insert(charges).values({ userId: patientId, invoiceId: invoice.id, paymentMethodId: card!.id, amountCents: invoice.amountCents, idempotencyKey: "test:charge:3" });
    const outcome = await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: "test:charge:3" });
    expect(outcome.status).toBe("succeeded");
    const rows = await db.select().from(charges).where(eq(charges.invoiceId, invoice.id));
    expect(rows.map((r) => r.status)).toEqual(["succeeded"]);
  });

  it("records a decline, leaves the invoice payment due, and succeeds with a new key on a new card", async () => {
    const db = api.database.db;
    const [bad] = await db
      .insert(paymentMethods)
      .values({ userId: patientId, providerToken: `${LOCAL_DECLINING_TOKEN_PREFIX}core`, brand: "visa", last4: "0341", expMonth: 12, expYear: 2040 })
      .returning();
    const invoice = await createInvoice(db, { userId: patientId, lines, periodStart: "2026-11-26", periodEnd: "2027-02-26", idempotencyKey: "test:invoice:4", paymentMethodId: bad!.id });
    const declined = await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: "test:charge:4:1" });
    expect(declined).toMatchObject({ status: "declined", declineCode: "card_declined" });
    expect(declined.invoice.status).toBe("payment_due");
    // The same key answers the same decline, without asking the bank again.
    expect((await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: "test:charge:4:1" })).status).toBe("declined");
    const [good] = await db.select().from(paymentMethods).where(eq(paymentMethods.providerToken, "pm_local_core_ok"));
    const retried = await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: "test:charge:4:2", paymentMethodId: good!.id });
    expect(retried.status).toBe("succeeded");
    expect(retried.invoice.status).toBe("paid");
    const rows = await db.select({ status: charges.status }).from(charges).where(eq(charges.invoiceId, invoice.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["declined", "succeeded"]);
  });

  it("refuses to charge without a card", async () => {
    const db = api.database.db;
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, "nurse@demo.test"));
    const invoice = await createInvoice(db, { userId: other!.id, lines, periodStart: "2026-11-26", periodEnd: "2026-11-26", idempotencyKey: "test:invoice:5" });
    await expect(chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: "test:charge:5" })).rejects.toBeInstanceOf(NoPaymentMethodError);
  });

  it("creates one order per key, Queued, with its items and a number", async () => {
    const db = api.database.db;
    const invoice = await createInvoice(db, { userId: patientId, lines, periodStart: "2026-11-26", periodEnd: "2027-02-26", idempotencyKey: "test:invoice:6" });
    const input = { patientId, invoiceId: invoice.id, items: [{ variantId, priceCents: 29_700 }], idempotencyKey: "test:order:6" };
    const [a, b] = await Promise.all([createOrder(db, input), createOrder(db, input)]);
    expect(a.id).toBe(b.id);
    expect(a.status).toBe(1);
    expect(a.orderNumber).toMatch(/^TH-\d{7}$/);
    expect(a.totalCents).toBe(29_700);
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, a.id))).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, "test:order:6"))).toHaveLength(1);
  });
  it("applies open credits (a referral's) once, as a negative line, never below 0; the same key twice spends nothing more", async () => {
    const db = api.database.db;
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, "patient2@demo.test"));
    const userId = u!.id;
    await db.insert(accountCredits).values({ userId, amountCents: 2_000, reason: "referral", idempotencyKey: `test:credit:${userId}` });
    const input = { userId, lines: [{ description: "Syringes", unitAmountCents: 1_500 }], periodStart: "2026-11-26", periodEnd: "2026-11-26", idempotencyKey: "test:credit:1" };
    const [a, b] = await Promise.all([createInvoice(db, input), createInvoice(db, input)]);
    expect(a.id).toBe(b.id);
    expect([a.amountCents, a.status]).toEqual([0, "paid"]);
    const credited = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, a.id)).orderBy(invoiceLines.position);
    expect(credited.map((l) => [l.description, l.amountCents])).toEqual([["Syringes", 1_500], ["Referral credit", -1_500]]);
    const credits = await db.select().from(accountCredits).where(eq(accountCredits.userId, userId)).orderBy(accountCredits.id);
    expect(credits.map((c) => [c.amountCents, c.appliedInvoiceId])).toEqual([[1_500, a.id], [500, null]]);
    // A renewal (another key) takes the $5 rest, then nothing is left.
    const renewal = await createInvoice(db, { ...input, lines: [{ description: "Plan", unitAmountCents: 10_000 }], idempotencyKey: "renewal:test:credit" });
    expect(renewal.amountCents).toBe(9_500);
    const later = await createInvoice(db, { ...input, lines: [{ description: "Plan", unitAmountCents: 10_000 }], idempotencyKey: "renewal:test:credit:2" });
    expect(later.amountCents).toBe(10_000);
  });
});
