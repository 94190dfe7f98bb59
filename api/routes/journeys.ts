/**
 * The patient's journeys and overview (issue 15 part B; contract and decisions: api/contract/journeys.ts). Patients
 * only, each call on the caller's own rows (the SQL names the caller's id: another patient's journey is simply not
 * found). No audit row: a patient reading their own data (see the contract). Every read is one or two statements over
 * the per-patient indexes (journeys_patient_idx, treatments_journey_idx, subscriptions_treatment_idx,
 * orders_patient_idx, check_ins_patient_idx), so the overview stays within its 50 ms budget (bench/patient-overview.ts).
 */
import { Router, type Request } from "express";
import { sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import { JOURNEY_ORDERS_MAX, JOURNEYS_MAX } from "../contract/journey-rules.ts";
import type { JourneySummary, OverviewAction, OverviewActions, OverviewNext } from "../contract/journeys.ts";
import type { PatientOrder } from "../contract/patients.ts";
import { ServiceSection, type TreatmentReviewStatus } from "../contract/enums.ts";
import { rows, type Db } from "../db/client.ts";
import { buildTimeline, milestones, type JourneyStatus } from "../domain/journey-timeline.ts";
import { iso, isoDate, loadTreatments } from "../domain/patient-record.ts";
import { endpoint } from "../http/endpoint.ts";
import { notFound, ok, unauthorized } from "../http/errors.ts";
import { unreadChatCount } from "./profile.ts";

function me(req: Request): number {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user.id;
}

type JourneyRow = {
  id: number;
  sectionType: number;
  status: JourneyStatus;
  intakeStep: string | null;
  denialCode: string | null;
  createdAt: unknown;
  submittedAt: unknown;
  treatmentId: number | null;
  reviewStatus: TreatmentReviewStatus | null;
  treatmentCreatedAt: unknown;
  reviewedAt: unknown;
  productName: string | null;
  subscriptionId: number | null;
  subscriptionStatus: number | null;
  nextChargeAt: unknown;
  orderStatus: number | null;
  dateOrdered: unknown;
  dateShipped: unknown;
  checkInRequestedAt: unknown;
  checkInDueAt: unknown;
  checkInCompletedAt: unknown;
  firstPrescriptionAt: unknown;
  patientStatusKey: string | null;
};

/** Orders of a journey: its subscription's, or for a one-time pharmacy purchase (no subscription) the patient's orders
 * without a subscription. `o` is the orders alias; `j`, `s` the journey and its subscription. */
const journeyOrders = sql`o.patient_id = j.patient_id AND (o.subscription_id = s.id
  OR (s.id IS NULL AND o.subscription_id IS NULL AND j.section_type = ${ServiceSection.PharmacyPurchase}))`;

/** The journeys of one patient (or one of them) with what their timelines need, in one statement. */
function journeyRows(db: Db, patientId: number, journeyId?: number): Promise<JourneyRow[]> {
  return rows<JourneyRow>(
    db,
    sql`SELECT j.id, j.section_type AS "sectionType", j.status, j.intake_step AS "intakeStep", j.denial_code AS "denialCode",
        j.created_at AS "createdAt", j.submitted_at AS "submittedAt",
        t.id AS "treatmentId", t.review_status AS "reviewStatus", t.created_at AS "treatmentCreatedAt", t.reviewed_at AS "reviewedAt",
        pr.name AS "productName", s.id AS "subscriptionId", s.status AS "subscriptionStatus", s.next_charge_at AS "nextChargeAt",
        o.status AS "orderStatus", o.date_ordered AS "dateOrdered", o.date_shipped AS "dateShipped",
        c.requested_at AS "checkInRequestedAt", c.due_at AS "checkInDueAt", c.completed_at AS "checkInCompletedAt",
        (SELECT min(rx.created_at) FROM prescriptions rx WHERE rx.treatment_id = t.id) AS "firstPrescriptionAt",
        (SELECT p.status_key FROM patients p WHERE p.user_id = j.patient_id) AS "patientStatusKey"
      FROM journeys j
      LEFT JOIN LATERAL (SELECT * FROM treatments t WHERE t.journey_id = j.id ORDER BY t.id DESC LIMIT 1) t ON true
      LEFT JOIN products pr ON pr.id = coalesce(t.product_id, j.product_id)
      LEFT JOIN LATERAL (SELECT * FROM subscriptions s WHERE s.treatment_id = t.id ORDER BY s.id DESC LIMIT 1) s ON true
      LEFT JOIN LATERAL (SELECT o.status, o.date_ordered, o.date_shipped FROM orders o WHERE ${journeyOrders} ORDER BY o.date_ordered DESC, o.id DESC LIMIT 1) o ON true
      LEFT JOIN LATERAL (SELECT * FROM check_ins c WHERE c.patient_id = j.patient_id AND c.journey_id = j.id ORDER BY c.id DESC LIMIT 1) c ON true
      WHERE j.patient_id = ${patientId} ${journeyId === undefined ? sql`` : sql`AND j.id = ${journeyId}`}
      ORDER BY j.id DESC LIMIT ${JOURNEYS_MAX}`,
  );
}

const date = (v: unknown): Date | null => {
  const s = iso(v);
  return s ? new Date(s) : null;
};
const isoOf = (d: Date | null) => (d ? d.toISOString() : null);

export function toJourneySummary(r: JourneyRow): JourneySummary {
  const t = buildTimeline({
    journey: { status: r.status, sectionType: r.sectionType, createdAt: date(r.createdAt)!, submittedAt: date(r.submittedAt) },
    treatment: r.treatmentId !== null && r.reviewStatus ? { reviewStatus: r.reviewStatus, createdAt: date(r.treatmentCreatedAt)!, reviewedAt: date(r.reviewedAt) } : null,
    patientStatusKey: r.patientStatusKey ?? "",
    firstPrescriptionAt: date(r.firstPrescriptionAt),
    subscription: r.subscriptionId !== null ? { status: r.subscriptionStatus ?? 100, nextChargeAt: date(r.nextChargeAt) } : null,
    latestOrder: r.orderStatus !== null ? { status: r.orderStatus, dateOrdered: date(r.dateOrdered)!, dateShipped: date(r.dateShipped) } : null,
    latestCheckIn: r.checkInRequestedAt ? { requestedAt: date(r.checkInRequestedAt)!, dueAt: date(r.checkInDueAt), completedAt: date(r.checkInCompletedAt) } : null,
  });
  return {
    id: r.id,
    sectionType: r.sectionType,
    status: r.status,
    state: t.state,
    intakeStep: r.intakeStep,
    denialCode: r.denialCode,
    createdAt: iso(r.createdAt)!,
    submittedAt: iso(r.submittedAt),
    treatmentId: r.treatmentId,
    productName: r.productName,
    currentStep: t.current,
    next: t.next,
    reviewClock: t.reviewClock ? { kind: t.reviewClock.kind, startedAt: t.reviewClock.startedAt.toISOString(), dueAt: t.reviewClock.dueAt.toISOString() } : null,
    timeline: t.steps.map((s) => ({ key: s.key, status: s.status, date: isoOf(s.date), expected: s.expected })),
  };
}

/** One of the caller's journeys, or 404 journeys.notFound (unknown, malformed, or another patient's: the same). */
async function ownJourney(req: Request): Promise<JourneyRow> {
  const id = idParam.safeParse(req.params.id);
  if (!id.success) throw notFound("journeys.notFound");
  const [row] = await journeyRows(req.deps.db, me(req), id.data);
  if (!row) throw notFound("journeys.notFound");
  return row;
}

type OrderRow = Omit<PatientOrder, "dateOrdered" | "dateShipped"> & { dateOrdered: unknown; dateShipped: unknown };

export function journeysRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/patient/journeys", async (req, res) => {
    const found = await journeyRows(req.deps.db, me(req));
    ok(res, { journeys: found.map(toJourneySummary) });
  });

  endpoint(router, "GET /api/v1/patient/journeys/:id", async (req, res) => {
    const row = await ownJourney(req);
    const { db } = req.deps;
    const patientId = me(req);
    const [treatments, orders] = await Promise.all([
      loadTreatments(db, sql`t.journey_id = ${row.id} AND t.patient_id = ${patientId}`, 20),
      rows<OrderRow>(
        db,
        sql`SELECT o.id, o.order_number AS "orderNumber", o.status, o.total_cents AS "totalCents", o.currency, o.date_ordered AS "dateOrdered",
            o.date_shipped AS "dateShipped", o.fulfiller, o.tracking_number AS "trackingNumber", o.tracking_url AS "trackingUrl",
            (SELECT coalesce(json_agg(json_build_object('name', p.name, 'dosage', v.dosage, 'quantity', oi.quantity, 'priceCents', oi.price_cents) ORDER BY oi.id), '[]'::json)
               FROM order_items oi JOIN product_variants v ON v.id = oi.variant_id JOIN products p ON p.id = v.product_id WHERE oi.order_id = o.id) AS items
          FROM journeys j
          LEFT JOIN LATERAL (SELECT t.id FROM treatments t WHERE t.journey_id = j.id ORDER BY t.id DESC LIMIT 1) t ON true
          LEFT JOIN LATERAL (SELECT s.id FROM subscriptions s WHERE s.treatment_id = t.id ORDER BY s.id DESC LIMIT 1) s ON true
          JOIN orders o ON ${journeyOrders}
          WHERE j.id = ${row.id} AND j.patient_id = ${patientId}
          ORDER BY o.date_ordered DESC, o.id DESC LIMIT ${JOURNEY_ORDERS_MAX}`,
      ),
    ]);
    ok(res, {
      journey: toJourneySummary(row),
      treatments,
      orders: orders.map((o) => ({ ...o, dateOrdered: iso(o.dateOrdered)!, dateShipped: iso(o.dateShipped) })),
    });
  });

  endpoint(router, "GET /api/v1/patient/journeys/:id/progress", async (req, res) => {
    const row = await ownJourney(req);
    const tracked = row.sectionType === ServiceSection.WeightLoss;
    const patientId = me(req);
    const { db } = req.deps;
    const [entries, [p]] = tracked
      ? await Promise.all([
          rows<{ id: number; weightLb: number; measuredOn: unknown; source: "intake" | "patient" | "staff" }>(
            db,
            sql`SELECT * FROM (SELECT id, weight_lb AS "weightLb", measured_on AS "measuredOn", source FROM weight_entries
              WHERE patient_id = ${patientId} ORDER BY measured_on DESC, id DESC LIMIT 500) w ORDER BY "measuredOn", id`,
          ),
          rows<{ weightStart: number | null; weightCurrent: number | null; weightGoal: number | null }>(
            db,
            sql`SELECT weight_start AS "weightStart", weight_current AS "weightCurrent", weight_goal AS "weightGoal" FROM patients WHERE user_id = ${patientId}`,
          ),
        ])
      : [[], []];
    const weights = entries.map((e) => ({ ...e, measuredOn: isoDate(e.measuredOn)! }));
    const weightStart = p?.weightStart ?? weights[0]?.weightLb ?? null;
    const weightGoal = p?.weightGoal ?? null;
    ok(res, {
      journeyId: row.id,
      sectionType: row.sectionType,
      tracked,
      weights,
      weightStart: tracked ? weightStart : null,
      weightCurrent: tracked ? (weights[weights.length - 1]?.weightLb ?? p?.weightCurrent ?? null) : null,
      weightGoal: tracked ? weightGoal : null,
      milestones: tracked ? milestones(weightStart, weightGoal, weights) : [],
    });
  });

  endpoint(router, "GET /api/v1/patient/overview/actions", async (req, res) => {
    const patientId = me(req);
    const { db } = req.deps;
    type Facts = {
      statusKey: string | null;
      dateOfBirth: unknown;
      hasShipping: boolean;
      hasIdPhoto: boolean;
      hasSelfie: boolean;
      submitted: boolean;
      pendingJourneyId: number | null;
      card: { expMonth: number; expYear: number } | null;
      unpaid: boolean;
    };
    type CheckInRow = { id: number; journeyId: number | null; sectionType: number | null; requestedAt: unknown; dueAt: unknown };
    type PicturesRow = { journeyId: number; idPhoto: string | null; selfie: string | null };
    const [[facts], checkIns, unread, [pictures]] = await Promise.all([
      rows<Facts>(
        db,
        sql`SELECT p.status_key AS "statusKey", p.date_of_birth::text AS "dateOfBirth",
            EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = p.user_id AND a.address_type = 'shipping') AS "hasShipping",
            EXISTS (SELECT 1 FROM uploads up WHERE up.patient_id = p.user_id AND up.category = 3 AND (up.image_kind IS NULL OR up.image_kind = 'front')) AS "hasIdPhoto",
            EXISTS (SELECT 1 FROM uploads up WHERE up.patient_id = p.user_id AND up.category = 3 AND up.image_kind = 'selfie') AS "hasSelfie",
            EXISTS (SELECT 1 FROM journeys j WHERE j.patient_id = p.user_id AND j.status = 'submitted') AS "submitted",
            (SELECT t.journey_id FROM treatments t WHERE t.patient_id = p.user_id AND t.review_status = 'pending' ORDER BY t.id DESC LIMIT 1) AS "pendingJourneyId",
            (SELECT json_build_object('expMonth', pm.exp_month, 'expYear', pm.exp_year) FROM payment_methods pm WHERE pm.user_id = p.user_id AND pm.is_primary) AS card,
            EXISTS (SELECT 1 FROM invoices i WHERE i.user_id = p.user_id AND i.status IN ('past_due', 'not_paid')) AS unpaid
          FROM patients p WHERE p.user_id = ${patientId}`,
      ),
      rows<CheckInRow>(
        db,
        sql`SELECT c.id, c.journey_id AS "journeyId", j.section_type AS "sectionType", c.requested_at AS "requestedAt", c.due_at AS "dueAt"
          FROM check_ins c LEFT JOIN journeys j ON j.id = c.journey_id
          WHERE c.patient_id = ${patientId} AND c.completed_at IS NULL ORDER BY c.id LIMIT 20`,
      ),
      unreadChatCount(db, patientId, true),
      // The latest intake holding an identification picture (journeys_patient index; a patient has a handful).
      rows<PicturesRow>(
        db,
        sql`SELECT j.id AS "journeyId", j.intake_answers->>'idPhoto' AS "idPhoto", j.intake_answers->>'selfie' AS "selfie"
          FROM journeys j WHERE j.patient_id = ${patientId} AND (j.intake_answers ? 'idPhoto' OR j.intake_answers ? 'selfie')
          ORDER BY j.id DESC LIMIT 1`,
      ),
    ]);
    const now = Date.now();
    const actions: OverviewAction[] = [];
    if (facts) {
      if (facts.statusKey === "missing_information") actions.push({ kind: "missingInformation", reason: "reviewChanges", journeyId: facts.pendingJourneyId });
      if (facts.submitted || facts.pendingJourneyId !== null) {
        if (!facts.hasShipping) actions.push({ kind: "missingInformation", reason: "shippingAddress", journeyId: null });
        if (!facts.dateOfBirth) actions.push({ kind: "missingInformation", reason: "dateOfBirth", journeyId: null });
        if (!facts.hasIdPhoto || !facts.hasSelfie) actions.push({ kind: "missingInformation", reason: "identification", journeyId: null });
      }
      const today = new Date(now);
      const expired = facts.card !== null && (facts.card.expYear < today.getUTCFullYear() || (facts.card.expYear === today.getUTCFullYear() && facts.card.expMonth < today.getUTCMonth() + 1));
      if (facts.unpaid || facts.statusKey === "no_payment_method") actions.push({ kind: "cardDecline", reason: facts.unpaid ? "unpaidInvoice" : "noCard" });
      else if (expired) actions.push({ kind: "cardDecline", reason: "cardExpired" });
    }
    const due = checkIns.map((c) => {
      const dueAt = iso(c.dueAt);
      return { id: c.id, journeyId: c.journeyId, sectionType: c.sectionType, requestedAt: iso(c.requestedAt)!, dueAt, overdue: dueAt !== null && Date.parse(dueAt) < now };
    });
    for (const c of due) actions.push({ kind: "checkInDue", checkInId: c.id, journeyId: c.journeyId, dueAt: c.dueAt });
    const uploadId = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);
    const identification = pictures ? { journeyId: pictures.journeyId, idPhoto: uploadId(pictures.idPhoto), selfie: uploadId(pictures.selfie) } : null;
    const answer: OverviewActions = { actions, checkIns: due, unreadMessages: unread, identification: identification && (identification.idPhoto || identification.selfie) ? identification : null };
    ok(res, answer);
  });

  endpoint(router, "GET /api/v1/patient/overview/next", async (req, res) => {
    const patientId = me(req);
    const { db } = req.deps;
    type ChargeRow = { at: unknown; amountCents: number; currency: string | null; subscriptionId: number; journeyId: number | null; productName: string | null };
    type ShipRow = { status: number; orderNumber: string; dateOrdered: unknown; dateShipped: unknown; trackingUrl: string | null; journeyId: number | null; productName: string | null };
    const [[charge], [order]] = await Promise.all([
      rows<ChargeRow>(
        db,
        sql`SELECT s.next_charge_at AS at, s.id AS "subscriptionId", t.journey_id AS "journeyId", pr.name AS "productName",
            (SELECT coalesce(sum(v.price_cents * si.quantity), 0)::int FROM subscription_items si JOIN product_variants v ON v.id = si.variant_id
              WHERE si.subscription_id = s.id) AS "amountCents", 'usd' AS currency
          FROM subscriptions s LEFT JOIN treatments t ON t.id = s.treatment_id LEFT JOIN products pr ON pr.id = t.product_id
          WHERE s.patient_id = ${patientId} AND s.status IN (0, 1) AND s.next_charge_at IS NOT NULL AND NOT s.pending_cancellation
          ORDER BY s.next_charge_at LIMIT 1`,
      ),
      // The patient's latest order still on its way (in transit, or paid and packing), among the five newest.
      rows<ShipRow>(
        db,
        sql`SELECT o.status, o.order_number AS "orderNumber", o.date_ordered AS "dateOrdered", o.date_shipped AS "dateShipped",
            o.tracking_url AS "trackingUrl", t.journey_id AS "journeyId", pr.name AS "productName"
          FROM (SELECT * FROM orders o WHERE o.patient_id = ${patientId} ORDER BY o.date_ordered DESC, o.id DESC LIMIT 5) o
          LEFT JOIN subscriptions s ON s.id = o.subscription_id LEFT JOIN treatments t ON t.id = s.treatment_id
          LEFT JOIN products pr ON pr.id = t.product_id
          WHERE o.status IN (1, 2, 3, 5, 6, 9) ORDER BY o.date_ordered DESC, o.id DESC LIMIT 1`,
      ),
    ]);
    const nextCharge = charge
      ? { at: iso(charge.at)!, amountCents: charge.amountCents, currency: charge.currency ?? "usd", subscriptionId: charge.subscriptionId, journeyId: charge.journeyId, productName: charge.productName }
      : null;
    let nextShipment: OverviewNext["nextShipment"] = null;
    if (order) {
      const inTransit = order.status === 5 || order.status === 6;
      nextShipment = {
        kind: inTransit ? "inTransit" : "packing",
        at: iso(inTransit ? order.dateShipped : order.dateOrdered),
        orderNumber: order.orderNumber,
        trackingUrl: inTransit ? order.trackingUrl : null,
        journeyId: order.journeyId,
        productName: order.productName,
      };
    } else if (nextCharge) {
      nextShipment = { kind: "renewal", at: nextCharge.at, orderNumber: null, trackingUrl: null, journeyId: nextCharge.journeyId, productName: nextCharge.productName };
    }
    const answer: OverviewNext = { nextCharge, nextShipment };
    ok(res, answer);
  });

  return router;
}
