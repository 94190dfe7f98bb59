/**
 * The billing provider of this API. The local provider (our own ledger) is the default and, for now, the
 * only one; a hosted provider implements BillingProvider (./provider.ts) and is returned here instead.
 */
import { LocalBillingProvider } from "./local.ts";
import type { BillingProvider } from "./provider.ts";

let provider: BillingProvider | undefined;

export function billingProvider(): BillingProvider {
  provider ??= new LocalBillingProvider();
  return provider;
}

export type { BillingProvider } from "./provider.ts";
export { CardDeclinedError, CardEntryNotSupportedError } from "./provider.ts";
export type { BillingCustomer, BillingUser, ChargeRequest } from "./provider.ts";
