/**
 * The local billing provider (the default): our own ledger is the billing system. See ./provider.ts.
 *
 * Test cards (any future expiry; CVC 3 digits, 4 for American Express):
 *   4242 4242 4242 4242 Visa, 5555 5555 5555 4444 Mastercard, 3782 822463 10005 American Express,
 *   6011 1111 1111 1117 Discover — accepted; 4000 0000 0000 0002 — declined (402 card declined);
 *   4000 0000 0000 0341 — saved, but every charge on it is declined (a failed renewal).
 * Any other Luhn-valid number of a known brand is accepted as well.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { LOCAL_PORTAL_PATH, LOCAL_PORTAL_RETURN_PATH, TEST_CARDS, cardBrand, type InvoiceStatus } from "../../contract/patient-account.ts";
import type { Db } from "../../db/client.ts";
import { invoices } from "../../db/schema.ts";
import { CardDeclinedError, type BillingCustomer, type BillingProvider, type CardInput, type ChargeRequest, type TokenizedCard } from "./provider.ts";

/** Card numbers the local provider declines, as a bank would ("contact your bank to approve"). */
export const LOCAL_DECLINED_NUMBERS: ReadonlySet<string> = new Set([TEST_CARDS.declined]);

/** Days after the due date at which a past-due invoice is written off as Not paid. */
export const NOT_PAID_AFTER_DAYS = 30;

/** Tokens of cards saved with TEST_CARDS.chargeDeclines: the local provider declines every charge on them. */
export const LOCAL_DECLINING_TOKEN_PREFIX = "pm_local_dcl_";

const addDays = (isoDate: string, days: number) => new Date(Date.parse(isoDate + "T00:00:00Z") + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The local provider's invoice rules, applied at each sync ("yyyy-MM-dd" dates, compared in UTC):
 *   open, payment_due or posted, and the due date has passed      → past_due
 *   past_due for more than NOT_PAID_AFTER_DAYS after the due date → not_paid
 * Draft, paid, voided and not_paid invoices never change by themselves.
 */
export function localInvoiceStatus(status: InvoiceStatus, dueOn: string | null, today: string): InvoiceStatus {
  if (!dueOn) return status;
  if ((status === "open" || status === "payment_due" || status === "posted") && dueOn < today) {
    return addDays(dueOn, NOT_PAID_AFTER_DAYS) < today ? "not_paid" : "past_due";
  }
  if (status === "past_due" && addDays(dueOn, NOT_PAID_AFTER_DAYS) < today) return "not_paid";
  return status;
}

export class LocalBillingProvider implements BillingProvider {
  readonly name = "local";
  readonly acceptsCardNumbers = true;

  async createCustomer(): Promise<{ providerCustomerId: string }> {
    return { providerCustomerId: `cus_local_${randomBytes(12).toString("hex")}` };
  }

  async tokenizeCard(_customer: BillingCustomer, card: CardInput): Promise<TokenizedCard> {
    const brand = cardBrand(card.number);
    // The schema has checked Luhn, brand, expiry and CVC; the "bank" answers here.
    if (!brand || LOCAL_DECLINED_NUMBERS.has(card.number)) throw new CardDeclinedError();
    return {
      // The "bank" remembers a card whose charges it declines in its token (TEST_CARDS.chargeDeclines).
      token: `${card.number === TEST_CARDS.chargeDeclines ? LOCAL_DECLINING_TOKEN_PREFIX : "pm_local_"}${randomBytes(12).toString("hex")}`,
      brand,
      last4: card.number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.name,
    };
  }

  /**
   * The local "bank": the charge is the ledger's own row (api/domain/commerce/charges.ts), so there is nothing to
   * call; the answer depends only on the card and the key, the same however often it is asked.
   */
  async charge(_customer: BillingCustomer, request: ChargeRequest): Promise<{ providerChargeId: string }> {
    if (request.token.startsWith(LOCAL_DECLINING_TOKEN_PREFIX)) throw new CardDeclinedError("card_declined");
    return { providerChargeId: `ch_local_${createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24)}` };
  }

  async setPrimaryPaymentMethod(): Promise<void> {
    // The ledger's is_primary flag is the whole truth here.
  }

  async removePaymentMethod(): Promise<void> {
    // Nothing is kept anywhere but in the ledger row, which the caller deletes.
  }

  async portal(_customer: BillingCustomer, sessionToken: string): Promise<{ url: string; returnUrl: string }> {
    return { url: `${LOCAL_PORTAL_PATH}?portalSession=${encodeURIComponent(sessionToken)}`, returnUrl: LOCAL_PORTAL_RETURN_PATH };
  }

  async sync(db: Db, customer: BillingCustomer, now: Date): Promise<{ invoicesUpdated: number }> {
    const today = now.toISOString().slice(0, 10);
    const candidates = await db
      .select({ id: invoices.id, status: invoices.status, dueOn: invoices.dueOn })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, customer.userId),
          eq(invoices.provider, this.name),
          inArray(invoices.status, ["open", "payment_due", "posted", "past_due"]),
          isNotNull(invoices.dueOn),
          lt(invoices.dueOn, today),
        ),
      );
    let updated = 0;
    for (const inv of candidates) {
      const next = localInvoiceStatus(inv.status, inv.dueOn, today);
      if (next === inv.status) continue;
      await db
        .update(invoices)
        .set({ status: next, updatedAt: sql`now()` })
        .where(and(eq(invoices.id, inv.id), eq(invoices.status, inv.status)));
      updated++;
    }
    return { invoicesUpdated: updated };
  }
}
