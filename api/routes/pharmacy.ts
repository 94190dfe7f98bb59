/**
 * The pharmacy (issue 16 part A; contract and decisions api/contract/pharmacy.ts):
 *   GET  /api/v1/pharmacy/categories, /categories/{slug}, /products/{id}   the catalogue as this patient may order it
 *   POST /api/v1/pharmacy/quote                                           price a plan with add-ons and a coupon
 *   POST /api/v1/pharmacy/orders                                          order: invoice → charge → order (+ subscription)
 *   GET  /api/v1/patient/orders                                           the patient's own orders (cursor)
 * Registered before the patient record's routes: /api/v1/patient/orders is not a patient id.
 */
import { Router, type Request } from "express";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import {
  PHARMACY_V,
  couponProblem,
  cursorQuerySchema,
  mismatchedAddons,
  nextChargeAt,
  normalizeCouponCode,
  orderRequestSchema,
  quote,
  quoteRequestSchema,
  type CouponRule,
  type CursorPages,
  type PatientOrder,
  type Quote,
} from "../contract/pharmacy.ts";
import { V } from "../contract/validation.ts";
import { rows, type Db } from "../db/client.ts";
import { auditEvents, couponRedemptions, coupons, invoices, orders, paymentMethods, subscriptionItems, subscriptions, treatments } from "../db/schema.ts";
import { SubscriptionStatus } from "../contract/enums.ts";
import { audit } from "../domain/audit.ts";
import { billingProvider } from "../domain/billing/index.ts";
import { chargeInvoice, createInvoice, createOrder, NoPaymentMethodError, primaryPaymentMethodId } from "../domain/commerce/index.ts";
import { clientIp } from "../http/context.ts";
import { decodeCursor, encodeCursor, validId } from "../domain/cursors.ts";
import { iso } from "../domain/patient-record.ts";
import { Catalogue } from "../domain/pharmacy.ts";
import { creditReferralIfDue, openCreditCents } from "../domain/referrals.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok } from "../http/errors.ts";
import { parseBody, parseWith } from "../http/validate.ts";
import { dropEmpty } from "../contract/provider-list.ts";

const me = (req: Request) => req.auth.user!.id;

/** The order's lines as a quote, or 400 with the field at fault (nothing changed). */
export async function priceOrder(
  db: Db,
  catalogue: Catalogue,
  patientId: number,
  input: { variantId?: number; addonVariantIds: number[]; couponCode: string },
  now = new Date(),
): Promise<{ quote: Quote; sectionType: number; planProductId: number; coupon: (CouponRule & { id: number }) | null; isPlan: boolean }> {
  const plan = input.variantId === undefined ? undefined : catalogue.variant(input.variantId);
  if (!plan || plan.product.kind === "addon") throw badRequest("common.invalidFields", fieldCode("variantId", PHARMACY_V.planRequired));
  const planProblem = catalogue.problem(plan.product);
  if (planProblem) throw new ApiError(409, planProblem as "pharmacy.notLive");
  const allowedAddons = new Set(catalogue.addonsOf(plan.product).map((p) => p.id));
  const addons = [...new Set(input.addonVariantIds)].map((id) => catalogue.variant(id));
  if (addons.some((a) => !a || !allowedAddons.has(a.product.id))) throw badRequest("common.invalidFields", fieldCode("addonVariantIds", V.invalid));
  const found = addons as NonNullable<(typeof addons)[number]>[];
  if (new Set(found.map((a) => a.product.id)).size !== found.length) throw badRequest("common.invalidFields", fieldCode("addonVariantIds", V.invalid));
  if (mismatchedAddons(plan.variant, found.map((a) => a.variant)).length) throw badRequest("common.invalidFields", fieldCode("addonVariantIds", PHARMACY_V.addonPeriod));
  for (const a of found) {
    const problem = catalogue.problem(a.product);
    if (problem) throw new ApiError(409, problem as "pharmacy.notLive");
  }
  let coupon: (CouponRule & { id: number }) | null = null;
  const code = normalizeCouponCode(input.couponCode);
  if (code) {
    const [row] = await rows<CouponRule & { id: number; used: boolean }>(
      db,
      sql`SELECT c.id, c.code, c.percent_off AS "percentOff", c.amount_off_cents AS "amountOffCents", c.period_months AS "periodMonths",
            c.section_type AS "sectionType", c.starts_at AS "startsAt", c.ends_at AS "endsAt", c.max_redemptions AS "maxRedemptions",
            c.redemptions, c.is_active AS "isActive",
            EXISTS (SELECT 1 FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.patient_id = ${patientId}) AS used
          FROM coupons c WHERE c.code = ${code}`,
    );
    const problem = couponProblem(row ?? null, { periodMonths: plan.variant.periodMonths, sectionType: plan.product.sectionType }, now, row?.used ?? false);
    if (problem) throw badRequest("common.invalidFields", fieldCode("couponCode", problem));
    coupon = row!;
  }
  const priced = (v: { variant: { id: number; periodMonths: number; priceCents: number; dosage: string; name: string }; product: { name: string } }, isAddon: boolean) => ({
    id: v.variant.id,
    productName: `${v.product.name} — ${v.variant.name}`,
    periodMonths: v.variant.periodMonths,
    priceCents: v.variant.priceCents,
    isAddon,
  });
  return {
    quote: quote(priced(plan, false), found.map((a) => priced(a, true)), coupon),
    sectionType: plan.product.sectionType,
    planProductId: plan.product.id,
    coupon,
    isPlan: plan.variant.periodMonths >= 3,
  };
}

type OrderRow = Omit<PatientOrder, "dateOrdered" | "dateShipped"> & { dateOrdered: unknown; dateShipped: unknown };

/** An order as the patient's page and the record's tab show it (items with name, dosage, quantity, price). */
export const ORDER_SELECT = sql`o.id, o.order_number AS "orderNumber", o.status, o.total_cents AS "totalCents", o.currency,
  o.date_ordered AS "dateOrdered", o.date_shipped AS "dateShipped", o.fulfiller, o.tracking_number AS "trackingNumber", o.tracking_url AS "trackingUrl",
  (SELECT coalesce(json_agg(json_build_object('name', p.name, 'dosage', v.dosage, 'quantity', oi.quantity, 'priceCents', oi.price_cents) ORDER BY oi.id), '[]'::json)
     FROM order_items oi JOIN product_variants v ON v.id = oi.variant_id JOIN products p ON p.id = v.product_id WHERE oi.order_id = o.id) AS items`;

export const toPatientOrder = (o: OrderRow): PatientOrder => ({ ...o, dateOrdered: iso(o.dateOrdered)!, dateShipped: iso(o.dateShipped) });

export async function loadPatientOrder(db: Db, orderId: number): Promise<PatientOrder | undefined> {
  const [row] = await rows<OrderRow>(db, sql`SELECT ${ORDER_SELECT} FROM orders o WHERE o.id = ${orderId}`);
  return row ? toPatientOrder(row) : undefined;
}

type PlacedOrderRow = { id: number; orderNumber: string; invoiceId: number | null; subscriptionId: number | null };

async function orderByKey(db: Db, patientId: number, key: string): Promise<PlacedOrderRow | undefined> {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, invoiceId: orders.invoiceId, subscriptionId: orders.subscriptionId })
    .from(orders)
    .where(and(eq(orders.patientId, patientId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

async function placed(db: Db, row: PlacedOrderRow, replayed: boolean) {
  const [invoice] = row.invoiceId ? await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, row.invoiceId)) : [];
  return { order: (await loadPatientOrder(db, row.id))!, invoiceNumber: invoice?.number ?? "", subscriptionId: row.subscriptionId, replayed };
}

/** The card to charge: the one named (the patient's own, not expired) or the primary; none → spec §8 'No payment source…'. */
async function cardToCharge(db: Db, patientId: number, named: number | undefined): Promise<number> {
  if (named !== undefined) {
    const [card] = await db.select().from(paymentMethods).where(and(eq(paymentMethods.id, named), eq(paymentMethods.userId, patientId)));
    const now = new Date();
    const expired = card ? card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1) : true;
    if (!card || expired) throw badRequest("common.invalidFields", fieldCode("paymentMethodId", V.invalid));
    return card.id;
  }
  const primary = await primaryPaymentMethodId(db, patientId);
  if (primary === null) throw new ApiError(409, "pharmacy.noPaymentSource");
  return primary;
}

export function pharmacyRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/pharmacy/categories", async (req, res) => {
    const catalogue = await Catalogue.load(req.deps.db, me(req));
    ok(res, { categories: catalogue.categories() });
  });

  endpoint(router, "GET /api/v1/pharmacy/categories/:slug", async (req, res) => {
    const catalogue = await Catalogue.load(req.deps.db, me(req));
    const found = catalogue.category(String(req.params.slug));
    if (!found) throw notFound("pharmacy.notFound");
    ok(res, found);
  });

  endpoint(router, "GET /api/v1/pharmacy/products/:id", async (req, res) => {
    const parsed = idParam.safeParse(req.params.id);
    if (!parsed.success) throw notFound("pharmacy.notFound");
    const catalogue = await Catalogue.load(req.deps.db, me(req));
    const product = catalogue.product(parsed.data);
    if (!product) throw notFound("pharmacy.notFound");
    ok(res, { product: catalogue.detail(product), addons: catalogue.addonsOf(product).map((a) => catalogue.detail(a)) });
  });

  endpoint(router, "POST /api/v1/pharmacy/quote", async (req, res) => {
    const input = parseBody(req, quoteRequestSchema);
    const catalogue = await Catalogue.load(req.deps.db, me(req));
    const priced = await priceOrder(req.deps.db, catalogue, me(req), input);
    // The patient's open credit (a referral's $20) comes off this order's invoice (createInvoice): shown before ordering.
    const creditCents = Math.min(await openCreditCents(req.deps.db, me(req)), priced.quote.totalCents);
    ok(res, { quote: priced.quote, creditCents });
  });

  endpoint(router, "POST /api/v1/pharmacy/orders", async (req, res) => {
    const input = parseBody(req, orderRequestSchema);
    const { db } = req.deps;
    const patientId = me(req);
    // One key per order attempt, per patient: the invoice, the charge, the order and the coupon's use all hang on it.
    const key = `checkout:${patientId}:${input.idempotencyKey}`;
    const replay = await orderByKey(db, patientId, key);
    if (replay) return void ok(res, await placed(db, replay, true), { code: "pharmacy.ordered", params: { orderNumber: replay.orderNumber } });

    const catalogue = await Catalogue.load(db, patientId);
    const priced = await priceOrder(db, catalogue, patientId, input);
    const paymentMethodId = await cardToCharge(db, patientId, input.paymentMethodId);
    const now = new Date();
    const lines = priced.quote.lines.map((l) => ({ description: l.description, unitAmountCents: l.amountCents }));
    if (priced.quote.discountCents > 0) lines.push({ description: `Coupon ${priced.quote.couponCode}`, unitAmountCents: -priced.quote.discountCents });
    const invoice = await createInvoice(db, {
      userId: patientId,
      lines,
      periodStart: now.toISOString().slice(0, 10),
      periodEnd: nextChargeAt(now, Math.max(1, priced.quote.periodMonths)).toISOString().slice(0, 10),
      paymentMethodId,
      idempotencyKey: key,
    });
    let charge;
    try {
      charge = await chargeInvoice(db, billingProvider(), { invoiceId: invoice.id, idempotencyKey: `${key}:charge`, paymentMethodId });
    } catch (error) {
      if (error instanceof NoPaymentMethodError) throw new ApiError(409, "pharmacy.noPaymentSource");
      throw error;
    }
    if (charge.status === "declined") {
      // Nothing was ordered: the declined attempt's invoice is voided (the patient's ledger shows no debt for it);
      // the same key answers the same decline, a new attempt comes with a new key.
      await db.update(invoices).set({ status: "voided", updatedAt: new Date() }).where(and(eq(invoices.id, invoice.id), inArray(invoices.status, ["payment_due", "open"])));
      await audit(req, { action: "pharmacy.order", patientId, entityType: "invoice", entityId: invoice.id, outcome: "failure", meta: { declined: true } });
      throw new ApiError(402, "account.cardDeclined");
    }
    const order = await db.transaction(async (tx) => {
      // Two requests of one key (a double submit): the second waits here, then finds the first one's order.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
      const already = await orderByKey(tx, patientId, key);
      if (already) return { row: already, replayed: true };
      let subscriptionId: number | null = null;
      if (priced.isPlan) {
        const [treatment] = await tx
          .select({ id: treatments.id })
          .from(treatments)
          .where(and(eq(treatments.patientId, patientId), eq(treatments.sectionType, priced.sectionType), eq(treatments.reviewStatus, "approved")))
          .orderBy(desc(treatments.id))
          .limit(1);
        const [sub] = await tx
          .insert(subscriptions)
          .values({
            patientId,
            treatmentId: treatment?.id ?? null,
            status: SubscriptionStatus.Active,
            cycleMonths: priced.quote.periodMonths,
            membershipStatus: "active",
            paymentMethodId: charge.invoice.paymentMethodId ?? paymentMethodId,
            nextChargeAt: nextChargeAt(now, priced.quote.periodMonths),
          })
          .returning({ id: subscriptions.id });
        subscriptionId = sub!.id;
        await tx.insert(subscriptionItems).values(priced.quote.lines.map((l) => ({ subscriptionId: sub!.id, variantId: l.variantId, quantity: 1, isAddon: l.isAddon })));
        await tx.update(invoices).set({ subscriptionId }).where(eq(invoices.id, invoice.id));
      }
      const created = await createOrder(tx, {
        patientId,
        subscriptionId,
        invoiceId: invoice.id,
        items: priced.quote.lines.map((l) => ({ variantId: l.variantId, priceCents: l.amountCents })),
        idempotencyKey: key,
        source: "checkout",
      });
      // The order's total is what was charged (a coupon's discount included).
      const [row] = await tx.update(orders).set({ totalCents: priced.quote.totalCents }).where(eq(orders.id, created.id)).returning();
      if (priced.coupon) {
        await tx.insert(couponRedemptions).values({ couponId: priced.coupon.id, patientId, orderId: created.id, idempotencyKey: key, discountCents: priced.quote.discountCents });
        await tx.update(coupons).set({ redemptions: sql`${coupons.redemptions} + 1` }).where(eq(coupons.id, priced.coupon.id));
      }
      await tx.insert(auditEvents).values({
        actorId: patientId,
        actorRole: req.auth.role,
        action: "pharmacy.order",
        entityType: "order",
        entityId: String(created.id),
        patientId,
        ip: clientIp(req),
        outcome: "success",
        meta: { invoiceId: invoice.id, subscriptionId, coupon: Boolean(priced.coupon), items: priced.quote.lines.length },
      });
      return { row: row!, replayed: false };
    });
    // Spec §9: the charge succeeded; a referred friend whose paid orders reach $99 earns both their credits (once).
    await creditReferralIfDue(db, patientId);
    ok(res, await placed(db, order.row, order.replayed), { code: "pharmacy.ordered", params: { orderNumber: order.row.orderNumber } });
  });

  endpoint(router, "GET /api/v1/patient/orders", async (req, res) => {
    const q = parseWith(cursorQuerySchema, dropEmpty(req.query as Record<string, unknown>));
    const c = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !(c && validId(c.id))) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
    const before = c ? sql`AND o.id < ${c.id as number}` : sql``;
    const page = await rows<OrderRow>(req.deps.db, sql`SELECT ${ORDER_SELECT} FROM orders o WHERE o.patient_id = ${me(req)} ${before} ORDER BY o.id DESC LIMIT ${q.perPage + 1}`);
    const hasMore = page.length > q.perPage;
    const items = (hasMore ? page.slice(0, q.perPage) : page).map(toPatientOrder);
    const last = items[items.length - 1];
    const pages: CursorPages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore && last ? encodeCursor({ id: last.id }) : null };
    ok(res, items, "ok", pages);
  });

  return router;
}
