/**
 * The billing-provider adapter (issue 7; spec §4 billing portal, §7 payment methods / portal session / sync).
 *
 * Our ledger tables (billing_customers, payment_methods, invoices, invoice_lines) are what the API reads and
 * answers from. A provider is the system of record behind them:
 *  - the LOCAL provider (./local.ts, the default) has no system behind: the ledger IS the billing system.
 *    It tokenises card numbers itself (keeping brand, last 4, expiry and a random token — never the number
 *    or the CVC) and its portal is the web's own payment-details page.
 *  - a HOSTED provider (Chargebee, Stripe…) keeps the cards and invoices. Card data is typed into the
 *    provider's hosted portal or fields and never reaches our server (`acceptsCardNumbers` false: the
 *    add-card call answers 400). `portal()` returns the provider's portal URL for a one-time session, and
 *    `sync()` fetches the customer's payment methods and invoices and writes them into the ledger with
 *    `replacePaymentMethods` / `upsertInvoices` of ./ledger.ts. To plug one in: implement this interface,
 *    return it from `billingProvider()` in ./index.ts (e.g. chosen by an environment variable), and test it
 *    against a local fake of the provider's HTTP API.
 */
import type { CardBrand } from "../../contract/patient-account.ts";
import type { Db } from "../../db/client.ts";

export type BillingUser = { id: number; email: string; fullName: string };
export type BillingCustomer = { id: number; userId: number; provider: string; providerCustomerId: string };

/** Card details as typed by the patient (local provider only; discarded after tokenising). */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string; name: string };
export type TokenizedCard = { token: string; brand: CardBrand; last4: string; expMonth: number; expYear: number; holderName: string };

export class CardDeclinedError extends Error {
  /** The provider's reason (card_declined, insufficient_funds, expired_card…); never card data. */
  constructor(readonly code: string = "card_declined") {
    super(code);
  }
}

/** A charge of a saved payment method. The idempotency key makes asking twice charge once (every provider we'd use supports one). */
export type ChargeRequest = { token: string; amountCents: number; currency: string; idempotencyKey: string; description: string };
export class CardEntryNotSupportedError extends Error {
  constructor() {
    super("card_entry_not_supported");
  }
}

export interface BillingProvider {
  /** Stored in the ledger rows' `provider` column ("local", "chargebee"…). */
  readonly name: string;
  /** Does the add-card call accept card numbers? Only for the local provider. */
  readonly acceptsCardNumbers: boolean;
  createCustomer(user: BillingUser): Promise<{ providerCustomerId: string }>;
  /** Verifies and tokenises a card. Throws CardDeclinedError, or CardEntryNotSupportedError (hosted). */
  tokenizeCard(customer: BillingCustomer, card: CardInput): Promise<TokenizedCard>;
  setPrimaryPaymentMethod(customer: BillingCustomer, token: string): Promise<void>;
  removePaymentMethod(customer: BillingCustomer, token: string): Promise<void>;
  /** Where the patient manages billing, for a one-time session token we created. */
  portal(customer: BillingCustomer, sessionToken: string): Promise<{ url: string; returnUrl: string }>;
  /**
   * Charges a saved payment method. Asked again with the same idempotency key, answers the first answer and charges
   * nothing more. Throws CardDeclinedError when the bank says no.
   */
  charge(customer: BillingCustomer, request: ChargeRequest): Promise<{ providerChargeId: string }>;
  /** Brings the customer's ledger rows up to date with the provider; answers how many invoices changed. */
  sync(db: Db, customer: BillingCustomer, now: Date): Promise<{ invoicesUpdated: number }>;
}
