/**
 * The commerce core (issue 16): one invoice, one charge, one order — each idempotent by a key, so a double submit,
 * a retried request, a renewal job run twice or a worker that crashed half-way never bills or ships twice.
 *
 *   const invoice = await createInvoice(db, { userId, lines, periodStart, periodEnd, idempotencyKey: `checkout:${formKey}` });
 *   const charge = await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: `checkout:${formKey}:1` });
 *   if (charge.status === "succeeded") await createOrder(db, { patientId, invoiceId: invoice.id, items, idempotencyKey: `checkout:${formKey}` });
 *
 * Keys: namespace them by what they stand for — `checkout:<form key>`, `renewal:<subscription id>:<period start>` —
 * and give a new charge attempt (a retry after a decline) a new key (`…:attempt:<n>`): a key answers its first
 * outcome forever. Amounts in cents (USD).
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountCredits, charges, invoiceLines, invoices, orderItems, orders, paymentMethods, users } from "../../db/schema.ts";
import { ensureCustomer } from "../billing/ledger.ts";
import { CardDeclinedError, type BillingProvider } from "../billing/provider.ts";

export type InvoiceLineInput = { description: string; quantity?: number; unitAmountCents: number };

export type CreateInvoiceInput = {
  userId: number;
  lines: readonly InvoiceLineInput[];
  /** The period billed (YYYY-MM-DD); a one-off checkout bills today to today. */
  periodStart: string;
  periodEnd: string;
  /** The card to charge; default: the patient's primary card at charge time. */
  paymentMethodId?: number | null;
  subscriptionId?: number | null;
  idempotencyKey: string;
  /** Issue date (YYYY-MM-DD), default today (UTC). */
  issuedOn?: string;
};

export type InvoiceRow = typeof invoices.$inferSelect;
export type ChargeRow = typeof charges.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);

/** Raised when there is no card to charge (spec §8 'No payment source in subscription' at the call sites that bill a subscription). */
export class NoPaymentMethodError extends Error {
  constructor() {
    super("no_payment_method");
  }
}

/** An open invoice with its lines; asked again with the same key (for the same patient), the first one. */
export async function createInvoice(db: Db, input: CreateInvoiceInput): Promise<InvoiceRow> {
  if (input.lines.length === 0) throw new Error("an invoice needs at least one line");
  const lines = input.lines.map((l, position) => {
    const quantity = l.quantity ?? 1;
    if (!Number.isInteger(l.unitAmountCents) || !Number.isInteger(quantity) || quantity < 1) throw new Error("invoice line amounts are whole cents");
    return { position, description: l.description, quantity, unitAmountCents: l.unitAmountCents, amountCents: l.unitAmountCents * quantity };
  });
  const existing = await findInvoiceByKey(db, input.userId, input.idempotencyKey);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    // The patient's open credits (a referral's $20) come off as negative lines, oldest first, never below 0; the
    // rows are locked so two invoices at once cannot spend one credit twice.
    const open = await tx
      .select()
      .from(accountCredits)
      .where(and(eq(accountCredits.userId, input.userId), isNull(accountCredits.appliedInvoiceId)))
      .orderBy(asc(accountCredits.id))
      .for("update");
    const applied: { id: number; useCents: number; restCents: number }[] = [];
    let due = lines.reduce((sum, l) => sum + l.amountCents, 0);
    for (const credit of open) {
      if (due <= 0) break;
      const useCents = Math.min(due, credit.amountCents);
      applied.push({ id: credit.id, useCents, restCents: credit.amountCents - useCents });
      lines.push({ position: lines.length, description: creditDescription(credit.reason), quantity: 1, unitAmountCents: -useCents, amountCents: -useCents });
      due -= useCents;
    }
    // A line may be negative (a credit, a coupon); the invoice never is.
    const amountCents = Math.max(0, lines.reduce((sum, l) => sum + l.amountCents, 0));
    const issuedOn = input.issuedOn ?? today();
    const [row] = await tx
      .insert(invoices)
      .values({
        userId: input.userId,
        provider: "local",
        providerInvoiceId: `inv_key_${input.userId}_${input.idempotencyKey}`,
        number: `INV-PENDING-${input.userId}-${input.idempotencyKey}`,
        status: amountCents === 0 ? "paid" : "open",
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        amountCents,
        issuedOn,
        dueOn: issuedOn,
        paidAt: amountCents === 0 ? new Date() : null,
        paymentMethodId: input.paymentMethodId ?? null,
        subscriptionId: input.subscriptionId ?? null,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return (await findInvoiceByKey(tx, input.userId, input.idempotencyKey))!;
    await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: row.id })));
    for (const a of applied) {
      // A credit larger than the invoice: the part used stays with this invoice, the rest is a new open credit.
      const [used] = await tx
        .update(accountCredits)
        .set({ appliedInvoiceId: row.id, amountCents: a.useCents })
        .where(eq(accountCredits.id, a.id))
        .returning();
      if (a.restCents > 0) {
        await tx.insert(accountCredits).values({ userId: input.userId, amountCents: a.restCents, reason: used!.reason, referralId: used!.referralId, idempotencyKey: `rest:${a.id}` });
      }
    }
    const [numbered] = await tx
      .update(invoices)
      .set({ number: sql`'INV-' || lpad(${invoices.id}::text, 7, '0')`, providerInvoiceId: sql`'inv_local_' || ${invoices.id}` })
      .where(eq(invoices.id, row.id))
      .returning();
    return numbered!;
  });
}

/** The invoice line of a credit (invoices are English, like the provider's). */
function creditDescription(reason: "referral"): string {
  return reason === "referral" ? "Referral credit" : "Credit";
}

async function findInvoiceByKey(db: Db, userId: number, key: string): Promise<InvoiceRow | undefined> {
  return (await db.select().from(invoices).where(and(eq(invoices.userId, userId), eq(invoices.idempotencyKey, key))).limit(1))[0];
}

export type ChargeOutcome =
  | { status: "succeeded"; chargeId: number | null; invoice: InvoiceRow }
  | { status: "declined"; chargeId: number; declineCode: string; invoice: InvoiceRow };

/**
 * Charges an invoice's amount to its card (or the patient's primary card) once per key. A paid invoice answers
 * succeeded without charging (chargeId of the charge that paid it, null for a zero invoice). A decline leaves the
 * invoice payment_due and answers declined; retry with a NEW key. Throws NoPaymentMethodError without a card.
 *
 * Crash safety: the attempt is recorded (pending) before the provider is asked, with the key the provider dedupes
 * on; a run that died after the provider charged finds its pending row on the next run and asks again with the
 * same key, getting the same answer — one charge.
 */
export async function chargeInvoice(
  db: Db,
  provider: BillingProvider,
  input: { invoiceId: number; idempotencyKey: string; paymentMethodId?: number | null },
): Promise<ChargeOutcome> {
  const invoice = (await db.select().from(invoices).where(eq(invoices.id, input.invoiceId)).limit(1))[0];
  if (!invoice) throw new Error(`invoice ${input.invoiceId} not found`);
  const previous = (await db.select().from(charges).where(eq(charges.idempotencyKey, input.idempotencyKey)).limit(1))[0];
  if (previous && previous.status !== "pending") return outcomeOf(db, previous);
  if (invoice.status === "paid") {
    const paidBy = (
      await db
        .select({ id: charges.id })
        .from(charges)
        .where(and(eq(charges.invoiceId, invoice.id), eq(charges.status, "succeeded")))
        .orderBy(desc(charges.id))
        .limit(1)
    )[0];
    return { status: "succeeded", chargeId: paidBy?.id ?? null, invoice };
  }
  if (invoice.status === "voided") throw new Error(`invoice ${invoice.id} is voided`);

  let attempt = previous;
  if (!attempt) {
    const card = await cardFor(db, invoice.userId, input.paymentMethodId ?? invoice.paymentMethodId);
    const [inserted] = await db
      .insert(charges)
      .values({
        userId: invoice.userId,
        invoiceId: invoice.id,
        paymentMethodId: card.id,
        provider: provider.name,
        amountCents: invoice.amountCents - invoice.amountPaidCents,
        currency: invoice.currency,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    attempt = inserted ?? (await db.select().from(charges).where(eq(charges.idempotencyKey, input.idempotencyKey)).limit(1))[0]!;
    if (attempt.status !== "pending") return outcomeOf(db, attempt);
  }
  const card = await cardFor(db, invoice.userId, attempt.paymentMethodId);
  const [user] = await db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, invoice.userId));
  const customer = await ensureCustomer(db, provider, user!);
  let result: { providerChargeId: string } | { declineCode: string };
  try {
    result = await provider.charge(customer, {
      token: card.providerToken,
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      idempotencyKey: attempt.idempotencyKey,
      description: `Invoice ${invoice.number}`,
    });
  } catch (err) {
    if (!(err instanceof CardDeclinedError)) throw err; // the attempt stays pending: the next run asks again with the key
    result = { declineCode: err.code };
  }
  return db.transaction(async (tx) => {
    if ("providerChargeId" in result) {
      const [done] = await tx
        .update(charges)
        .set({ status: "succeeded", providerChargeId: result.providerChargeId, updatedAt: sql`now()` })
        .where(and(eq(charges.id, attempt.id), eq(charges.status, "pending")))
        .returning();
      const [paid] = await tx
        .update(invoices)
        .set({
          status: "paid",
          amountPaidCents: sql`${invoices.amountPaidCents} + ${attempt.amountCents}`,
          paidAt: sql`now()`,
          paymentMethodId: attempt.paymentMethodId,
          updatedAt: sql`now()`,
        })
        .where(and(eq(invoices.id, invoice.id), sql`${invoices.status} <> 'paid'`))
        .returning();
      // Another run recorded the same answer first: nothing more to write.
      if (!done) return outcomeOf(tx, (await tx.select().from(charges).where(eq(charges.id, attempt.id)))[0]!);
      return { status: "succeeded" as const, chargeId: attempt.id, invoice: paid ?? invoice };
    }
    const [done] = await tx
      .update(charges)
      .set({ status: "declined", declineCode: result.declineCode, updatedAt: sql`now()` })
      .where(and(eq(charges.id, attempt.id), eq(charges.status, "pending")))
      .returning();
    const [due] = await tx
      .update(invoices)
      .set({ status: "payment_due", updatedAt: sql`now()` })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "open")))
      .returning();
    if (!done) return outcomeOf(tx, (await tx.select().from(charges).where(eq(charges.id, attempt.id)))[0]!);
    return { status: "declined" as const, chargeId: attempt.id, declineCode: result.declineCode, invoice: due ?? invoice };
  });
}

async function outcomeOf(db: Db, charge: ChargeRow): Promise<ChargeOutcome> {
  const invoice = (await db.select().from(invoices).where(eq(invoices.id, charge.invoiceId)))[0]!;
  if (charge.status === "succeeded") return { status: "succeeded", chargeId: charge.id, invoice };
  return { status: "declined", chargeId: charge.id, declineCode: charge.declineCode ?? "card_declined", invoice };
}

async function cardFor(db: Db, userId: number, paymentMethodId: number | null | undefined) {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(paymentMethodId ? and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, paymentMethodId)) : and(eq(paymentMethods.userId, userId), eq(paymentMethods.isPrimary, true)))
    .limit(1);
  if (!rows[0]) throw new NoPaymentMethodError();
  return rows[0];
}

/** The patient's primary card, if any (to tell 'No payment source' before billing). */
export async function primaryPaymentMethodId(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isPrimary, true)))
    .limit(1);
  return row?.id ?? null;
}

export type OrderItemInput = { variantId: number; quantity?: number; priceCents: number };

export type CreateOrderInput = {
  patientId: number;
  subscriptionId?: number | null;
  invoiceId: number;
  items: readonly OrderItemInput[];
  idempotencyKey: string;
  source?: "checkout" | "renewal";
};

/** The order (status Queued, spec §4) for a paid invoice; asked again with the same key, the first one. */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<OrderRow> {
  if (input.items.length === 0) throw new Error("an order needs at least one item");
  const existing = await findOrderByKey(db, input.patientId, input.idempotencyKey);
  if (existing) return existing;
  const totalCents = input.items.reduce((sum, i) => sum + i.priceCents * (i.quantity ?? 1), 0);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        orderNumber: `TH-PENDING-${input.patientId}-${input.idempotencyKey}`,
        patientId: input.patientId,
        subscriptionId: input.subscriptionId ?? null,
        invoiceId: input.invoiceId,
        status: ORDER_STATUS_QUEUED,
        totalCents,
        idempotencyKey: input.idempotencyKey,
        source: input.source ?? "checkout",
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return (await findOrderByKey(tx, input.patientId, input.idempotencyKey))!;
    await tx.insert(orderItems).values(input.items.map((i) => ({ orderId: row.id, variantId: i.variantId, quantity: i.quantity ?? 1, priceCents: i.priceCents })));
    const [numbered] = await tx
      .update(orders)
      .set({ orderNumber: sql`'TH-' || lpad(${orders.id}::text, 7, '0')` })
      .where(eq(orders.id, row.id))
      .returning();
    return numbered!;
  });
}

/** Spec §4 shipment/order status Queued. */
export const ORDER_STATUS_QUEUED = 1;

async function findOrderByKey(db: Db, patientId: number, key: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(and(eq(orders.patientId, patientId), eq(orders.idempotencyKey, key))).limit(1))[0];
}
