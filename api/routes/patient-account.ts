/**
 * The patient account calls (contract: api/contract/patient-account.ts): save-address, payment methods,
 * billing portal session and sync, invoices and their PDF. Patients only (api/domain/permissions.ts), each
 * on the caller's own records; every read and change is audited.
 */
import { retryPastDue } from "../domain/renewals.ts";
import { Router, type Request } from "express";
import { and, eq } from "drizzle-orm";
import {
  MAX_PAYMENT_METHODS,
  addCardRequestSchema,
  addressTitle,
  billingSyncRequestSchema,
  deletePaymentMethodRequestSchema,
  invoiceIdParamSchema,
  invoicesQuerySchema,
  primaryPaymentMethodRequestSchema,
  saveAddressRequestSchema,
} from "../contract/patient-account.ts";
import type { Address } from "../contract/users.ts";
import { V } from "../contract/validation.ts";
import { addresses } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { billingProvider, CardDeclinedError, CardEntryNotSupportedError } from "../domain/billing/index.ts";
import {
  addCard,
  countPaymentMethods,
  createPortalSession,
  deletePaymentMethod,
  findInvoice,
  listInvoices,
  listPaymentMethods,
  setPrimary,
  syncBilling,
} from "../domain/billing/ledger.ts";
import { renderInvoicePdf } from "../domain/billing/pdf.ts";
import { reserve, type Policy } from "../domain/ratelimit.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, notFound, ok, unauthorized, fieldCode } from "../http/errors.ts";
import { parseBody, parseQuery, parseWith } from "../http/validate.ts";

/** Card attempts that reach the provider (declines and successes alike), per patient: card-testing guard. */
export const CARD_ATTEMPTS: Policy = { name: "card:user", max: 10, windowSeconds: 3600 };

function patient(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

function toAddress(row: typeof addresses.$inferSelect): Address {
  const { userId: _u, createdAt: _c, updatedAt: _m, ...rest } = row;
  return rest;
}

export function patientAccountRoutes(): Router {
  const router = Router();
  const provider = billingProvider();

  /* ---- addresses ---------------------------------------------------------------------------------- */

  endpoint(router, "POST /actions/users/save-address", async (req, res) => {
    const user = patient(req);
    const input = parseBody(req, saveAddressRequestSchema);
    const type = input.fields.addressType;
    const values = {
      addressType: type,
      title: addressTitle(type),
      addressFirstName: input.fields.addressFirstName,
      addressLastName: input.fields.addressLastName,
      addressLine1: input.addressLine1,
      addressLine2: input.addressLine2,
      locality: input.locality,
      administrativeArea: input.administrativeArea,
      postalCode: input.postalCode,
      countryCode: "US",
      phone: input.fields.phone,
    };
    const { db } = req.deps;
    let saved: typeof addresses.$inferSelect | undefined;
    if (input.addressId !== undefined) {
      // Object level: only the caller's own address; anything else is "not found" (never told apart).
      const [own] = await db.select().from(addresses).where(and(eq(addresses.id, input.addressId), eq(addresses.userId, user.id))).limit(1);
      if (!own) {
        await audit(req, { action: "address.save", patientId: user.id, entityType: "address", entityId: input.addressId, outcome: "denied" });
        throw notFound("account.addressNotFound");
      }
      if (own.addressType !== type) {
        throw badRequest("common.invalidFields", fieldCode("fields.addressType", V.addressType));
      }
      [saved] = await db.update(addresses).set({ ...values, updatedAt: new Date() }).where(eq(addresses.id, own.id)).returning();
    } else {
      [saved] = await db
        .insert(addresses)
        .values({ ...values, userId: user.id })
        .onConflictDoUpdate({ target: [addresses.userId, addresses.addressType], set: { ...values, updatedAt: new Date() } })
        .returning();
    }
    await audit(req, { action: "address.save", patientId: user.id, entityType: "address", entityId: saved!.id, meta: { addressType: type } });
    ok(res, toAddress(saved!), type === "shipping" ? "account.shippingSaved" : "account.billingSaved");
  });

  /* ---- payment methods ---------------------------------------------------------------------------- */

  endpoint(router, "GET /api/v2/profile/payment-methods", async (req, res) => {
    const user = patient(req);
    const data = await listPaymentMethods(req.deps.db, provider, user.id);
    await audit(req, { action: "payment_method.list", patientId: user.id, entityType: "payment_method" });
    ok(res, data);
  });

  endpoint(router, "POST /api/v2/profile/payment-methods", async (req, res) => {
    const user = patient(req);
    if (!provider.acceptsCardNumbers) throw badRequest("account.addCardsInPortal");
    const input = parseBody(req, addCardRequestSchema);
    if ((await countPaymentMethods(req.deps.db, user.id)) >= MAX_PAYMENT_METHODS) {
      throw badRequest("account.tooManyCards", undefined, { max: MAX_PAYMENT_METHODS });
    }
    const attempt = await reserve(req, [{ policy: CARD_ATTEMPTS, subject: String(user.id) }], {
      audit: { action: "payment_method.add", actorId: user.id },
    });
    try {
      const method = await addCard(
        req.deps.db,
        provider,
        user,
        { number: input.cardNumber, expMonth: input.expMonth, expYear: input.expYear, cvc: input.cvc, name: input.name },
        input.makePrimary,
      );
      await audit(req, { action: "payment_method.add", patientId: user.id, entityType: "payment_method", entityId: method.id, meta: { brand: method.brand, primary: method.isPrimary } });
      // A past-due subscription (a declined renewal or resume) is tried again at once on the new card (issue 16).
      await retryPastDue(req.deps, user.id);
      ok(res, method, "account.cardAdded");
    } catch (err) {
      if (err instanceof CardDeclinedError) {
        await audit(req, { action: "payment_method.add", patientId: user.id, entityType: "payment_method", outcome: "failure", meta: { reason: "card_declined" } });
        throw new ApiError(402, "account.cardDeclined", { data: { code: "card_declined" } });
      }
      if (err instanceof CardEntryNotSupportedError) {
        await attempt.release();
        throw badRequest("account.addCardsInPortal");
      }
      throw err;
    }
  });

  endpoint(router, "PUT /api/v2/profile/primary-payment-method", async (req, res) => {
    const user = patient(req);
    const { id } = parseBody(req, primaryPaymentMethodRequestSchema);
    if (!(await setPrimary(req.deps.db, provider, user, id))) {
      await audit(req, { action: "payment_method.primary", patientId: user.id, entityType: "payment_method", entityId: id, outcome: "denied" });
      throw notFound("account.cardNotFound");
    }
    await audit(req, { action: "payment_method.primary", patientId: user.id, entityType: "payment_method", entityId: id });
    await retryPastDue(req.deps, user.id);
    ok(res, await listPaymentMethods(req.deps.db, provider, user.id), "account.primaryChanged");
  });

  endpoint(router, "DELETE /api/v2/profile/payment-method", async (req, res) => {
    const user = patient(req);
    const body = req.body && typeof req.body === "object" && "id" in req.body ? req.body : req.query;
    const { id } = parseWith(deletePaymentMethodRequestSchema, body);
    const result = await deletePaymentMethod(req.deps.db, provider, user, id);
    if (!result) {
      await audit(req, { action: "payment_method.delete", patientId: user.id, entityType: "payment_method", entityId: id, outcome: "denied" });
      throw notFound("account.cardNotFound");
    }
    await audit(req, { action: "payment_method.delete", patientId: user.id, entityType: "payment_method", entityId: id, meta: { promotedId: result.promotedId } });
    ok(res, await listPaymentMethods(req.deps.db, provider, user.id), "account.cardRemoved");
  });

  /* ---- billing portal and sync -------------------------------------------------------------------- */

  endpoint(router, "GET /api/v1/profile/portal-session", async (req, res) => {
    const user = patient(req);
    const session = await createPortalSession(req.deps.db, provider, user);
    await audit(req, { action: "billing.portal_session", patientId: user.id, entityType: "billing_customer" });
    ok(res, session);
  });

  endpoint(router, "PUT /api/v1/profile/chargebee-sync", async (req, res) => {
    const user = patient(req);
    const { portalSessionId } = parseBody(req, billingSyncRequestSchema);
    const result = await syncBilling(req.deps.db, provider, user, portalSessionId || undefined);
    await audit(req, {
      action: "billing.sync",
      patientId: user.id,
      entityType: "billing_customer",
      meta: { invoicesUpdated: result.invoicesUpdated, portalSessionClosed: result.portalSessionClosed },
    });
    ok(res, result, "account.billingSynced");
  });

  /* ---- invoices ----------------------------------------------------------------------------------- */

  endpoint(router, "GET /api/v1/profile/invoices", async (req, res) => {
    const user = patient(req);
    const { page, perPage } = parseQuery(req, invoicesQuerySchema);
    const { items, totalCount } = await listInvoices(req.deps.db, user.id, page, perPage);
    await audit(req, { action: "invoice.list", patientId: user.id, entityType: "invoice", meta: { page, count: items.length } });
    ok(res, items, "ok", { totalCount, page, perPage });
  });

  endpoint(router, "GET /api/v1/profile/invoices/:id/pdf", async (req, res) => {
    const user = patient(req);
    const params = invoiceIdParamSchema.safeParse(req.params);
    const invoice = params.success ? await findInvoice(req.deps.db, user.id, params.data.id) : null;
    if (!invoice) {
      await audit(req, { action: "invoice.pdf", patientId: user.id, entityType: "invoice", entityId: String(req.params.id).slice(0, 20), outcome: "denied" });
      throw notFound("account.cannotDownloadInvoice");
    }
    const pdf = await renderInvoicePdf({ invoice, patient: { fullName: user.fullName, email: user.email } });
    await audit(req, { action: "invoice.pdf", patientId: user.id, entityType: "invoice", entityId: invoice.id });
    res.status(200);
    res.set({
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="invoice-${invoice.number.replace(/[^A-Za-z0-9_-]/g, "")}.pdf"`,
    });
    res.end(pdf);
  });

  return router;
}
