/**
 * Payouts (issue 19 part B; spec §3 Invoice, §7 payout requests, §8 'Payout request error'). The spec names the
 * invoice's fields and the error, not the calls; designed here:
 *
 * | call | who | request | answer |
 * |---|---|---|---|
 * | GET  /api/v1/payouts | providerUsers (own) | cursor?, perPage? | PayoutInvoice[] + pages (newest first, cursor) |
 * | GET  /api/v1/payouts/payable | providerUsers (own) | | { reviews, visits, amountCents, since, rates } |
 * | POST /api/v1/payouts/request | providerUsers (own) | {} | { invoice } ; 409 payouts.requestError when nothing is payable |
 * | GET  /api/v1/payouts/{id}/pdf | providerUsers (own) | | the statement (application/pdf); another's or unknown: 404 |
 *
 * - What is payable: the provider's completed reviews (their treatments approved or declined, by reviewed_at) and
 *   recorded visits (visit_records.provider_id, by created_at) since the end of their last invoice, each at the
 *   configured rate (PAYOUT_REVIEW_RATE_CENTS, PAYOUT_VISIT_RATE_CENTS, US cents).
 * - A request makes one invoice of all of it: number PO-{staffId}-{n}, period (since, now], the counts and rates
 *   used, the amount, status open, payout date the request's date + PAYOUT_DELAY_DAYS. Requests of one provider
 *   are serialised (a lock on their user row), so two at once cannot both invoice the same work; with nothing
 *   payable the answer is 409 `payouts.requestError` ('Payout request error', spec §8) and nothing changes.
 */
import { z } from "zod";
import { pagesSchema } from "./common.ts";
import { V } from "./validation.ts";
import { PAYOUT_STATUSES } from "./payout-rules.ts";

export * from "./payout-rules.ts";

export const payoutsQuerySchema = z.object({
  cursor: z.string().trim().max(100, V.invalid).optional(),
  perPage: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100, V.invalid).default(20),
});
export const payoutPagesSchema = pagesSchema.extend({ hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type PayoutPages = z.infer<typeof payoutPagesSchema>;

export const payoutInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  periodStart: z.string().meta({ description: "ISO 8601 instant (exclusive)" }),
  periodEnd: z.string().meta({ description: "ISO 8601 instant (inclusive)" }),
  reviews: z.number().int(),
  visits: z.number().int(),
  reviewRateCents: z.number().int(),
  visitRateCents: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  payoutDate: z.string().meta({ description: "yyyy-MM-dd" }),
  createdAt: z.string(),
});
export type PayoutInvoice = z.infer<typeof payoutInvoiceSchema>;

export const payableSchema = z.object({
  reviews: z.number().int(),
  visits: z.number().int(),
  amountCents: z.number().int(),
  since: z.string().nullable().meta({ description: "End of the last invoice (null: never invoiced)" }),
  rates: z.object({ reviewCents: z.number().int(), visitCents: z.number().int() }),
});
export type Payable = z.infer<typeof payableSchema>;
export const payoutRequestSchema = z.object({}).strict();
export const payoutRequestedSchema = z.object({ invoice: payoutInvoiceSchema });
