/**
 * Subscriptions self-service and the staff renewals list (issue 16 part B; contract and decisions
 * api/contract/subscriptions.ts; state machine api/domain/subscriptions.ts; renewal jobs api/domain/renewals.ts).
 * A patient reaches only their own subscriptions (another's, like an unknown id: 404). Every change locks the
 * subscription's row, asks the state machine (a refusal answers 409 with its code), writes and appends its audit
 * row in one transaction.
 */
import { Router, type Request } from "express";
import { and, desc, eq, sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import {
  addAddonSchema,
  cancelSchema,
  changePlanSchema,
  emptySchema,
  removeAddonSchema,
  renewalsQuerySchema,
  retentionQuerySchema,
  subscriptionProductsQuerySchema,
  updateSchema,
  type Renewal,
  type RenewalPages,
  type RenewalBlocker,
} from "../contract/subscriptions.ts";
import type { ApiCode } from "../contract/codes.ts";
import { dropEmpty } from "../contract/provider-list.ts";
import { V } from "../contract/validation.ts";
import { rows, type Db } from "../db/client.ts";
import { auditEvents, paymentMethods, subscriptionItems, subscriptions, treatments } from "../db/schema.ts";
import { auditRead } from "../domain/audit.ts";
import { decodeCursor, encodeCursor, validId } from "../domain/cursors.ts";
import { canSeePatient, visiblePatientsSql } from "../domain/patient-access.ts";
import { eligibilityOf } from "../domain/pharmacy.ts";
import { requestRenewal, requestResume } from "../domain/renewals.ts";
import { catalogue, cardOf, eligibilityProblem, optionOf, planChoices, subscriptionProducts, subscriptionViews } from "../domain/subscription-views.ts";
import { addonProblem, maintenancePlan, schedulePlanChange, stateOf, subscriptionTransition, type AnyAction, type ScheduledChange } from "../domain/subscriptions.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok } from "../http/errors.ts";
import { parseBody, parseWith } from "../http/validate.ts";
import { viewerOf } from "./patient-access.ts";

type SubRow = typeof subscriptions.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const notFoundSub = () => notFound("subscriptions.notFound");

/** The caller's own subscription by its id (404 otherwise). */
async function ownSubscriptionId(req: Request, raw: unknown): Promise<number> {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFoundSub();
  const [row] = await req.deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, parsed.data), eq(subscriptions.patientId, viewerOf(req).id)));
  if (!row) throw notFoundSub();
  return row.id;
}

/** The newest subscription of the caller's own treatment `raw` (spec §7 names these calls by treatment). */
async function subscriptionOfTreatment(req: Request, raw: unknown): Promise<number> {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFoundSub();
  const [row] = await req.deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(treatments, eq(treatments.id, subscriptions.treatmentId))
    .where(and(eq(treatments.id, parsed.data), eq(treatments.patientId, viewerOf(req).id), eq(subscriptions.patientId, viewerOf(req).id)))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  if (!row) throw notFoundSub();
  return row.id;
}

/** Lock the subscription, check `action` with the state machine (409 when refused) and run `write`. */
async function change<T>(req: Request, subscriptionId: number, action: AnyAction, write: (tx: Tx, row: SubRow, now: Date) => Promise<T>): Promise<T> {
  return req.deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for("update");
    if (!row) throw notFoundSub();
    const result = subscriptionTransition(action, stateOf(row));
    if (!result.ok) throw new ApiError(409, result.code);
    const now = new Date();
    const out = await write(tx, row, now);
    await tx.insert(auditEvents).values({
      actorId: req.auth.user?.id ?? null,
      actorRole: req.auth.role,
      action: `subscription.${action}`,
      entityType: "subscription",
      entityId: String(subscriptionId),
      patientId: row.patientId,
      ip: clientIp(req),
      outcome: "success",
      meta: { from: row.status, to: result.to.status },
    });
    return out;
  });
}

async function answer(req: Request, res: Parameters<Parameters<typeof endpoint>[2]>[1], subscriptionId: number, code: ApiCode) {
  const [subscription] = await subscriptionViews(req.deps.db, viewerOf(req).id, subscriptionId);
  ok(res, { subscription }, code);
}

const mainItem = (tx: Tx, subscriptionId: number) =>
  tx.select().from(subscriptionItems).where(and(eq(subscriptionItems.subscriptionId, subscriptionId), eq(subscriptionItems.isAddon, false))).orderBy(subscriptionItems.id).limit(1);

/** The one-time retention offer's key (plain: the server recomputes the offer and compares). */
const retentionKey = (subscriptionId: number, variantId: number) => `r${subscriptionId}-${variantId}`;

/** The retention offer still open for a subscription, or null (used, not offered in this state, or no cheaper plan). */
async function openOffer(db: Db | Tx, row: SubRow) {
  if (row.retentionOfferUsedAt) return null;
  if (!subscriptionTransition("acceptRetention", stateOf(row)).ok) return null;
  const [main] = await db.select().from(subscriptionItems).where(and(eq(subscriptionItems.subscriptionId, row.id), eq(subscriptionItems.isAddon, false))).limit(1);
  if (!main) return null;
  const [cat, eligibility] = await Promise.all([catalogue(db as Db), eligibilityOf(db as Db, row.patientId)]);
  const current = cat.get(main.variantId);
  if (!current) return null;
  // Only a plan the patient may switch to (GET /api/v2/products/subscription's rule: the state, a prescription).
  const plan = maintenancePlan(current, planChoices(current, cat.values(), eligibility));
  return plan ? { plan, current, key: retentionKey(row.id, plan.variantId) } : null;
}

async function hasCard(db: Db | Tx, row: SubRow): Promise<boolean> {
  const cards = await db.select({ id: paymentMethods.id, isPrimary: paymentMethods.isPrimary }).from(paymentMethods).where(eq(paymentMethods.userId, row.patientId));
  return cardOf(row, cards) !== null;
}

// ── The staff renewals list ─────────────────────────────────────────────────────────────────────────────────

const TS = (col: string) => sql.raw(`to_char((${col}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

type RenewalRow = Omit<Renewal, "patient" | "blockers"> & {
  patientId: number;
  patientName: string;
  noCard: boolean;
  checkInMissing: boolean;
  prescriptionMissing: boolean;
  pendingCancellation: boolean;
};

/**
 * Upcoming renewals (Future and Active subscriptions by next charge, subscriptions_upcoming_idx), the page's
 * blockers computed for its own rows only: no card, card declined (past due), a weight-loss renewal without a
 * check-in approved since the period began (api/domain/check-ins.ts renewalMayProceed's rule), a treatment that is
 * no longer approved (the prescription is not valid), a pending cancellation (the renewal will end the plan).
 */
async function renewalsPage(db: Db, visible: ReturnType<typeof sql> | undefined, after: { d: string; id: number } | null, limit: number): Promise<RenewalRow[]> {
  const cursor = after ? sql`AND (s.next_charge_at, s.id) > (${after.d}::timestamptz, ${after.id})` : sql``;
  const scope = visible ? sql`AND ${visible}` : sql``;
  return rows<RenewalRow>(
    db,
    sql`SELECT s.id AS "subscriptionId", s.treatment_id AS "treatmentId", s.patient_id AS "patientId", u.full_name AS "patientName",
        coalesce(t.section_type, 0) AS "sectionType", s.status, s.cycle_months AS "cycleMonths", ${TS("s.next_charge_at")} AS "nextChargeAt",
        ${TS("s.past_due_since")} AS "pastDueSince", s.pending_cancellation AS "pendingCancellation",
        coalesce((SELECT p.name || ' · ' || v.name FROM subscription_items i JOIN product_variants v ON v.id = i.variant_id JOIN products p ON p.id = v.product_id
                   WHERE i.subscription_id = s.id AND NOT i.is_addon ORDER BY i.id LIMIT 1), '') AS plan,
        coalesce((SELECT sum(v.price_cents * i.quantity) FROM subscription_items i JOIN product_variants v ON v.id = i.variant_id WHERE i.subscription_id = s.id), 0)::int AS "amountCents",
        NOT EXISTS (SELECT 1 FROM payment_methods pm WHERE pm.user_id = s.patient_id AND (pm.id = s.payment_method_id OR pm.is_primary)) AS "noCard",
        (coalesce(t.section_type, 0) = 1 AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.subscription_id = s.id AND c.approval = 'approved'
           AND c.reviewed_at >= s.next_charge_at - make_interval(months => s.cycle_months))) AS "checkInMissing",
        (t.id IS NOT NULL AND t.review_status <> 'approved') AS "prescriptionMissing"
      FROM (SELECT * FROM subscriptions s WHERE s.status IN (0, 1) AND s.next_charge_at IS NOT NULL ${cursor} ${scope}
             ORDER BY s.next_charge_at, s.id LIMIT ${limit}) s
      JOIN users u ON u.id = s.patient_id
      LEFT JOIN treatments t ON t.id = s.treatment_id
      ORDER BY s.next_charge_at, s.id`,
  );
}

function blockersOf(r: RenewalRow): RenewalBlocker[] {
  const out: RenewalBlocker[] = [];
  if (r.noCard) out.push("noPaymentMethod");
  if (r.pastDueSince) out.push("cardDeclined");
  if (r.checkInMissing) out.push("checkIn");
  if (r.prescriptionMissing) out.push("prescription");
  if (r.pendingCancellation) out.push("pendingCancellation");
  return out;
}

export function subscriptionsRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v2/subscriptions", async (req, res) => {
    ok(res, { subscriptions: await subscriptionViews(req.deps.db, viewerOf(req).id) });
  });

  endpoint(router, "GET /api/v2/products/subscription", async (req, res) => {
    const q = parseWith(subscriptionProductsQuerySchema, dropEmpty(req.query as Record<string, unknown>));
    const viewer = viewerOf(req);
    const named = q.subscriptionId !== undefined || q.treatmentId !== undefined;
    let patientId = viewer.id;
    if (viewer.role !== "patients") {
      // Staff have no subscriptions of their own: they name one, of a patient they may see (else 404, like unknown).
      if (!named) throw badRequest("common.invalidFields", fieldCode("subscriptionId", V.required));
      const [owner] = await req.deps.db
        .select({ patientId: subscriptions.patientId })
        .from(subscriptions)
        .where(q.subscriptionId !== undefined ? eq(subscriptions.id, q.subscriptionId) : eq(subscriptions.treatmentId, q.treatmentId!))
        .limit(1);
      if (!owner || !(await canSeePatient(req.deps.db, viewer, owner.patientId))) throw notFoundSub();
      patientId = owner.patientId;
    }
    const list = await subscriptionProducts(req.deps.db, patientId, q);
    if (named && !list.length) throw notFoundSub();
    if (viewer.role !== "patients") {
      await auditRead(req, { action: "subscription.products", patientId, entityType: "subscription", entityId: list[0]!.subscriptionId, meta: { plans: list[0]!.plans.length } });
    }
    ok(res, { subscriptions: list });
  });

  endpoint(router, "PUT /api/v2/treatments/:id/change-plan", async (req, res) => {
    const id = await subscriptionOfTreatment(req, req.params.id);
    const input = parseBody(req, changePlanSchema);
    const [cat, eligibility] = await Promise.all([catalogue(req.deps.db), eligibilityOf(req.deps.db, viewerOf(req).id)]);
    await change(req, id, "changePlan", async (tx, row, now) => {
      const [main] = await mainItem(tx, id);
      const current = main ? cat.get(main.variantId) : undefined;
      if (!current) throw new ApiError(409, "subscriptions.notActiveOrFuture");
      const target = cat.get(input.variantId) ?? null;
      const result = schedulePlanChange(current, target, row.nextChargeAt ?? now, "planChange", now);
      if (!result.ok) throw badRequest("common.invalidFields", fieldCode(result.field, result.code));
      // Refused exactly when GET /api/v2/products/subscription does not offer it (the state, a prescription).
      const problem = target && eligibilityProblem(target, eligibility);
      if (problem) throw badRequest("common.invalidFields", fieldCode("variantId", problem));
      await tx.update(subscriptions).set({ scheduledChange: result.change, updatedAt: now }).where(eq(subscriptions.id, id));
    });
    await answer(req, res, id, "subscriptions.planChangeScheduled");
  });

  endpoint(router, "POST /api/v2/subscriptions/:id/cancel-scheduled-changes", async (req, res) => {
    const id = await ownSubscriptionId(req, req.params.id);
    parseBody(req, emptySchema);
    await change(req, id, "cancelScheduledChange", async (tx, _row, now) => {
      await tx.update(subscriptions).set({ scheduledChange: null, updatedAt: now }).where(eq(subscriptions.id, id));
    });
    await answer(req, res, id, "subscriptions.scheduledChangeCancelled");
  });

  endpoint(router, "POST /api/v1/treatments/:id/add-addon", async (req, res) => {
    const id = await subscriptionOfTreatment(req, req.params.id);
    const input = parseBody(req, addAddonSchema);
    const [cat, eligibility] = await Promise.all([catalogue(req.deps.db), eligibilityOf(req.deps.db, viewerOf(req).id)]);
    await change(req, id, "addAddon", async (tx) => {
      const items = await tx.select().from(subscriptionItems).where(eq(subscriptionItems.subscriptionId, id));
      const main = items.find((i) => !i.isAddon);
      const current = main ? cat.get(main.variantId) : undefined;
      if (!current) throw new ApiError(409, "subscriptions.notActiveOrFuture");
      const addon = cat.get(input.variantId) ?? null;
      const problem = addonProblem(current, addon, items.filter((i) => i.isAddon).map((i) => i.variantId)) ?? (addon && eligibilityProblem(addon, eligibility));
      if (problem) throw badRequest("common.invalidFields", fieldCode("variantId", problem));
      await tx.insert(subscriptionItems).values({ subscriptionId: id, variantId: input.variantId, quantity: 1, isAddon: true });
    });
    await answer(req, res, id, "subscriptions.addonAdded");
  });

  endpoint(router, "PUT /api/v1/treatments/:id/remove-addon", async (req, res) => {
    const id = await subscriptionOfTreatment(req, req.params.id);
    const input = parseBody(req, removeAddonSchema);
    await change(req, id, "removeAddon", async (tx) => {
      const removed = await tx
        .delete(subscriptionItems)
        .where(and(eq(subscriptionItems.id, input.subscriptionItemId), eq(subscriptionItems.subscriptionId, id), eq(subscriptionItems.isAddon, true)))
        .returning({ id: subscriptionItems.id });
      if (!removed.length) throw badRequest("common.invalidFields", fieldCode("subscriptionItemId", V.invalid));
    });
    await answer(req, res, id, "subscriptions.addonRemoved");
  });

  endpoint(router, "GET /api/v1/retention/get-key", async (req, res) => {
    const q = parseWith(retentionQuerySchema, dropEmpty(req.query as Record<string, unknown>));
    const id = await subscriptionOfTreatment(req, q.treatmentId);
    const [row] = await req.deps.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    const offer = await openOffer(req.deps.db, row!);
    ok(res, offer ? { key: offer.key, offer: optionOf(offer.plan, offer.current) } : { key: null, offer: null });
  });

  endpoint(router, "PUT /api/v2/subscriptions/:id/:key/cancel", async (req, res) => {
    const id = await ownSubscriptionId(req, req.params.id);
    const input = parseBody(req, cancelSchema);
    const key = String(req.params.key);
    await change(req, id, "cancel", async (tx, row, now) => {
      const offer = await openOffer(tx, row);
      // The flow shows the one-time offer before the confirmation: cancelling past an open offer is refused.
      if (offer && offer.key !== key) throw new ApiError(409, "subscriptions.offerFirst");
      const common = { cancelReason: input.reason, cancelNote: input.note || null, cancelledAt: now, scheduledChange: null, updatedAt: now, retentionOfferUsedAt: offer ? now : row.retentionOfferUsedAt };
      if (row.status === 1) {
        // Access until the end of the period paid for (spec §4): the renewal job ends it then.
        await tx.update(subscriptions).set({ ...common, pendingCancellation: true, membershipStatus: "pending_cancellation", endsAt: row.nextChargeAt ?? now }).where(eq(subscriptions.id, id));
      } else {
        await tx
          .update(subscriptions)
          .set({ ...common, status: 3, pendingCancellation: false, membershipStatus: "cancelled", endsAt: now, nextChargeAt: null, resumeRequestedAt: null, pastDueSince: null })
          .where(eq(subscriptions.id, id));
      }
    });
    await answer(req, res, id, "subscriptions.cancelled");
  });

  endpoint(router, "PUT /api/v2/subscriptions/:id/update", async (req, res) => {
    const id = await ownSubscriptionId(req, req.params.id);
    const input = parseBody(req, updateSchema);
    let code: ApiCode = "ok";
    if (input.action === "pause") {
      await change(req, id, "pause", async (tx, _row, now) => {
        await tx.update(subscriptions).set({ status: 2, membershipStatus: "paused", pausedAt: now, nextChargeAt: null, updatedAt: now }).where(eq(subscriptions.id, id));
      });
      code = "subscriptions.paused";
    } else if (input.action === "resume") {
      await change(req, id, "resume", async (tx, row, now) => {
        if (!(await hasCard(tx, row))) throw new ApiError(409, "subscriptions.noPaymentSource");
        await tx.update(subscriptions).set({ resumeRequestedAt: now, updatedAt: now }).where(eq(subscriptions.id, id));
        // In the same transaction: the job exists exactly when the request does.
        await requestResume(req.deps, tx, id);
      });
      code = "subscriptions.resumeRequested";
    } else if (input.action === "reactivate") {
      await change(req, id, "reactivate", async (tx, row, now) => {
        if (row.pendingCancellation && (row.status === 0 || row.status === 1)) {
          await tx
            .update(subscriptions)
            .set({ pendingCancellation: false, membershipStatus: row.status === 0 ? "future" : "active", endsAt: null, cancelReason: null, cancelNote: null, cancelledAt: null, updatedAt: now })
            .where(eq(subscriptions.id, id));
          return;
        }
        if (!(await hasCard(tx, row))) throw new ApiError(409, "subscriptions.noPaymentSource");
        // An ended plan starts again: due now; the renewal job charges it (and ships) shortly after.
        await tx
          .update(subscriptions)
          .set({ status: 1, membershipStatus: "active", pendingCancellation: false, endsAt: null, nextChargeAt: now, cancelReason: null, cancelNote: null, cancelledAt: null, pastDueSince: null, scheduledChange: null, updatedAt: now })
          .where(eq(subscriptions.id, id));
        await requestRenewal(req.deps, tx, id, now);
      });
      code = "subscriptions.reactivated";
    } else {
      await change(req, id, "acceptRetention", async (tx, row, now) => {
        const offer = await openOffer(tx, row);
        if (!offer || offer.key !== input.key) throw new ApiError(409, "subscriptions.retentionUsed");
        const result = schedulePlanChange(offer.current, offer.plan, row.nextChargeAt ?? now, "retention", now);
        if (!result.ok) throw new ApiError(409, "subscriptions.retentionUsed");
        await tx
          .update(subscriptions)
          .set({
            scheduledChange: result.change satisfies ScheduledChange,
            retentionOfferUsedAt: now,
            pendingCancellation: false,
            membershipStatus: row.status === 0 ? "future" : "active",
            endsAt: null,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, id));
      });
      code = "subscriptions.retentionAccepted";
    }
    await answer(req, res, id, code);
  });

  // ── Staff ──────────────────────────────────────────────────────────────────────────────────────────────────

  endpoint(router, "GET /api/v1/renewals", async (req, res) => {
    const q = parseWith(renewalsQuerySchema, dropEmpty(req.query as Record<string, unknown>));
    let after: { d: string; id: number } | null = null;
    if (q.cursor) {
      const c = decodeCursor(q.cursor);
      if (!c || typeof c.d !== "string" || !TIMESTAMP_TEXT.test(c.d) || !validId(c.id)) throw badRequest("common.invalidFields", fieldCode("cursor", V.invalid));
      after = { d: c.d, id: c.id as number };
    }
    const { db } = req.deps;
    const visible = await visiblePatientsSql(db, viewerOf(req), sql`s.patient_id`);
    const page = await renewalsPage(db, visible, after, q.perPage + 1);
    const hasMore = page.length > q.perPage;
    const items = hasMore ? page.slice(0, q.perPage) : page;
    const last = items[items.length - 1];
    const pages: RenewalPages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore && last ? encodeCursor({ d: last.nextChargeAt, id: last.subscriptionId }) : null };
    await auditRead(req, { action: "renewals.list", patientIds: [...new Set(items.map((r) => r.patientId))], entityType: "subscription", meta: { count: items.length } });
    const data: Renewal[] = items.map((r) => ({
      subscriptionId: r.subscriptionId,
      treatmentId: r.treatmentId,
      patient: { id: r.patientId, fullName: r.patientName },
      sectionType: r.sectionType,
      status: r.status,
      plan: r.plan,
      cycleMonths: r.cycleMonths,
      nextChargeAt: r.nextChargeAt,
      amountCents: r.amountCents,
      pastDueSince: r.pastDueSince,
      blockers: blockersOf(r),
    }));
    ok(res, data, "ok", pages);
  });

  return router;
}
