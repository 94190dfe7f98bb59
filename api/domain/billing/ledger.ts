/**
 * The billing ledger: our tables of billing customers, payment methods and invoices, read and changed for
 * one patient at a time through a BillingProvider (./provider.ts). Every function takes the patient's user
 * id and touches only that patient's rows: an id of another patient's card or invoice is "not found".
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  CARD_BRAND_LABELS,
  INVOICE_STATUS_LABELS,
  PORTAL_SESSION_TTL_SECONDS,
  cardExpired,
  type BillingSync,
  type CardBrand,
  type Invoice,
  type InvoiceStatus,
  type PaymentMethod,
  type PaymentMethods,
  type PortalSession,
} from "../../contract/patient-account.ts";
import type { Db } from "../../db/client.ts";
import { billingCustomers, billingPortalSessions, invoiceLines, invoices, paymentMethods, subscriptions } from "../../db/schema.ts";
import type { BillingCustomer, BillingProvider, BillingUser, CardInput } from "./provider.ts";

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** The patient's customer record at the provider, created on first use. */
export async function ensureCustomer(db: Db, provider: BillingProvider, user: BillingUser): Promise<BillingCustomer> {
  const find = async () =>
    (
      await db
        .select()
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.provider, provider.name)))
        .limit(1)
    )[0];
  const existing = await find();
  if (existing) return existing;
  const { providerCustomerId } = await provider.createCustomer(user);
  await db.insert(billingCustomers).values({ userId: user.id, provider: provider.name, providerCustomerId }).onConflictDoNothing();
  return (await find())!;
}

export function toPaymentMethod(row: PaymentMethodRow, now: Date = new Date()): PaymentMethod {
  const brand = row.brand as CardBrand;
  return {
    id: row.id,
    brand,
    brandLabel: CARD_BRAND_LABELS[brand] ?? row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    expired: cardExpired(row.expMonth, row.expYear, now),
    holderName: row.holderName,
    isPrimary: row.isPrimary,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
  };
}

async function paymentMethodRows(db: Db, userId: number): Promise<PaymentMethodRow[]> {
  return db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).orderBy(desc(paymentMethods.isPrimary), desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

export async function listPaymentMethods(db: Db, provider: BillingProvider, userId: number): Promise<PaymentMethods> {
  return {
    provider: provider.name,
    acceptsCardNumbers: provider.acceptsCardNumbers,
    paymentMethods: (await paymentMethodRows(db, userId)).map((r) => toPaymentMethod(r)),
  };
}

export async function countPaymentMethods(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.userId, userId));
  return Number(row?.n ?? 0);
}

async function findOwnPaymentMethod(db: Db, userId: number, id: number): Promise<PaymentMethodRow | undefined> {
  return (await db.select().from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId))).limit(1))[0];
}

/**
 * Tokenises a card with the provider and keeps brand, last 4, expiry, holder name and the token.
 * It becomes primary when asked, or when the patient has no primary card.
 */
export async function addCard(db: Db, provider: BillingProvider, user: BillingUser, card: CardInput, makePrimary: boolean | undefined): Promise<PaymentMethod> {
  const customer = await ensureCustomer(db, provider, user);
  const tokenized = await provider.tokenizeCard(customer, card);
  const row = await db.transaction(async (tx) => {
    const [primary] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.isPrimary, true)))
      .limit(1);
    const primaryNow = makePrimary === true || !primary;
    if (primaryNow && primary) await tx.update(paymentMethods).set({ isPrimary: false }).where(eq(paymentMethods.id, primary.id));
    const [inserted] = await tx
      .insert(paymentMethods)
      .values({
        userId: user.id,
        provider: provider.name,
        providerToken: tokenized.token,
        brand: tokenized.brand,
        last4: tokenized.last4,
        expMonth: tokenized.expMonth,
        expYear: tokenized.expYear,
        holderName: tokenized.holderName,
        isPrimary: primaryNow,
      })
      .returning();
    return inserted!;
  });
  if (row.isPrimary) await provider.setPrimaryPaymentMethod(customer, row.providerToken);
  return toPaymentMethod(row);
}

/** Makes one of the patient's cards primary. False when the id is not one of theirs. */
export async function setPrimary(db: Db, provider: BillingProvider, user: BillingUser, id: number): Promise<boolean> {
  const target = await findOwnPaymentMethod(db, user.id, id);
  if (!target) return false;
  const customer = await ensureCustomer(db, provider, user);
  await provider.setPrimaryPaymentMethod(customer, target.providerToken);
  await db.transaction(async (tx) => {
    await tx
      .update(paymentMethods)
      .set({ isPrimary: false })
      .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.isPrimary, true), ne(paymentMethods.id, id)));
    await tx.update(paymentMethods).set({ isPrimary: true }).where(eq(paymentMethods.id, id));
  });
  return true;
}

/**
 * Deletes one of the patient's cards. When it was primary, the newest remaining card becomes primary, and
 * subscriptions charged to the deleted card move to it. Answers the new primary's id (or null), or false
 * when the id is not one of theirs.
 */
export async function deletePaymentMethod(db: Db, provider: BillingProvider, user: BillingUser, id: number): Promise<{ promotedId: number | null } | false> {
  const target = await findOwnPaymentMethod(db, user.id, id);
  if (!target) return false;
  const customer = await ensureCustomer(db, provider, user);
  await provider.removePaymentMethod(customer, target.providerToken);
  const promotedId = await db.transaction(async (tx) => {
    await tx.delete(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, user.id)));
    let primaryId: number | null = null;
    const [current] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.isPrimary, true)))
      .limit(1);
    if (current) primaryId = current.id;
    else {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, user.id))
        .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
        .limit(1);
      if (next) {
        await tx.update(paymentMethods).set({ isPrimary: true }).where(eq(paymentMethods.id, next.id));
        primaryId = next.id;
      }
    }
    // The foreign key has set the deleted card's subscriptions to null: give them the primary card.
    if (primaryId !== null) {
      await tx
        .update(subscriptions)
        .set({ paymentMethodId: primaryId, updatedAt: sql`now()` })
        .where(and(eq(subscriptions.patientId, user.id), isNull(subscriptions.paymentMethodId)));
    }
    return target.isPrimary ? primaryId : null;
  });
  if (promotedId !== null) {
    const [promoted] = await db.select({ token: paymentMethods.providerToken }).from(paymentMethods).where(eq(paymentMethods.id, promotedId));
    if (promoted) await provider.setPrimaryPaymentMethod(customer, promoted.token);
  }
  return { promotedId };
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A one-time portal session (only its hash is stored), valid PORTAL_SESSION_TTL_SECONDS. */
export async function createPortalSession(db: Db, provider: BillingProvider, user: BillingUser, now: Date = new Date()): Promise<PortalSession> {
  const customer = await ensureCustomer(db, provider, user);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_TTL_SECONDS * 1000);
  await db.insert(billingPortalSessions).values({ userId: user.id, provider: provider.name, tokenHash: hashToken(token), expiresAt });
  const { url, returnUrl } = await provider.portal(customer, token);
  return { id: token, provider: provider.name, url, returnUrl, expiresAt: expiresAt.toISOString() };
}

/** Closes the portal session (when given and the caller's), then brings the ledger up to date. */
export async function syncBilling(db: Db, provider: BillingProvider, user: BillingUser, portalSessionId: string | undefined, now: Date = new Date()): Promise<BillingSync> {
  const customer = await ensureCustomer(db, provider, user);
  let portalSessionClosed = false;
  if (portalSessionId) {
    const closed = await db
      .update(billingPortalSessions)
      .set({ closedAt: now })
      .where(
        and(
          eq(billingPortalSessions.tokenHash, hashToken(portalSessionId)),
          eq(billingPortalSessions.userId, user.id),
          isNull(billingPortalSessions.closedAt),
          gt(billingPortalSessions.expiresAt, now),
        ),
      )
      .returning({ id: billingPortalSessions.id });
    portalSessionClosed = closed.length > 0;
  }
  const { invoicesUpdated } = await provider.sync(db, customer, now);
  await db.update(billingCustomers).set({ syncedAt: now }).where(eq(billingCustomers.id, customer.id));
  const [pm] = await db.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.userId, user.id));
  const [inv] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, user.id));
  return {
    provider: provider.name,
    syncedAt: now.toISOString(),
    paymentMethods: Number(pm?.n ?? 0),
    invoices: Number(inv?.n ?? 0),
    invoicesUpdated,
    portalSessionClosed,
  };
}

type InvoiceRow = typeof invoices.$inferSelect;

function toInvoices(rows: InvoiceRow[], lines: (typeof invoiceLines.$inferSelect)[]): Invoice[] {
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    statusLabel: INVOICE_STATUS_LABELS[r.status],
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    amountCents: r.amountCents,
    amountPaidCents: r.amountPaidCents,
    amountDueCents: r.status === "voided" || r.status === "paid" ? 0 : Math.max(0, r.amountCents - r.amountPaidCents),
    currency: r.currency,
    issuedOn: r.issuedOn,
    dueOn: r.dueOn,
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
    lines: lines
      .filter((l) => l.invoiceId === r.id)
      .map((l) => ({ id: l.id, description: l.description, quantity: l.quantity, unitAmountCents: l.unitAmountCents, amountCents: l.amountCents })),
    pdfUrl: `/api/v1/profile/invoices/${r.id}/pdf`,
  }));
}

async function linesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids)).orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position), asc(invoiceLines.id));
}

/** The patient's invoices, newest first (period start, then id). */
export async function listInvoices(db: Db, userId: number, page: number, perPage: number): Promise<{ items: Invoice[]; totalCount: number }> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.periodStart), desc(invoices.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
  return { items: toInvoices(rows, await linesOf(db, rows.map((r) => r.id))), totalCount: Number(total?.n ?? 0) };
}

/** One of the patient's invoices, or null (unknown id, or another patient's). */
export async function findInvoice(db: Db, userId: number, id: number): Promise<Invoice | null> {
  const rows = await db.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.userId, userId))).limit(1);
  if (rows.length === 0) return null;
  return toInvoices(rows, await linesOf(db, [id]))[0] ?? null;
}

/* For hosted providers' sync: write the provider's view of one customer into the ledger. ------------------ */

export type ProviderPaymentMethod = Omit<typeof paymentMethods.$inferInsert, "id" | "userId" | "provider">;
export type ProviderInvoice = Omit<typeof invoices.$inferInsert, "id" | "userId" | "provider"> & {
  lines: Omit<typeof invoiceLines.$inferInsert, "id" | "invoiceId">[];
};

/** Replaces the customer's cards of this provider with the provider's list (matched by token). */
export async function replacePaymentMethods(db: Db, provider: BillingProvider, customer: BillingCustomer, methods: ProviderPaymentMethod[]): Promise<void> {
  await db.transaction(async (tx) => {
    const tokens = methods.map((m) => m.providerToken);
    const existing = await tx.select().from(paymentMethods).where(and(eq(paymentMethods.userId, customer.userId), eq(paymentMethods.provider, provider.name)));
    for (const row of existing) if (!tokens.includes(row.providerToken)) await tx.delete(paymentMethods).where(eq(paymentMethods.id, row.id));
    await tx.update(paymentMethods).set({ isPrimary: false }).where(eq(paymentMethods.userId, customer.userId));
    for (const m of methods) {
      const found = existing.find((r) => r.providerToken === m.providerToken);
      if (found) await tx.update(paymentMethods).set(m).where(eq(paymentMethods.id, found.id));
      else await tx.insert(paymentMethods).values({ ...m, userId: customer.userId, provider: provider.name });
    }
  });
}

/** Inserts or updates the customer's invoices of this provider (matched by the provider's invoice id). */
export async function upsertInvoices(db: Db, provider: BillingProvider, customer: BillingCustomer, list: ProviderInvoice[]): Promise<number> {
  let changed = 0;
  await db.transaction(async (tx) => {
    for (const { lines, ...inv } of list) {
      const [found] = await tx
        .select({ id: invoices.id, status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.provider, provider.name), eq(invoices.providerInvoiceId, inv.providerInvoiceId)))
        .limit(1);
      let invoiceId: number;
      if (found) {
        if (found.status !== (inv.status as InvoiceStatus)) changed++;
        await tx.update(invoices).set({ ...inv, updatedAt: sql`now()` }).where(eq(invoices.id, found.id));
        await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, found.id));
        invoiceId = found.id;
      } else {
        changed++;
        const [row] = await tx.insert(invoices).values({ ...inv, userId: customer.userId, provider: provider.name }).returning({ id: invoices.id });
        invoiceId = row!.id;
      }
      if (lines.length) await tx.insert(invoiceLines).values(lines.map((l, i) => ({ ...l, position: l.position ?? i, invoiceId })));
    }
  });
  return changed;
}
