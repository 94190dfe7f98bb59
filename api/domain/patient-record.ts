/**
 * The reads of the patient record (api/routes/patients.ts, treatments.ts): SQL and the mapping of rows to the
 * contract (api/contract/patients.ts, treatments.ts). One statement per call where it can be, so the overview
 * stays a few index lookups at a million patients (bench/patient-record.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { rows, type Db } from "../db/client.ts";
import { ageOn, todayIso } from "../contract/profile-rules.ts";
import {
  PATIENT_STATUS_KEY_LABELS,
  isPatientStatusKey,
  patientSubscriptionLabel,
  type SubscriptionStatus,
  type TreatmentReviewStatus,
} from "../contract/enums.ts";
import { uploadFilePath, type PatientOverview } from "../contract/patients.ts";
import type { TreatmentDetail } from "../contract/treatments.ts";
import type { Address } from "../contract/users.ts";
import { displayedState, nextStatuses } from "./treatment-review.ts";

/** A timestamp as ISO 8601 (a Date from a column, a string from inside JSON), or null. */
export function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A date column as yyyy-MM-dd (PGlite may answer a Date, node-postgres a string with our type parser). */
export function isoDate(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

type Image = { id: number; title: string } | null;
type OverviewRow = {
  id: number;
  firstName: string;
  middleName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string | null;
  avatarUrl: string | null;
  userStatus: string;
  createdAt: unknown;
  status: number;
  statusKey: string;
  dateOfBirth: string | null;
  gender: PatientOverview["gender"];
  heightInches: number | null;
  bmiStart: number | null;
  bmiCurrent: number | null;
  weightStart: number | null;
  weightCurrent: number | null;
  weightGoal: number | null;
  doseSpotUrl: string | null;
  shipping: Address | null;
  billing: Address | null;
  idPhoto: Image;
  selfie: Image;
  insuranceFront: Image;
  insuranceBack: Image;
  latestReview: TreatmentReviewStatus | null;
  latestReviewSub: number | null;
  latestSub: { status: number; pendingCancellation: boolean } | null;
};

const address = (type: "shipping" | "billing") => sql`(SELECT json_build_object('id', a.id, 'addressType', a.address_type, 'title', a.title,
    'addressFirstName', a.address_first_name, 'addressLastName', a.address_last_name, 'addressLine1', a.address_line1,
    'addressLine2', a.address_line2, 'locality', a.locality, 'administrativeArea', a.administrative_area,
    'postalCode', a.postal_code, 'countryCode', a.country_code, 'phone', a.phone)
  FROM addresses a WHERE a.user_id = u.id AND a.address_type = ${type})`;
const image = (category: number, kind: SQL) => sql`(SELECT json_build_object('id', up.id, 'title', up.title) FROM uploads up
  WHERE up.patient_id = u.id AND up.category = ${category} AND ${kind} ORDER BY up.id DESC LIMIT 1)`;

/** The overview of one patient (a patient's user id), or null when there is no such patient. */
export async function loadOverview(db: Db, patientId: number): Promise<PatientOverview | null> {
  const [r] = await rows<OverviewRow>(
    db,
    sql`SELECT u.id, u.first_name AS "firstName", u.middle_name AS "middleName", u.last_name AS "lastName", u.full_name AS "fullName",
      u.email, u.phone, u.avatar_url AS "avatarUrl", u.user_status AS "userStatus", u.created_at AS "createdAt",
      p.status, p.status_key AS "statusKey", p.date_of_birth::text AS "dateOfBirth", p.gender, p.height_inches AS "heightInches",
      p.bmi_start AS "bmiStart", p.bmi_current AS "bmiCurrent", p.weight_start AS "weightStart", p.weight_current AS "weightCurrent",
      p.weight_goal AS "weightGoal", p.dose_spot_url AS "doseSpotUrl",
      ${address("shipping")} AS shipping, ${address("billing")} AS billing,
      ${image(3, sql`(up.image_kind IS NULL OR up.image_kind = 'front')`)} AS "idPhoto",
      ${image(3, sql`up.image_kind = 'selfie'`)} AS selfie,
      ${image(4, sql`(up.image_kind IS NULL OR up.image_kind = 'front')`)} AS "insuranceFront",
      ${image(4, sql`up.image_kind = 'back'`)} AS "insuranceBack",
      lt.review_status AS "latestReview", lt.sub_status AS "latestReviewSub",
      (SELECT json_build_object('status', s.status, 'pendingCancellation', s.pending_cancellation) FROM subscriptions s
        WHERE s.patient_id = u.id ORDER BY (s.status IN (0, 1, 2)) DESC, s.id DESC LIMIT 1) AS "latestSub"
    FROM users u JOIN patients p ON p.user_id = u.id
    LEFT JOIN LATERAL (SELECT t.review_status,
        (SELECT s.status FROM subscriptions s WHERE s.treatment_id = t.id ORDER BY s.id DESC LIMIT 1) AS sub_status
      FROM treatments t WHERE t.patient_id = u.id ORDER BY t.id DESC LIMIT 1) lt ON true
    WHERE u.id = ${patientId} AND u.role = 'patients'`,
  );
  if (!r) return null;
  const img = (i: Image) => (i ? { uploadId: i.id, title: i.title, url: uploadFilePath(r.id, i.id) } : null);
  const statusKey = isPatientStatusKey(r.statusKey) ? r.statusKey : "registered";
  return {
    id: r.id,
    firstName: r.firstName,
    middleName: r.middleName,
    lastName: r.lastName,
    fullName: r.fullName,
    email: r.email,
    phone: r.phone,
    avatarUrl: r.avatarUrl,
    userStatus: r.userStatus,
    dateOfBirth: r.dateOfBirth,
    age: r.dateOfBirth ? ageOn(r.dateOfBirth, todayIso()) : null,
    gender: r.gender,
    heightInches: r.heightInches,
    bmiStart: r.bmiStart,
    bmiCurrent: r.bmiCurrent,
    weightStart: r.weightStart,
    weightCurrent: r.weightCurrent,
    weightGoal: r.weightGoal,
    shippingAddress: r.shipping,
    billingAddress: r.billing,
    idPhoto: img(r.idPhoto),
    selfie: img(r.selfie),
    insuranceCardFront: img(r.insuranceFront),
    insuranceCardBack: img(r.insuranceBack),
    treatmentStatus: r.latestReview ? displayedState(r.latestReview, r.latestReviewSub as SubscriptionStatus | null) : null,
    planStatus: r.latestSub ? patientSubscriptionLabel(r.latestSub.status as SubscriptionStatus, r.latestSub.pendingCancellation) : null,
    status: r.status,
    statusKey,
    statusLabel: PATIENT_STATUS_KEY_LABELS[statusKey],
    doseSpotUrl: r.doseSpotUrl,
    createdAt: iso(r.createdAt)!,
  };
}

type SubJson = {
  id: number;
  status: number;
  membershipStatus: string;
  pendingCancellation: boolean;
  cycleMonths: number;
  nextChargeAt: string | null;
  lastShipmentAt: string | null;
  endsAt: string | null;
  items: NonNullable<TreatmentDetail["subscription"]>["items"];
};
type TreatmentRow = {
  id: number;
  patientId: number;
  sectionType: number;
  reviewStatus: TreatmentReviewStatus;
  reviewKind: "new_patient" | "refill";
  providerId: number | null;
  createdAt: unknown;
  reviewedAt: unknown;
  productName: string | null;
  providerName: string | null;
  subscription: SubJson | null;
};

/** Treatments with their product, provider and newest subscription (with items), newest first. */
export async function loadTreatments(db: Db, where: SQL, limit = 100): Promise<TreatmentDetail[]> {
  const found = await rows<TreatmentRow>(
    db,
    sql`SELECT t.id, t.patient_id AS "patientId", t.section_type AS "sectionType", t.review_status AS "reviewStatus",
      t.review_kind AS "reviewKind", t.provider_id AS "providerId", t.created_at AS "createdAt", t.reviewed_at AS "reviewedAt",
      pr.name AS "productName", pu.full_name AS "providerName",
      (SELECT json_build_object('id', s.id, 'status', s.status, 'membershipStatus', s.membership_status,
          'pendingCancellation', s.pending_cancellation, 'cycleMonths', s.cycle_months, 'nextChargeAt', s.next_charge_at,
          'lastShipmentAt', s.last_shipment_at, 'endsAt', s.ends_at,
          'items', (SELECT coalesce(json_agg(json_build_object('id', si.id, 'name', p2.name, 'variant', v.name, 'dosage', v.dosage,
              'isAddon', si.is_addon, 'dosageCycleEnabled', v.dosage_cycle_enabled, 'dosageCycle', v.dosage_cycle)
              ORDER BY si.is_addon, si.id), '[]'::json)
            FROM subscription_items si JOIN product_variants v ON v.id = si.variant_id JOIN products p2 ON p2.id = v.product_id
            WHERE si.subscription_id = s.id))
        FROM subscriptions s WHERE s.treatment_id = t.id ORDER BY s.id DESC LIMIT 1) AS subscription
    FROM treatments t LEFT JOIN products pr ON pr.id = t.product_id LEFT JOIN users pu ON pu.id = t.provider_id
    WHERE ${where} ORDER BY t.id DESC LIMIT ${limit}`,
  );
  return found.map(toTreatmentDetail);
}

export function toTreatmentDetail(r: TreatmentRow): TreatmentDetail {
  const sub = r.subscription;
  return {
    id: r.id,
    patientId: r.patientId,
    sectionType: r.sectionType,
    reviewStatus: r.reviewStatus,
    reviewKind: r.reviewKind,
    providerId: r.providerId,
    createdAt: iso(r.createdAt)!,
    reviewedAt: iso(r.reviewedAt),
    productName: r.productName,
    provider: r.providerId !== null && r.providerName !== null ? { id: r.providerId, fullName: r.providerName } : null,
    displayedState: displayedState(r.reviewStatus, (sub?.status ?? null) as SubscriptionStatus | null),
    nextStatuses: nextStatuses("update-status", r.reviewStatus),
    subscription: sub
      ? {
          ...sub,
          nextChargeAt: iso(sub.nextChargeAt),
          lastShipmentAt: iso(sub.lastShipmentAt),
          endsAt: iso(sub.endsAt),
          items: sub.items.map((i) => ({ ...i, dosageCycle: i.dosageCycle ?? null })),
        }
      : null,
  };
}
