/**
 * The pharmacy (issue 16 part A; spec §1 order medication and add-ons, §2 /patient/pharmacy, category/{slug},
 * product/{id}, /patient/orders, /staff/shipments, /manager/shipments, §3 Order and Coupon code, §4 shipment
 * statuses, §5 plan and add-on period, §8 texts). The spec names the screens, not the calls: designed here.
 *
 * | call | who | query / body | answer |
 * |---|---|---|---|
 * | GET  /api/v1/pharmacy/categories | patients | | { categories } (one per journey: slug, product count, lowest monthly price) |
 * | GET  /api/v1/pharmacy/categories/{slug} | patients | | { category, products } (live and not-live, each with `orderable`) |
 * | GET  /api/v1/pharmacy/products/{id} | patients | | { product, addons, orderable } |
 * | POST /api/v1/pharmacy/quote | patients | { variantId, addonVariantIds, couponCode } | { quote, creditCents } (400 field errors) |
 * | POST /api/v1/pharmacy/orders | patients | + paymentMethodId?, idempotencyKey | { order, invoiceNumber, subscriptionId, replayed } |
 * | GET  /api/v1/patient/orders | patients | cursor?, perPage? | PatientOrder[] + pages (own, newest first) |
 * | GET  /api/v1/shipments | SHIPMENT_ROLES | status (All = -100), cursor?, perPage? | Shipment[] + pages (newest first) |
 * | PUT  /api/v1/shipments/{id} | SHIPMENT_ROLES | { status, fulfiller, trackingNumber, trackingUrl } | { shipment } (409 refused move) |
 *
 * Decisions where the spec is silent:
 * - Orderable (`orderable.code` when not): a product not live → 409 `pharmacy.notLive` ('Product is not enabled (not
 *   live)', §8); a prescription-only product needs an approved treatment of the same journey → 409
 *   `pharmacy.prescriptionRequired`; a product excluded in the state of the patient's shipping address → 409
 *   `intake.productUnavailable` ('Product unavailable in your state', §8). Add-ons follow the same rules.
 * - A plan must be selected (§5): `variantId` required (`pharmacy.planRequired`); add-ons must be add-ons of the
 *   product's journey and of the plan's period (§5, `pharmacy.addonPeriodMismatch` on `addonVariantIds`).
 * - Coupons (the `coupons` table): once per patient; unknown, expired, used up, another period or journey → 400 on
 *   `couponCode` (`pharmacy.couponUnknown`, `pharmacy.couponNotApplicable`, `pharmacy.couponUsed`), nothing changed.
 * - Payment: the card named (the patient's own, not expired) or the primary card; none → 409
 *   `pharmacy.noPaymentSource` ('No payment source in subscription', §8); the web then offers to add a card or the
 *   billing portal link (GET /api/v1/profile/portal-session; its failure is §8's 'Error while generating payment
 *   link…'). A declined card → 402 `account.cardDeclined` (§8), nothing ordered; the cart is the client's to keep.
 * - Idempotent: one order, one invoice, one charge per `idempotencyKey` (the web mints one when it renders the form):
 *   the same key again answers the same order (`replayed: true`), never a second charge; concurrent requests of one
 *   key are serialised by a transaction-level advisory lock on the key.
 * - A plan (period 3, 6 or 12 months) also creates the subscription (status Active, cycle = the plan's period, next
 *   charge = start + cycle, the card used, the approved treatment of that journey) with its items (plan and add-ons);
 *   one-off pharmacy items (period 1) make an order only.
 * - The shipment queue: every order, newest first, filtered by status (All = -100, spec §4), keyset-paged on
 *   (status, id) / id; staff with a scoped view (providerUsers) see only their patients' orders. Staff move an order
 *   through the state machine of api/domain/shipments.ts; shipped needs a fulfiller and a tracking number, and sets
 *   the date shipped (the tracking link is the carrier's page when none is given). Audited (`shipment.update`).
 */
import { z } from "zod";
import { pagesSchema } from "./common.ts";
import { ORDER_STATUS_VALUES, ShipmentStatus } from "./enums.ts";
import { IDEMPOTENCY_KEY, PHARMACY_LIMITS as L, PHARMACY_V } from "./pharmacy-rules.ts";
import { V } from "./validation.ts";

export * from "./pharmacy-rules.ts";
import { patientOrderSchema } from "./patients.ts";
/** The patient's order: one shape for the patient's orders page and the record's orders tab (api/contract/patients.ts). */
export { patientOrderSchema, type PatientOrder } from "./patients.ts";

const id = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid);
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const PRODUCT_KINDS = ["medication", "addon", "pharmacy"] as const;

export const variantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dosage: z.string(),
  periodMonths: z.number().int().meta({ description: "Plan period in months (3, 6, 12; 1 for one-off items)" }),
  supply: z.string(),
  shippingFrequencyDays: z.number().int(),
  priceCents: z.number().int().meta({ description: "Total of the period, USD cents" }),
  monthlyCents: z.number().int().meta({ description: "Price per month, USD cents" }),
  dosageCycle: z.array(z.string()).nullable(),
});
export type Variant = z.infer<typeof variantSchema>;

export const orderableSchema = z.object({
  ok: z.boolean(),
  code: z.string().nullable().meta({ description: "Why not: pharmacy.notLive, pharmacy.prescriptionRequired or intake.productUnavailable" }),
});

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sectionType: z.number().int(),
  categorySlug: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  description: z.string(),
  imageUrl: z.string().nullable(),
  isLive: z.boolean(),
  requiresPrescription: z.boolean(),
  fromMonthlyCents: z.number().int().nullable(),
  orderable: orderableSchema,
});
export type Product = z.infer<typeof productSchema>;
export const productDetailSchema = productSchema.extend({ variants: z.array(variantSchema) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const categorySchema = z.object({
  sectionType: z.number().int(),
  slug: z.string(),
  productCount: z.number().int(),
  fromMonthlyCents: z.number().int().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesAnswerSchema = z.object({ categories: z.array(categorySchema) });
export const categoryAnswerSchema = z.object({ category: categorySchema, products: z.array(productSchema) });
export const productAnswerSchema = z.object({ product: productDetailSchema, addons: z.array(productDetailSchema) });

export const quoteSchema = z.object({
  periodMonths: z.number().int(),
  lines: z.array(z.object({ variantId: z.number().int(), description: z.string(), amountCents: z.number().int(), monthlyCents: z.number().int(), isAddon: z.boolean() })),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  monthlyCents: z.number().int(),
  couponCode: z.string().nullable(),
});
export const quoteAnswerSchema = z.object({
  quote: quoteSchema,
  creditCents: z
    .number()
    .int()
    .meta({ description: "The patient's open credit (a referral's) that the order's invoice takes off, at most the quote's total: due today is totalCents − creditCents" }),
});

const addonIds = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "" && x !== null) : [v]),
  z.array(id).max(L.addons, V.invalid),
);

export const quoteRequestSchema = z
  .object({
    variantId: z.preprocess(blankToUndefined, id.optional()).superRefine((v, ctx) => {
      if (v === undefined) ctx.addIssue({ code: "custom", message: PHARMACY_V.planRequired });
    }),
    addonVariantIds: addonIds.default([]),
    couponCode: z.string().trim().max(L.couponCode, V.maxLength).default(""),
  })
  .strict();

export const orderRequestSchema = quoteRequestSchema
  .extend({
    paymentMethodId: z.preprocess(blankToUndefined, id.optional()),
    idempotencyKey: z.string({ error: V.required }).trim().regex(IDEMPOTENCY_KEY, V.invalid).meta({ description: "One key per order attempt (a UUID): the same key never orders or charges twice" }),
  })
  .strict();

export const placedOrderSchema = z.object({
  order: patientOrderSchema,
  invoiceNumber: z.string(),
  subscriptionId: z.number().int().nullable(),
  replayed: z.boolean(),
});

export const cursorQuerySchema = z.object({
  cursor: z.string().trim().max(300, V.invalid).optional().meta({ description: "pages.nextCursor of the previous page" }),
  perPage: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100, V.invalid).default(25),
});
export const cursorPagesSchema = pagesSchema.extend({ hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type CursorPages = z.infer<typeof cursorPagesSchema>;

export const shipmentsQuerySchema = cursorQuerySchema.extend({
  status: z.coerce
    .number({ error: V.invalid })
    .int(V.invalid)
    .refine((v) => v === ShipmentStatus.All || (ORDER_STATUS_VALUES as readonly number[]).includes(v), V.invalid)
    .default(ShipmentStatus.All)
    .meta({ description: "Spec §4: All -100, Queued 1 … SentToPharmacy 9" }),
});

export const shipmentSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  patient: z.object({ id: z.number().int(), fullName: z.string() }),
  status: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  dateOrdered: z.string(),
  dateShipped: z.string().nullable(),
  fulfiller: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), dosage: z.string(), quantity: z.number().int() })),
  /** The statuses this order may move to (api/domain/shipments.ts). */
  next: z.array(z.number().int()),
});
export type Shipment = z.infer<typeof shipmentSchema>;
export const shipmentAnswerSchema = z.object({ shipment: shipmentSchema });

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(max, V.maxLength).optional().transform((v) => (v ? v : null)));

export const shipmentUpdateSchema = z
  .object({
    status: z.coerce
      .number({ error: V.required })
      .int(V.invalid)
      .refine((v) => (ORDER_STATUS_VALUES as readonly number[]).includes(v), V.invalid),
    fulfiller: optionalText(L.fulfiller),
    trackingNumber: optionalText(L.trackingNumber),
    trackingUrl: optionalText(L.trackingUrl).refine((v) => v === null || /^https:\/\/[^\s]+$/.test(v), V.invalid),
  })
  .strict();
