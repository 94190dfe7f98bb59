/**
 * The data model (spec §3 and §4). One table per entity, in the spec's words.
 * Enumerations with numeric codes in the spec are stored as their numeric code (smallint); the string
 * forms live in api/contract/enums.ts. Migrations are generated from this file with `npm run db:generate`
 * and committed under api/db/migrations; the same SQL runs on PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { USER_ROLES } from "../contract/roles.ts";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Users of every role (spec §4 roles, guest excepted: a guest has no row). */
export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    role: text("role", { enum: USER_ROLES }).notNull(),
    firstName: text("first_name").notNull().default(""),
    middleName: text("middle_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    fullName: text("full_name")
      .notNull()
      .generatedAlwaysAs(sql`btrim(first_name || ' ' || last_name)`),
    phone: text("phone"),
    avatarUrl: text("avatar_url"),
    /** medicalDoctor, physiciansAssistant, nurse, nursePractitioner, customerSupport, or null (empty). */
    profession: text("profession", {
      enum: ["medicalDoctor", "physiciansAssistant", "nurse", "nursePractitioner", "customerSupport"],
    }),
    userStatus: text("user_status", { enum: ["active", "pending", "suspended", "inactive"] })
      .notNull()
      .default("active"),
    /** Time zone as an offset from UTC in minutes (e.g. -420 for UTC-07:00). */
    utcOffsetMinutes: smallint("utc_offset_minutes").notNull().default(0),
    /** IANA time zone chosen by the user (the offset follows it), or null. */
    timeZone: text("time_zone"),
    /** Object-storage key of the profile picture (avatarUrl is /api/v1/avatars/{key}), or null. */
    avatarKey: text("avatar_key"),
    locale: text("locale", { enum: ["en-US", "es-US"] }).notNull().default("en-US"),
    availability: text("availability", { enum: ["available", "unavailable", "unknown"] })
      .notNull()
      .default("unknown"),
    totpSecretEnc: text("totp_secret_enc"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** A secret handed out by get-totp-secret, enabled once verify-totp confirms a code from it. */
    totpPendingSecretEnc: text("totp_pending_secret_enc"),
    /** The last TOTP time step accepted: a code is single-use within its window. */
    totpLastStep: integer("totp_last_step"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    index("users_role_full_name_idx").on(t.role, t.fullName, t.id),
    index("users_full_name_idx").on(t.fullName, t.id),
    index("users_full_name_trgm_idx").using("gin", sql`${t.fullName} gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("users_phone_idx").on(t.phone),
    // Search of the patients list by an email address or its beginning (LIKE 'abc%' on lower(email)).
    index("users_email_lower_pattern_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    // Global search (issue 13): prefix matches in byte order ("C"), so `like 'abc%'` is a range of the index and
    // `order by … limit n` reads n entries and stops, whatever the number of matches.
    index("users_search_full_name_c_idx").on(sql`lower(${t.fullName}) collate "C"`, t.id).where(sql`${t.role} = 'patients'`),
    index("users_search_last_name_c_idx").on(sql`lower(${t.lastName}) collate "C"`, t.id).where(sql`${t.role} = 'patients'`),
    index("users_search_email_c_idx").on(sql`lower(${t.email}) collate "C"`, t.id).where(sql`${t.role} = 'patients'`),
    index("users_search_phone_reverse_c_idx").on(sql`reverse(${t.phone}) collate "C"`, t.id).where(sql`${t.role} = 'patients'`),
    // Search by part of a phone number (global search: digits anywhere in the number).
    index("users_phone_trgm_idx").using("gin", sql`${t.phone} gin_trgm_ops`),
    uniqueIndex("users_avatar_key_uq").on(t.avatarKey),
  ],
);

/** Server-side sessions. The cookie carries a random token; only its SHA-256 hash is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    idleTimeoutSeconds: integer("idle_timeout_seconds").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_hash_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Service sections / journeys (spec §3 enum; haircare added as 4). */
export const serviceSections = pgTable("service_sections", {
  id: smallint("id").primaryKey(),
  key: text("key").notNull().unique(),
  slug: text("slug").notNull().unique(),
});

/** Patient profile, one per user of role patients. Numeric and string statuses of spec §4. */
export const patients = pgTable(
  "patients",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Numeric patient status (spec §4: Inactive 0 … Subscribed 22). */
    status: smallint("status").notNull().default(1),
    /** String patient status (spec §4: active, paid_patient, … no_show). */
    statusKey: text("status_key").notNull().default("registered"),
    dateOfBirth: date("date_of_birth"),
    gender: text("gender", { enum: ["female", "male", "other"] }),
    heightInches: real("height_inches"),
    weightStart: real("weight_start"),
    weightCurrent: real("weight_current"),
    weightGoal: real("weight_goal"),
    bmiStart: real("bmi_start"),
    bmiCurrent: real("bmi_current"),
    doseSpotUrl: text("dose_spot_url"),
    isProgressAvailability: boolean("is_progress_availability").notNull().default(false),
    hasPharmacyAccess: boolean("has_pharmacy_access").notNull().default(false),
    isPharmacyAvailability: boolean("is_pharmacy_availability").notNull().default(false),
    referralCode: text("referral_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("patients_status_idx").on(t.status, t.userId),
    index("patients_status_key_idx").on(t.statusKey, t.userId),
    // Search of the patients list and global search by date of birth.
    index("patients_date_of_birth_idx").on(t.dateOfBirth),
    // Refer a friend: a code typed by a friend finds its patient (issue 18).
    index("patients_referral_code_idx").on(t.referralCode),
  ],
);

/** Shipping and billing addresses (spec §3 Address). One of each type per user. */
export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addressType: text("address_type", { enum: ["shipping", "billing"] }).notNull(),
    title: text("title").notNull(),
    addressFirstName: text("address_first_name").notNull(),
    addressLastName: text("address_last_name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2").notNull().default(""),
    locality: text("locality").notNull(),
    administrativeArea: text("administrative_area").notNull(),
    postalCode: text("postal_code").notNull(),
    countryCode: text("country_code").notNull().default("US"),
    /** Digits with a leading plus sign, e.g. +15551234567. */
    phone: text("phone").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("addresses_user_type_uq").on(t.userId, t.addressType)],
);

/** Saved payment methods. Never a full card number: brand, last 4, expiry and the provider's token. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("local"),
    providerToken: text("provider_token").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: smallint("exp_month").notNull(),
    expYear: smallint("exp_year").notNull(),
    /** Name on the card, as entered (no other card data). */
    holderName: text("holder_name").notNull().default(""),
    isPrimary: boolean("is_primary").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_methods_user_idx").on(t.userId),
    // At most one primary card per patient.
    uniqueIndex("payment_methods_user_primary_uq").on(t.userId).where(sql`${t.isPrimary}`),
  ],
);

/**
 * Billing ledger (api/domain/billing): the patient as a customer of the billing provider. With the local
 * provider (the default) these tables ARE the billing system; with a hosted one they mirror it (chargebee-sync).
 */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("local"),
    providerCustomerId: text("provider_customer_id").notNull(),
    currency: text("currency").notNull().default("usd"),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("billing_customers_user_provider_uq").on(t.userId, t.provider)],
);

/** Invoices (spec §4 statuses: draft, open, paid, payment_due, not_paid, voided, posted, past_due). Amounts in cents. */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("local"),
    providerInvoiceId: text("provider_invoice_id").notNull(),
    number: text("number").notNull(),
    status: text("status", { enum: ["draft", "open", "paid", "payment_due", "not_paid", "voided", "posted", "past_due"] }).notNull(),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    amountCents: integer("amount_cents").notNull(),
    amountPaidCents: integer("amount_paid_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    issuedOn: date("issued_on").notNull(),
    dueOn: date("due_on"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    /** The commerce core's key (api/domain/commerce): one invoice per checkout or per renewal period, however often asked. */
    idempotencyKey: text("idempotency_key"),
    /** The subscription this invoice bills (a checkout's plan, a renewal); null for a one-off or a synced invoice. */
    subscriptionId: integer("subscription_id").references((): AnyPgColumn => subscriptions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_uq").on(t.number),
    uniqueIndex("invoices_idempotency_uq").on(t.userId, t.idempotencyKey),
    index("invoices_subscription_idx").on(t.subscriptionId, t.id),
    uniqueIndex("invoices_provider_id_uq").on(t.provider, t.providerInvoiceId),
    index("invoices_user_period_idx").on(t.userId, t.periodStart, t.id),
    check(
      "invoices_status_ck",
      sql`${t.status} in ('draft', 'open', 'paid', 'payment_due', 'not_paid', 'voided', 'posted', 'past_due')`,
    ),
    check("invoices_amounts_ck", sql`${t.amountCents} >= 0 and ${t.amountPaidCents} >= 0`),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: smallint("position").notNull().default(0),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitAmountCents: integer("unit_amount_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId, t.position)],
);

/** One-time billing portal sessions (GET /api/v1/profile/portal-session); only the token's SHA-256 is kept. */
export const billingPortalSessions = pgTable(
  "billing_portal_sessions",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("local"),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("billing_portal_sessions_token_uq").on(t.tokenHash), index("billing_portal_sessions_user_idx").on(t.userId)],
);

/** Catalogue products (medications, add-ons, pharmacy items). */
export const products = pgTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    sectionType: smallint("section_type")
      .notNull()
      .references(() => serviceSections.id),
    kind: text("kind", { enum: ["medication", "addon", "pharmacy"] }).notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    isLive: boolean("is_live").notNull().default(true),
    requiresPrescription: boolean("requires_prescription").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("products_section_idx").on(t.sectionType, t.kind)],
);

/** Product variants: dosage, plan period and price; dosage cycle for titrated medications. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    dosage: text("dosage").notNull().default(""),
    /** Plan period in months (3, 6 or 12; 1 for one-off pharmacy items). */
    periodMonths: smallint("period_months").notNull().default(1),
    supply: text("supply").notNull().default(""),
    shippingFrequencyDays: smallint("shipping_frequency_days").notNull().default(30),
    priceCents: integer("price_cents").notNull(),
    dosageCycleEnabled: boolean("dosage_cycle_enabled").notNull().default(false),
    /** Ordered list of doses per cycle month, e.g. ["2.5mg","5mg","7.5mg"]. */
    dosageCycle: jsonb("dosage_cycle").$type<string[]>(),
  },
  (t) => [index("product_variants_product_idx").on(t.productId)],
);

/** A treatment request inside a journey: reviewed by a provider (spec §4 review status). */
export const treatments = pgTable(
  "treatments",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sectionType: smallint("section_type")
      .notNull()
      .references(() => serviceSections.id),
    productId: integer("product_id").references(() => products.id),
    reviewStatus: text("review_status", { enum: ["pending", "approved", "cancelled", "declined"] })
      .notNull()
      .default("pending"),
    /** Assigned provider (reviewer). */
    providerId: integer("provider_id").references(() => users.id, { onDelete: "set null" }),
    /** Ready-to-review kind for the review queue: new patient or refill. */
    reviewKind: text("review_kind", { enum: ["new_patient", "refill"] }).notNull().default("new_patient"),
    intakeAnswers: jsonb("intake_answers").$type<Record<string, unknown>>(),
    /** The care journey this request belongs to (journeys); null for rows made before journeys existed. */
    journeyId: integer("journey_id").references((): AnyPgColumn => journeys.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The patients list (GET /api/v1/treatments/provider-list, api/contract/provider-list.ts) filters and sorts
     * treatments by their patient's status and name. Copies of those patient fields, kept by triggers
     * (migration 0011, hand-written part: on INSERT of a treatment, on a change of the patient's status or name),
     * so every list query reads one table through one index. Never written by the application.
     */
    patientStatus: smallint("patient_status").notNull().default(1),
    patientStatusKey: text("patient_status_key").notNull().default("registered"),
    patientName: text("patient_name").notNull().default(""),
    /** The list tab of this treatment (PATIENT_LIST_TAB_RULES in api/contract/provider-list.ts); null: only in "all". */
    listTab: text("list_tab").generatedAlwaysAs(sql`CASE
      WHEN patient_status_key IN ('registered', 'health_history', 'intake_completed', 'requires_two_way', 'two_way_before_approval', 'paid_patient') AND review_status = 'pending' THEN 'new_intake'
      WHEN patient_status_key IN ('ready_to_review_new_patient', 'ready_to_review_refill') AND review_status = 'pending' THEN 'review_ready'
      WHEN patient_status_key = 'missing_information' THEN 'missing_information'
      WHEN patient_status_key IN ('nc_decline', 'declined_authorization', 'no_payment_method') THEN 'nc_decline'
      WHEN patient_status_key IN ('awaiting_coverage', 'prior_authorization', 'waiting_on_client_for_prior_auth', 'compounding_patient', 'waiting_on_client_compound') THEN 'awaiting_coverage'
      WHEN patient_status_key IN ('active', 'subscribed') THEN 'active'
      WHEN patient_status_key IN ('registered', 'health_history', 'intake_completed', 'requires_two_way', 'two_way_before_approval', 'paid_patient', 'ready_to_review_new_patient', 'ready_to_review_refill') AND review_status = 'approved' THEN 'active'
      WHEN patient_status_key = 'active_patient_prescription_renews' THEN 'renewals'
      WHEN patient_status_key IN ('unresponsive', 'no_show') THEN 'unresponsive'
      WHEN patient_status_key IN ('canceled', 'declined', 'on_pause', 'pending_cancellation') THEN 'inactive'
    END`),
  },
  (t) => [
    index("treatments_patient_idx").on(t.patientId, t.id),
    // The patients list (api/contract/provider-list.ts): every tab × sort × filter it offers reads one of these.
    index("treatments_list_tab_id_idx").on(t.listTab, t.id),
    index("treatments_list_tab_name_idx").on(t.listTab, t.patientName, t.id),
    index("treatments_patient_name_idx").on(t.patientName, t.id),
    index("treatments_patient_name_trgm_idx").using("gin", sql`${t.patientName} gin_trgm_ops`),
    // A search by full name ("first last"): the start of the name, lower-cased, as a C-collated range.
    index("treatments_patient_name_c_idx").on(sql`lower(${t.patientName}) collate "C"`, t.id),
    index("treatments_provider_id_idx").on(t.providerId, t.id),
    index("treatments_provider_tab_id_idx").on(t.providerId, t.listTab, t.id),
    index("treatments_section_id_idx").on(t.sectionType, t.id),
    index("treatments_section_tab_id_idx").on(t.sectionType, t.listTab, t.id),
    index("treatments_pending_kind_id_idx").on(t.reviewKind, t.id).where(sql`${t.reviewStatus} = 'pending'`),
    index("treatments_pending_kind_tab_id_idx").on(t.reviewKind, t.listTab, t.id).where(sql`${t.reviewStatus} = 'pending'`),
    index("treatments_inactive_id_idx").on(t.listTab, t.id).where(sql`${t.patientStatus} = 0`),
    index("treatments_active_status_id_idx").on(t.listTab, t.id).where(sql`${t.patientStatus} <> 0`),
    // Past due (pending reviews by age) and the workload (open reviews per provider).
    index("treatments_pending_created_idx").on(t.createdAt, t.id).where(sql`${t.reviewStatus} = 'pending'`),
    index("treatments_provider_pending_created_idx").on(t.providerId, t.createdAt, t.id).where(sql`${t.reviewStatus} = 'pending'`),
    // The workload: a provider's open reviews, their patients and the past-due ones, read from the index alone.
    index("treatments_provider_pending_patient_idx").on(t.providerId, t.patientId, t.createdAt).where(sql`${t.reviewStatus} = 'pending'`),
    index("treatments_provider_review_idx").on(t.providerId, t.reviewStatus, t.id),
    // Staff access (api/domain/patient-access.ts): the patients of the treatments a provider is assigned.
    index("treatments_provider_patient_idx").on(t.providerId, t.patientId),
    index("treatments_review_idx").on(t.reviewStatus, t.id),
    index("treatments_journey_idx").on(t.journeyId, t.id),
    // The manager dashboard's review turnaround (issue 19): the reviews of a week, read from the index alone.
    index("treatments_reviewed_at_idx").on(t.reviewedAt, t.createdAt).where(sql`${t.reviewedAt} IS NOT NULL`),
  ],
);

/** Subscriptions (spec §4: Future 0, Active 1, Paused 2, Cancelled 3, NotRenewed 4, Unknown 100, Deleted 101). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    treatmentId: integer("treatment_id").references(() => treatments.id, { onDelete: "set null" }),
    status: smallint("status").notNull().default(0),
    /** Billing cycle in months. */
    cycleMonths: smallint("cycle_months").notNull().default(3),
    pendingCancellation: boolean("pending_cancellation").notNull().default(false),
    membershipStatus: text("membership_status").notNull().default("active"),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    nextChargeAt: timestamp("next_charge_at", { withTimezone: true }),
    lastShipmentAt: timestamp("last_shipment_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    scheduledChange: jsonb("scheduled_change").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Self-service and renewals (issue 16 part B; the state machine in api/domain/subscriptions.ts).
    /** The cancellation flow's reason (CANCEL_REASONS) and note, and when the patient cancelled. */
    cancelReason: text("cancel_reason"),
    cancelNote: text("cancel_note"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The one-time retention offer: set when accepted, or when the patient cancelled after seeing it. */
    retentionOfferUsedAt: timestamp("retention_offer_used_at", { withTimezone: true }),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** The patient asked to resume; the resume job charges the card and makes the subscription Active. */
    resumeRequestedAt: timestamp("resume_requested_at", { withTimezone: true }),
    /** A renewal's charge was declined (spec §4 'Card Decline'): retries are scheduled (subscription_renewals). */
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    /**
     * The renewal waits for a check-in (api/domain/check-ins.ts renewalMayProceed): a weight-loss treatment without a
     * check-in approved since the last shipment (or the start). Kept by the triggers of migration 0032_dashboard_counts
     * (on subscriptions, check_ins and treatments) so the dashboard's "renewals blocked" is one index range.
     */
    renewalAwaitsCheckIn: boolean("renewal_awaits_check_in").notNull().default(false),
  },
  (t) => [
    index("subscriptions_patient_idx").on(t.patientId, t.id),
    index("subscriptions_renewal_blocked_idx").on(t.nextChargeAt, t.patientId).where(sql`${t.status} = 1 and ${t.renewalAwaitsCheckIn}`),
    index("subscriptions_status_charge_idx").on(t.status, t.nextChargeAt),
    index("subscriptions_treatment_idx").on(t.treatmentId),
    // The renewal scheduler and the staff renewals list: Future and Active subscriptions by next charge.
    index("subscriptions_upcoming_idx").on(t.nextChargeAt, t.id).where(sql`${t.status} in (0, 1)`),
    index("subscriptions_past_due_idx").on(t.pastDueSince, t.id).where(sql`${t.pastDueSince} is not null`),
  ],
);

export const subscriptionItems = pgTable(
  "subscription_items",
  {
    id: id(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id),
    quantity: smallint("quantity").notNull().default(1),
    isAddon: boolean("is_addon").notNull().default(false),
  },
  (t) => [index("subscription_items_subscription_idx").on(t.subscriptionId)],
);

/** Orders and their shipment (spec §4 shipment/order statuses: Queued 1 … SentToPharmacy 9). */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    status: smallint("status").notNull().default(1),
    totalCents: integer("total_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    dateOrdered: timestamp("date_ordered", { withTimezone: true }).notNull().defaultNow(),
    dateShipped: timestamp("date_shipped", { withTimezone: true }),
    fulfiller: text("fulfiller"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    /** The invoice that paid for it (api/domain/commerce); null for orders made before the commerce core. */
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** The commerce core's key: one order per checkout or renewal period, however often asked. */
    idempotencyKey: text("idempotency_key"),
    /** Where it came from: the patient's checkout or a subscription's renewal. */
    source: text("source", { enum: ["checkout", "renewal"] }).notNull().default("checkout"),
  },
  (t) => [
    index("orders_patient_idx").on(t.patientId, t.id),
    index("orders_status_idx").on(t.status, t.id),
    uniqueIndex("orders_idempotency_uq").on(t.patientId, t.idempotencyKey),
    index("orders_invoice_idx").on(t.invoiceId),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id),
    quantity: smallint("quantity").notNull().default(1),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

/**
 * Staff tasks (spec §3 Task, §4 statuses ToDo 1 … ToBeDiscussed 6, categories 1–11, sources).
 * providerId is the assignee; sectionType the journey.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    htmlDescription: text("html_description").notNull().default(""),
    status: smallint("status").notNull().default(1),
    patientId: integer("patient_id").references(() => users.id, { onDelete: "set null" }),
    providerId: integer("provider_id").references(() => users.id, { onDelete: "set null" }),
    sectionType: smallint("section_type").references(() => serviceSections.id),
    source: text("source", { enum: ["provider", "email", "chat", "phone"] }),
    category: smallint("category"),
    auto: boolean("auto").notNull().default(false),
    dateAssigned: timestamp("date_assigned", { withTimezone: true }).notNull().defaultNow(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_status_id_idx").on(t.status, t.id),
    index("tasks_provider_status_id_idx").on(t.providerId, t.status, t.id),
    index("tasks_patient_idx").on(t.patientId, t.id),
    // A journey or category filter inside a status tab reads a keyset range instead of the whole tab
    // (bench: "no task matches" read the tab, ~370 ms at 1M tasks).
    index("tasks_section_status_id_idx").on(t.sectionType, t.status, t.id),
    index("tasks_category_status_id_idx").on(t.category, t.status, t.id),
    // Sort by dateAssigned: about 250 ms → 4 ms at 1M tasks (bench/results/tasks.json).
    index("tasks_date_assigned_id_idx").on(t.dateAssigned, t.id),
    index("tasks_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("tasks_search_title_c_idx").on(sql`lower(${t.title}) collate "C"`, t.id),
    check("tasks_status_ck", sql`${t.status} between 1 and 6`),
    check("tasks_category_ck", sql`${t.category} is null or ${t.category} between 1 and 11`),
  ],
);

/** Task comments and activity entries (spec §3 descriptionUpdates). */
export const taskComments = pgTable(
  "task_comments",
  {
    id: id(),
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["comment", "activity"] }).notNull().default("comment"),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("task_comments_task_idx").on(t.taskId, t.id)],
);

/** Chat rooms between a patient and staff, by category (e.g. medical, support, pharmacy). */
export const chats = pgTable(
  "chats",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    treatmentId: integer("treatment_id").references(() => treatments.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    assignedProviderId: integer("assigned_provider_id").references(() => users.id, { onDelete: "set null" }),
    botEnabled: boolean("bot_enabled").notNull().default(false),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: createdAt(),
    // ── chat (issue 17): the maintained unread figures, kept by the triggers of migration chat_messaging ──
    /** The newest message's id (0: none). */
    lastMessageId: integer("last_message_id").notNull().default(0),
    /** Staff (and automatic) messages the patient has not read. */
    patientUnreadCount: integer("patient_unread_count").notNull().default(0),
    /** The patient's messages no staff member has read (the team reads a chat together). */
    staffUnreadCount: integer("staff_unread_count").notNull().default(0),
    /** The last message the patient / the staff side has read (0: none). */
    patientReadMessageId: integer("patient_read_message_id").notNull().default(0),
    staffReadMessageId: integer("staff_read_message_id").notNull().default(0),
  },
  (t) => [
    uniqueIndex("chats_patient_category_uq").on(t.patientId, t.category),
    index("chats_assigned_last_idx").on(t.assignedProviderId, t.lastMessageAt),
    index("chats_last_message_idx").on(t.lastMessageAt),
    // The staff lists (issue 17): unread, read, and unread assigned to one provider, newest first.
    index("chats_staff_unread_idx").on(sql`${t.lastMessageAt} desc`, sql`${t.id} desc`).where(sql`${t.staffUnreadCount} > 0`),
    index("chats_staff_read_idx").on(sql`${t.lastMessageAt} desc`, sql`${t.id} desc`).where(sql`${t.staffUnreadCount} = 0 and ${t.lastMessageAt} is not null`),
    index("chats_assigned_unread_idx").on(t.assignedProviderId, sql`${t.lastMessageAt} desc`, sql`${t.id} desc`).where(sql`${t.staffUnreadCount} > 0`),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    /** Sanitised HTML: p, b, i, u, strong, em, br, a only (spec §5). */
    message: text("message").notNull(),
    createdAt: createdAt(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** chat (issue 17): written by the bot (an automatic acknowledgement), shown as such to staff. */
    automatic: boolean("automatic").notNull().default(false),
  },
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.id)],
);

/** The last message each participant has read in a chat (unread counts). */
export const chatReads = pgTable(
  "chat_reads",
  {
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);

/** Uploaded documents (spec §3 document category: Lab results 1, Bloodwork 2, ID 3, Insurance 4, Other 5). */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    uploadedById: integer("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    category: smallint("category").notNull(),
    title: text("title").notNull().default(""),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Key in the object store (local disk by default), never a path under the web root. */
    storageKey: text("storage_key").notNull(),
    status: text("status", { enum: ["for_review", "completed"] }).notNull().default("for_review"),
    /** InvisibleToPatient 0, VisibleToPatient 1. */
    visibility: smallint("visibility").notNull().default(1),
    /**
     * Which image of the record an upload is (spec §3: insurance card front and back, ID photo, selfie): the front
     * or back of an ID or insurance card, or a selfie (category ID); null for any other document.
     */
    imageKind: text("image_kind", { enum: ["front", "back", "selfie"] }),
    createdAt: createdAt(),
  },
  (t) => [
    index("uploads_patient_idx").on(t.patientId, t.id),
    index("uploads_status_idx").on(t.status, t.id),
    // The record's overview picks the newest ID, selfie and insurance front/back of one patient.
    index("uploads_patient_category_idx").on(t.patientId, t.category, t.id),
  ],
);

/**
 * Visit records (spec §3 Visit record: recordForm fields, providerId, visitType): what a clinician recorded for a
 * visit about one treatment. The clinical review issue's record-visit step writes them
 * (POST /api/v1/patient/{patientId}/treatment/{treatmentId}/record); the patient record's visits tab reads them.
 */
export const visitRecords = pgTable(
  "visit_records",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    treatmentId: integer("treatment_id").references(() => treatments.id, { onDelete: "set null" }),
    providerId: integer("provider_id").references(() => users.id, { onDelete: "set null" }),
    /** e.g. async (intake review), video, phone, follow_up. */
    visitType: text("visit_type", { enum: ["async", "video", "phone", "follow_up"] }).notNull(),
    /** The record form's fields as entered: field name → value (strings, numbers, booleans, lists of strings). */
    recordForm: jsonb("record_form").$type<Record<string, string | number | boolean | string[] | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("visit_records_patient_idx").on(t.patientId, t.createdAt, t.id),
    // Payouts (issue 19): a provider's visits of a period.
    index("visit_records_provider_created_idx").on(t.providerId, t.createdAt),
  ],
);

/**
 * Visit notes (spec §3 Visit note): a provider's or a nurse's note about a patient, optionally about a treatment.
 * The nurse-note flow (record note) writes kind 'nurse'; the provider's review writes kind 'provider'.
 */
export const visitNotes = pgTable(
  "visit_notes",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    treatmentId: integer("treatment_id").references(() => treatments.id, { onDelete: "set null" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["provider", "nurse"] }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("visit_notes_patient_idx").on(t.patientId, t.createdAt, t.id)],
);

/**
 * Weight entries (spec §3 Milestone: weight, date): the patient's weight history in pounds, from the intake,
 * the patient's own check-ins or staff. The progress issue writes the patient's; the record's progress tab reads them.
 */
export const weightEntries = pgTable(
  "weight_entries",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weightLb: real("weight_lb").notNull(),
    measuredOn: date("measured_on").notNull(),
    source: text("source", { enum: ["intake", "patient", "staff"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("weight_entries_patient_idx").on(t.patientId, t.measuredOn, t.id),
    check("weight_entries_weight_ck", sql`${t.weightLb} > 0 and ${t.weightLb} < 1500`),
  ],
);

// ── clinical review: prescriptions and messages (H2) ──
/**
 * Prescriptions (spec §3 Prescription: diagnosis code, instructions, units dose; §7 update-dosage-instruction):
 * what a clinician prescribed for a treatment. Append-only history: a change of the dosage instruction is a new
 * row, and the row it replaces gets `superseded_at` (so the current one is the treatment's row without it; a
 * partial unique index keeps one). `provider` names the e-prescribing adapter that took it (api/domain/eprescribe/).
 */
export const prescriptions = pgTable(
  "prescriptions",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    treatmentId: integer("treatment_id")
      .notNull()
      .references(() => treatments.id, { onDelete: "cascade" }),
    prescriberId: integer("prescriber_id").references(() => users.id, { onDelete: "set null" }),
    /** ICD-10 code of the shipped list (api/contract/clinical-review-rules.ts ICD10_CODES). */
    diagnosisCode: text("diagnosis_code").notNull(),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** The medication as prescribed (product and variant names at the time: the catalogue may change later). */
    medication: text("medication").notNull(),
    instructions: text("instructions").notNull(),
    unitsDose: text("units_dose").notNull(),
    /** The doses per cycle month, e.g. ["2.5mg","5mg"]; null when the medication has no dosage cycle. */
    dosageCycle: jsonb("dosage_cycle").$type<string[]>(),
    provider: text("provider", { enum: ["local", "dosespot"] }).notNull().default("local"),
    externalId: text("external_id"),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The prescriber's signature as it was when the prescription was written (staff_signatures' typed name and picture
     * key, copied in the same transaction): the printed prescription shows these, never the signature as it is now.
     * Both null when the prescriber had none. A picture referenced here is never deleted (api/routes/signatures.ts).
     */
    signatureTypedName: text("signature_typed_name"),
    signatureImageKey: text("signature_image_key"),
  },
  (t) => [
    index("prescriptions_treatment_idx").on(t.treatmentId, t.id),
    index("prescriptions_signature_image_idx").on(t.signatureImageKey).where(sql`${t.signatureImageKey} is not null`),
    index("prescriptions_patient_idx").on(t.patientId, t.id),
    uniqueIndex("prescriptions_current_uq").on(t.treatmentId).where(sql`${t.supersededAt} is null`),
  ],
);

/**
 * Message templates (spec §3 Message template: group, category, name, text, variables) of the "inform the patient"
 * step: `group` is the journey's slug, `category` the outcome (approved, declined, changes, prescription…), one row
 * per language. `text` holds {{variables}} (api/domain/message-templates.ts fills them).
 */
export const messageTemplates = pgTable(
  "message_templates",
  {
    id: id(),
    group: text("group").notNull(),
    category: text("category").notNull(),
    name: text("name").notNull(),
    locale: text("locale", { enum: ["en-US", "es-US"] }).notNull(),
    text: text("text").notNull(),
    variables: jsonb("variables").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("message_templates_group_idx").on(t.group, t.locale, t.category, t.id)],
);

/**
 * Staff access to a patient (spec §6 "Staff can be given access to a patient"): an explicit grant, from the
 * patient's access-management tab. Revoking keeps the row (revokedAt) so the tab can show who had access.
 * Who may see which patient is decided in one place, api/domain/patient-access.ts.
 */
export const staffPatientAccess = pgTable(
  "staff_patient_access",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    grantedById: integer("granted_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedById: integer("revoked_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // One live grant per staff member and patient.
    uniqueIndex("staff_patient_access_live_uq").on(t.patientId, t.staffId).where(sql`${t.revokedAt} is null`),
    index("staff_patient_access_staff_idx").on(t.staffId, t.patientId).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Dependent staff (spec §3 "Staff access and dependent staff"): a staff member who works under a supervising
 * staff member (e.g. a provider's assistant) and sees the patients the supervisor sees. One level: a dependent's
 * own dependents do not inherit through them.
 */
export const staffDependents = pgTable(
  "staff_dependents",
  {
    supervisorId: integer("supervisor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dependentId: integer("dependent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.supervisorId, t.dependentId] }),
    index("staff_dependents_dependent_idx").on(t.dependentId, t.supervisorId),
    check("staff_dependents_not_self_ck", sql`${t.supervisorId} <> ${t.dependentId}`),
  ],
);

/**
 * Licenses of clinicians (spec §3 License: state, type, license ID, expiry, collaboration doctor, owner). A
 * provider may approve or prescribe only for a patient whose shipping state is among their active licenses
 * (api/domain/licenses.ts, the clinical review issue); the staff operations issue adds their management.
 * Active: not expired (expires_on on or after today) and not revoked.
 */
export const staffLicenses = pgTable(
  "staff_licenses",
  {
    id: id(),
    /** The owner: the clinician who holds the license. */
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Two-letter US state code, e.g. CA. */
    state: text("state").notNull(),
    /** e.g. MD, DO, NP, PA, RN, DEA. */
    licenseType: text("license_type").notNull(),
    licenseNumber: text("license_number").notNull(),
    expiresOn: date("expires_on").notNull(),
    /** The collaborating physician a nurse practitioner or physician assistant practises with, where the state asks for one. */
    collaboratingDoctorId: integer("collaborating_doctor_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("staff_licenses_staff_state_idx").on(t.staffId, t.state, t.expiresOn),
    index("staff_licenses_state_staff_idx").on(t.state, t.staffId),
    check("staff_licenses_state_ck", sql`${t.state} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * Which staff member sees which patient directly (api/domain/patient-access.ts): one row per (staff, patient) with
 * the number of that staff member's treatments of the patient (treatments.provider_id) and of their live grants
 * (staff_patient_access, not revoked). Kept by the statement triggers of its migration (hand-written part) on
 * treatments and staff_patient_access; a row whose counts both reach 0 is deleted. Dependents (staff_dependents) are
 * not expanded here: a dependent reads the rows of their supervisors too (`staff_id = any(ids)`).
 */
export const staffPatientVisibility = pgTable(
  "staff_patient_visibility",
  {
    staffId: integer("staff_id").notNull(),
    patientId: integer("patient_id").notNull(),
    assigned: integer("assigned").notNull().default(0),
    granted: integer("granted").notNull().default(0),
    /**
     * The patient's orders on hold (status 3) and uploads for review, kept by the triggers of migration
     * 0032_dashboard_counts (hand-written part) so that staff_queue_counts can add and remove a row's share exactly.
     */
    ordersOnHold: integer("orders_on_hold").notNull().default(0),
    uploadsForReview: integer("uploads_for_review").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.patientId] }),
    index("staff_patient_visibility_patient_idx").on(t.patientId, t.staffId),
    // A dependent's union of patient sets (api/domain/staff-dashboard.ts): only the rows with something to count.
    index("staff_patient_visibility_on_hold_idx").on(t.staffId, t.patientId, t.ordersOnHold).where(sql`${t.ordersOnHold} > 0`),
    index("staff_patient_visibility_uploads_idx").on(t.staffId, t.patientId, t.uploadsForReview).where(sql`${t.uploadsForReview} > 0`),
  ],
);

/**
 * The staff dashboard's scoped queue figures (api/domain/staff-dashboard.ts): per staff member, the orders on hold and
 * the uploads for review of the patients in their staff_patient_visibility, i.e. the sums of those rows' columns. Kept
 * in the same transaction as every write by the triggers of migration 0032_dashboard_counts on orders, uploads and
 * staff_patient_visibility; `dashboard_counts_rebuild()` recomputes it (and the renewal flag) from scratch.
 */
export const staffQueueCounts = pgTable("staff_queue_counts", {
  staffId: integer("staff_id").primaryKey(),
  ordersOnHold: integer("orders_on_hold").notNull().default(0),
  uploadsForReview: integer("uploads_for_review").notNull().default(0),
});

/**
 * The staff dashboard's scoped "renewals blocked": per staff member, the subscriptions awaiting a check-in
 * (status Active and renewal_awaits_check_in) of the patients in their staff_patient_visibility, with the next charge,
 * so a provider's count of those due within the window is one index range (staff_id, next_charge_at). Kept by the
 * triggers of migration 0033_staff_renewal_watch on subscriptions and staff_patient_visibility.
 */
export const staffRenewalWatch = pgTable(
  "staff_renewal_watch",
  {
    staffId: integer("staff_id").notNull(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    nextChargeAt: timestamp("next_charge_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.subscriptionId] }),
    index("staff_renewal_watch_due_idx").on(t.staffId, t.nextChargeAt),
    index("staff_renewal_watch_subscription_idx").on(t.subscriptionId),
  ],
);

/**
 * A scoped viewer's patients list (api/domain/provider-list.ts): one row per (staff member, treatment of a patient in
 * their staff_patient_visibility) with the treatment's list tab, so that a provider's page of a tab is one index range
 * (staff_id, list_tab, treatment_id) like the manager's (list_tab, id). Kept by the triggers of its migration
 * (hand-written part): rows of a patient's treatments are added when a (staff, patient) visibility row appears and
 * removed when it goes; a new treatment gets a row per staff member who sees its patient; a treatment's tab change is
 * copied.
 */
export const staffTreatmentList = pgTable(
  "staff_treatment_list",
  {
    staffId: integer("staff_id").notNull(),
    treatmentId: integer("treatment_id")
      .notNull()
      .references(() => treatments.id, { onDelete: "cascade" }),
    listTab: text("list_tab"),
    /**
     * Copies of the treatment's list columns (migration 0017, kept by the same triggers as list_tab), so that a scoped
     * viewer's every filter, sort and past-due page is one index range of their own rows (api/domain/provider-list.ts
     * reads this table under the treatments' column names).
     */
    patientId: integer("patient_id").notNull(),
    patientStatus: smallint("patient_status").notNull(),
    patientName: text("patient_name").notNull(),
    sectionType: smallint("section_type").notNull(),
    providerId: integer("provider_id"),
    reviewStatus: text("review_status").notNull(),
    reviewKind: text("review_kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.treatmentId] }),
    index("staff_treatment_list_tab_idx").on(t.staffId, t.listTab, t.treatmentId),
    index("staff_treatment_list_treatment_idx").on(t.treatmentId),
    // The filters and sorts of the patients list and past due, per staff member (the treatments' own indexes, with staff_id first).
    index("staff_treatment_list_inactive_idx").on(t.staffId, t.treatmentId).where(sql`${t.patientStatus} = 0`),
    index("staff_treatment_list_inactive_tab_idx").on(t.staffId, t.listTab, t.treatmentId).where(sql`${t.patientStatus} = 0`),
    index("staff_treatment_list_kind_idx").on(t.staffId, t.reviewKind, t.treatmentId).where(sql`${t.reviewStatus} = 'pending'`),
    index("staff_treatment_list_kind_tab_idx").on(t.staffId, t.reviewKind, t.listTab, t.treatmentId).where(sql`${t.reviewStatus} = 'pending'`),
    index("staff_treatment_list_section_idx").on(t.staffId, t.sectionType, t.treatmentId),
    index("staff_treatment_list_section_tab_idx").on(t.staffId, t.sectionType, t.listTab, t.treatmentId),
    // INCLUDE (list_tab, review_status): migration 0022, hand-written (Drizzle has no INCLUDE).
    index("staff_treatment_list_provider_idx").on(t.staffId, t.providerId, t.treatmentId),
    index("staff_treatment_list_name_idx").on(t.staffId, t.patientName, t.treatmentId),
    index("staff_treatment_list_tab_name_idx").on(t.staffId, t.listTab, t.patientName, t.treatmentId),
    index("staff_treatment_list_past_due_idx").on(t.staffId, t.createdAt, t.treatmentId).where(sql`${t.reviewStatus} = 'pending'`),
    index("staff_treatment_list_patient_idx").on(t.staffId, t.patientId),
    // A search by name among one staff member's rows: both keys in one GIN index (btree_gin for staff_id).
    index("staff_treatment_list_name_trgm_idx").using("gin", t.staffId, sql`${t.patientName} gin_trgm_ops`),
    index("staff_treatment_list_name_c_idx").on(t.staffId, sql`lower(${t.patientName}) collate "C"`, t.treatmentId),
  ],
);

export const chatAttachments = pgTable(
  "chat_attachments",
  {
    id: id(),
    messageId: integer("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    uploadId: integer("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
  },
  (t) => [index("chat_attachments_message_idx").on(t.messageId)],
);

/** Analytics events (spec §3: Init and PageView with device and browser details). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    name: text("name").notNull().default(""),
    url: text("url").notNull().default(""),
    device: jsonb("device").$type<Record<string, unknown>>(),
    browser: jsonb("browser").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_created_idx").on(t.createdAt)],
);

/**
 * Append-only audit trail of every read or change of patient data (who, role, what, which patient,
 * when, from where). UPDATE, DELETE and TRUNCATE are refused by triggers (0002), and the rows form a hash chain
 * (0009): a BEFORE INSERT trigger, under a lock on the one-row `audit_chain_head`, gives each row the next id,
 * `prev_hash` (the previous row's hash) and `hash` = sha256(prev_hash || audit_event_content(row)), so a changed,
 * removed or inserted row breaks the chain (`npm run audit:verify`, api/db/audit-chain.ts). The API runs as a role
 * that does not own this table (api/db/roles.ts), so it can neither disable the triggers nor rewrite the chain.
 * `patient_ids`: the patients a list read returned. Never holds health details or search text: actions and ids.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    patientId: integer("patient_id"),
    ip: text("ip"),
    outcome: text("outcome", { enum: ["success", "failure", "denied"] }).notNull().default("success"),
    meta: jsonb("meta").$type<Record<string, string | number | boolean | null>>(),
    patientIds: integer("patient_ids").array(),
    /** Set by the chain trigger whatever the insert gives (NOT NULL in the database, see 0009). */
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (t) => [
    index("audit_events_patient_idx").on(t.patientId, t.id),
    index("audit_events_actor_idx").on(t.actorId, t.id),
    index("audit_events_patient_ids_idx").using("gin", t.patientIds),
  ],
);

/**
 * Fixed-window counters for rate limits (sign-in, TOTP, reset, verify), per account and per IP.
 * In the database so that every instance shares them.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/** Single-use tokens sent by email (password reset, email change, email verification); only hashes stored. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** invite: a staff member's first password (issue 19: the set-password link of an email invite, 7 days).
     *  referral_join: the join link of a referral invitation (14 days); `user_id` is the inviter's, `new_email` the
     *  friend's address (no account yet), so the row needs no new table (api/routes/referral-join.ts). */
    kind: text("kind", { enum: ["password_reset", "email_change", "email_verify", "invite", "referral_join"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_tokens_hash_uq").on(t.tokenHash), index("user_tokens_user_idx").on(t.userId, t.kind)],
);

/** TOTP recovery codes: hashed, single-use. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * Outgoing mail. With SMTP_URL set, mail is sent through SMTP and the row records it; on the embedded
 * default the row is the delivery (read it on the development outbox page).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_created_idx").on(t.createdAt)],
);

/**
 * Secrets this deployment made up for itself when the operator gave none (api/domain/secrets.ts): the session
 * secret outside production and the default TOTP encryption key. Kept in the database so every API instance of
 * one deployment, and every restart, uses the same ones; written insert-if-absent so concurrent first starts agree.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// ── clinical review: charts and review queues (H3) ──

/**
 * The ready-for-review queue (api/domain/review-queues.ts): one row per treatment in the patients list's
 * "review_ready" tab (pending, patient status ready_to_review_new_patient / ready_to_review_refill), with the
 * patient's shipping state copied in so that a clinician's licensed states come first through one index range per
 * state. Kept by the statement triggers of its migration (hand-written part) on treatments and addresses; never
 * written by the application.
 */
export const reviewQueue = pgTable(
  "review_queue",
  {
    treatmentId: integer("treatment_id")
      .primaryKey()
      .references(() => treatments.id, { onDelete: "cascade" }),
    patientId: integer("patient_id").notNull(),
    reviewKind: text("review_kind", { enum: ["new_patient", "refill"] }).notNull(),
    /** Two-letter shipping state of the patient (upper case), or null without a shipping address. */
    patientState: text("patient_state"),
    /** The treatment's created_at: waiting since. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("review_queue_created_idx").on(t.createdAt, t.treatmentId),
    index("review_queue_state_created_idx").on(t.patientState, t.createdAt, t.treatmentId),
    // ?kind= of the list: the same two orders within one kind.
    index("review_queue_kind_created_idx").on(t.reviewKind, t.createdAt, t.treatmentId),
    index("review_queue_kind_state_created_idx").on(t.reviewKind, t.patientState, t.createdAt, t.treatmentId),
    index("review_queue_patient_idx").on(t.patientId),
  ],
);

/**
 * Charts (spec §2 charts, §4 chart states To review / Reviewed): the provider's sign-off of a treatment's clinical
 * record. A chart id is a treatment id. A row appears (to_review) when the treatment is approved (trigger of the
 * migration, hand-written part); api/domain/chart-review.ts moves it: signing makes it reviewed (who, when, the
 * consent text's version), a review may be cancelled; a signed chart never changes, later changes are addenda.
 */
export const chartReviews = pgTable(
  "chart_reviews",
  {
    treatmentId: integer("treatment_id")
      .primaryKey()
      .references(() => treatments.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["to_review", "reviewed", "cancelled"] }).notNull().default("to_review"),
    signedById: integer("signed_by_id").references(() => users.id, { onDelete: "set null" }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    /** The version of the provider consent text (CHART_CONSENT_VERSION) the signer confirmed. */
    consentVersion: text("consent_version"),
    cancelledById: integer("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the chart became ready to review (the treatment's approval). */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The signer's signature as it was when they signed (staff_signatures' typed name and picture key, copied in the
     * signing transaction): the chart shows these, never the signature as it is now. Both null when the signer had
     * none. A picture referenced here is never deleted (api/routes/signatures.ts).
     */
    signatureTypedName: text("signature_typed_name"),
    signatureImageKey: text("signature_image_key"),
  },
  (t) => [
    index("chart_reviews_status_created_idx").on(t.status, t.createdAt, t.treatmentId),
    index("chart_reviews_signature_image_idx").on(t.signatureImageKey).where(sql`${t.signatureImageKey} is not null`),
    index("chart_reviews_patient_idx").on(t.patientId, t.treatmentId),
  ],
);

/** A later change to a signed chart (spec: "a signed chart cannot change; a later change is an addendum"). */
export const chartAddenda = pgTable(
  "chart_addenda",
  {
    id: id(),
    treatmentId: integer("treatment_id")
      .notNull()
      .references(() => chartReviews.treatmentId, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chart_addenda_treatment_idx").on(t.treatmentId, t.id)],
);

// ── journeys and check-ins (foundation of issues 14 and 15) ──

/**
 * A patient's care journey (spec §1: weight loss, sexual wellness, pharmacy purchase, haircare): the medical intake
 * saved step by step (answers kept on the server so a patient can leave and resume on any device), then, once
 * submitted, the treatment requests (treatments.journey_id), their subscription and orders. A journey's displayed
 * state comes from its latest treatment; `status` here is only the intake's own progress.
 */
export const journeys = pgTable(
  "journeys",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sectionType: smallint("section_type")
      .notNull()
      .references(() => serviceSections.id),
    /** in_progress: intake being filled; submitted: a treatment was created; denied: not eligible; cancelled: left by the patient. */
    status: text("status", { enum: ["in_progress", "submitted", "denied", "cancelled"] })
      .notNull()
      .default("in_progress"),
    /** The intake's answers by question key (the questionnaire definitions give their types). */
    intakeAnswers: jsonb("intake_answers").$type<Record<string, unknown>>().notNull().default({}),
    /** The step the patient reached (a key of the journey's questionnaire). */
    intakeStep: text("intake_step"),
    /** The product and plan chosen at the end of the intake. */
    productId: integer("product_id").references(() => products.id),
    variantId: integer("variant_id").references(() => productVariants.id),
    /** Why the intake was refused (an upstream message code), when status is denied. */
    denialCode: text("denial_code"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("journeys_patient_idx").on(t.patientId, t.id)],
);

/**
 * Check-in forms (spec §3 Check-in form: date requested, date completed, questions and answers; §4 approval:
 * approved, pending, declined). Requested before each renewal of a weight-loss plan; the patient answers it;
 * staff review it. A renewal waits for an approved check-in.
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: id(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    journeyId: integer("journey_id").references(() => journeys.id, { onDelete: "set null" }),
    treatmentId: integer("treatment_id").references(() => treatments.id, { onDelete: "set null" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the patient should answer by (before the renewal). */
    dueAt: timestamp("due_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The questions asked (key, label key, answer type) and the patient's answers, as answered. */
    questions: jsonb("questions").$type<Array<{ key: string; type: string }>>().notNull().default([]),
    answers: jsonb("answers").$type<Record<string, unknown>>(),
    approval: text("approval", { enum: ["pending", "approved", "declined"] }).notNull().default("pending"),
    reviewedById: integer("reviewed_by_id").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewNote: text("review_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("check_ins_patient_idx").on(t.patientId, t.id),
    // Staff: answered check-ins waiting for review, oldest first.
    index("check_ins_pending_completed_idx")
      .on(t.completedAt, t.id)
      .where(sql`${t.approval} = 'pending' and ${t.completedAt} is not null`),
    index("check_ins_subscription_idx").on(t.subscriptionId, t.id),
  ],
);

// ── intake ──

/**
 * Where a product is NOT offered (issue 15: 'Product unavailable in your state'): one row per product and
 * two-letter state code. A product with no row is offered everywhere we ship; the intake's eligibility
 * (api/domain/intake/eligibility.ts) refuses a plan whose product is excluded in the patient's state of residence.
 * Hand-written in the migration: one open intake per patient and journey kind (journeys_open_intake_uq).
 */
export const productStateExclusions = pgTable(
  "product_state_exclusions",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.state] })],
);
// ── chat ──
// Issue 17 (messaging) adds columns to chats (the maintained unread figures) and chat_messages (automatic), above
// with those tables, and the triggers of its migration (unread counts, last message, NOTIFY chat_events).

// ── pharmacy: coupons (issue 16, part A) ──

/**
 * Coupon codes (spec §3 Coupon code). A code takes a percentage or a fixed amount off an order's first invoice; it
 * may be limited to one plan period (3, 6, 12 months) or one journey, to a date window and to a number of uses.
 * The code is stored upper-case (the patient may type it in any case). Rules: api/contract/pharmacy-rules.ts.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull(),
    percentOff: smallint("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    /** Only plans of this period (months); null: any. */
    periodMonths: smallint("period_months"),
    /** Only products of this journey; null: any. */
    sectionType: smallint("section_type").references(() => serviceSections.id),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    redemptions: integer("redemptions").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_uq").on(t.code),
    check("coupons_discount_ck", sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check("coupons_percent_ck", sql`${t.percentOff} is null or (${t.percentOff} between 1 and 100)`),
    check("coupons_amount_ck", sql`${t.amountOffCents} is null or ${t.amountOffCents} > 0`),
  ],
);

/**
 * One use of a coupon by a patient's order (once per patient and coupon). Keyed by the order's idempotency key, so a
 * retried order request finds its own redemption instead of being refused as "already used".
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: id(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    discountCents: integer("discount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_patient_uq").on(t.couponId, t.patientId),
    uniqueIndex("coupon_redemptions_key_uq").on(t.idempotencyKey),
  ],
);

// ── commerce (issue 16) ──

/**
 * Every charge attempt on an invoice (api/domain/commerce/charges.ts). The idempotency key is unique: asking again
 * with the same key (a double submit, a retried request, a renewal job run twice, a worker that crashed after the
 * provider charged) answers the recorded attempt and never charges twice. A new attempt (a retry after a decline)
 * takes a new key. Amounts in cents.
 */
export const charges = pgTable(
  "charges",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    provider: text("provider").notNull().default("local"),
    /** pending: asked of the provider, answer not recorded yet (a crash here is resolved by asking again with the key). */
    status: text("status", { enum: ["pending", "succeeded", "declined"] }).notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    idempotencyKey: text("idempotency_key").notNull(),
    providerChargeId: text("provider_charge_id"),
    /** The provider's reason for a decline (e.g. card_declined, insufficient_funds); never card data. */
    declineCode: text("decline_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("charges_idempotency_uq").on(t.idempotencyKey),
    index("charges_invoice_idx").on(t.invoiceId, t.id),
    index("charges_user_idx").on(t.userId, t.id),
    check("charges_status_ck", sql`${t.status} in ('pending', 'succeeded', 'declined')`),
    check("charges_amount_ck", sql`${t.amountCents} >= 0`),
  ],
);

// ── subscriptions: renewals (issue 16 part B) ──

/**
 * One renewal of a subscription for one period (the next charge it renews): the renewal job's record, unique per
 * subscription and period so a renewal runs once however many workers or restarts (api/domain/renewals.ts). Its
 * invoice, charge and order come from the commerce core under keys derived from this row
 * (`renewal:{subscriptionId}:{periodStart}`), so a rerun after a crash finds them instead of charging again.
 * status: pending (claimed, working), blocked (check-in or prescription missing; retried by the scheduler),
 * declined (past due; retries at next_retry_at), paid (order created), failed (retries exhausted: NotRenewed),
 * ended (a pending cancellation reached its end date).
 */
export const subscriptionRenewals = pgTable(
  "subscription_renewals",
  {
    id: id(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    patientId: integer("patient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["pending", "blocked", "declined", "paid", "failed", "ended"] }).notNull().default("pending"),
    blocker: text("blocker"),
    /** Charges declined for this period (the retry schedule counts them). */
    declines: smallint("declines").notNull().default(0),
    /** Charge attempts made (each its own idempotency key `…:attempt:{n}`). */
    attempts: smallint("attempts").notNull().default(0),
    firstDeclinedAt: timestamp("first_declined_at", { withTimezone: true }),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    declineCode: text("decline_code"),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscription_renewals_period_uq").on(t.subscriptionId, t.periodStart),
    index("subscription_renewals_retry_idx").on(t.nextRetryAt, t.id).where(sql`${t.status} = 'declined'`),
    index("subscription_renewals_patient_idx").on(t.patientId, t.id),
  ],
);

// ── staff operations (issue 19, part B): schedules, payouts, signature ──

/**
 * A staff member's weekly schedule (spec §3 "schedule settings keyed by staff id"): one row per working range of a
 * weekday, in minutes after midnight Pacific time (the schedule is kept and shown in America/Los_Angeles, spec §9).
 * Ranges of one weekday never overlap (checked by the API with a clear message; the check constraint keeps each
 * range inside its day).
 */
export const staffScheduleRanges = pgTable(
  "staff_schedule_ranges",
  {
    id: id(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 0 = Sunday … 6 = Saturday (the week starts on Sunday, spec §9). */
    weekday: smallint("weekday").notNull(),
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (t) => [
    index("staff_schedule_ranges_staff_idx").on(t.staffId, t.weekday, t.startMinute),
    check("staff_schedule_ranges_ck", sql`${t.weekday} between 0 and 6 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`),
  ],
);

/**
 * A day of the calendar set apart from the weekly schedule (set-day-bulk): its own ranges (Pacific minutes, as
 * above), or none (a day off). A day without a row follows the weekly schedule.
 */
export const staffScheduleDays = pgTable(
  "staff_schedule_days",
  {
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    ranges: jsonb("ranges").$type<Array<{ start: number; end: number }>>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.day] })],
);

/**
 * A provider's payout invoice (spec §3 Invoice of payouts: number, period, amount, payout date): the completed
 * reviews and visits of the period at the rates in force when it was requested. Periods of one provider follow
 * each other without gaps or overlaps (the next starts where the last ended; unique on (staff_id, period_end)).
 */
export const payoutInvoices = pgTable(
  "payout_invoices",
  {
    id: id(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    reviews: integer("reviews").notNull(),
    visits: integer("visits").notNull(),
    reviewRateCents: integer("review_rate_cents").notNull(),
    visitRateCents: integer("visit_rate_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Spec §4 invoice statuses: a request is Open until paid (Paid). */
    status: text("status", { enum: ["open", "paid"] }).notNull().default("open"),
    payoutDate: date("payout_date").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payout_invoices_number_uq").on(t.number),
    uniqueIndex("payout_invoices_staff_period_uq").on(t.staffId, t.periodEnd),
    index("payout_invoices_staff_idx").on(t.staffId, t.id),
    check("payout_invoices_period_ck", sql`${t.periodStart} < ${t.periodEnd} and ${t.amountCents} > 0`),
  ],
);

/**
 * A clinician's signature (spec §6 "providers manage … signature"): the typed name, and a picture (drawn or
 * uploaded, re-encoded to PNG in object storage) or none. Shown on signed charts and printed prescriptions.
 */
export const staffSignatures = pgTable("staff_signatures", {
  staffId: integer("staff_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  typedName: text("typed_name").notNull(),
  imageKey: text("image_key"),
  updatedAt: updatedAt(),
});
// ---------------------------------------------------------------------------------------------------------------
// Refer a friend (issue 18 part 4; api/domain/referrals.ts). A referral is an invitation by email (state invited)
// that a friend claims with the inviter's code (joined) and that qualifies once the friend's paid orders reach
// $99 (qualified: both get a $20 credit, once — the credits' unique keys).

export const referrals = pgTable(
  "referrals",
  {
    id: id(),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address invited, lower-cased (the friend's own address when they claimed a code without an invitation). */
    email: text("email").notNull(),
    friendUserId: integer("friend_user_id").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    qualifiedAt: timestamp("qualified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("referrals_referrer_email_uq").on(t.referrerId, t.email),
    // A patient is referred once.
    uniqueIndex("referrals_friend_uq").on(t.friendUserId),
    index("referrals_referrer_idx").on(t.referrerId, t.id),
    check("referrals_not_self_ck", sql`${t.friendUserId} IS NULL OR ${t.friendUserId} <> ${t.referrerId}`),
  ],
);

/** Money owed to a patient, taken off their next invoice(s) as a negative line by the commerce core's createInvoice. */
export const accountCredits = pgTable(
  "account_credits",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason", { enum: ["referral"] }).notNull(),
    referralId: integer("referral_id").references(() => referrals.id, { onDelete: "set null" }),
    /** The invoice that used this credit; null while open. */
    appliedInvoiceId: integer("applied_invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** One credit per key: `referral:<id>:referrer`, `referral:<id>:friend`, `rest:<credit id>` (the unused part of a credit). */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("account_credits_key_uq").on(t.idempotencyKey),
    index("account_credits_user_idx").on(t.userId, t.id),
    check("account_credits_amount_ck", sql`${t.amountCents} > 0`),
  ],
);
