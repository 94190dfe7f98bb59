/**
 * The enumerations of spec §3 and §4: numeric codes (as stored in the database), their string forms and
 * English labels. The web translates the labels; these are the fallback text and the keys' meaning.
 * Pure: no I/O, no dependencies.
 *
 * Pattern for each enum: a const object `Name` (member → code), a type `Name` (the union of codes),
 * a list `NAME_VALUES` in display order, a label map `NAME_LABELS`, and `isName(x)` / `xFromString` /
 * `xToString` helpers where the spec has a string form.
 */

type ValueOf<T> = T[keyof T];

function valuesOf<const T extends Record<string, string | number>>(o: T): ValueOf<T>[] {
  return Object.values(o) as ValueOf<T>[];
}

/** Builds the inverse of a numeric code → string map, so that string → code lookups stay in sync with one source. */
function invertNumeric<K extends number, V extends string>(m: Record<K, V>): Map<V, K> {
  return new Map(Object.entries(m).map(([k, v]) => [v as V, Number(k) as K]));
}

// ---------------------------------------------------------------------------------------------------
// Service sections (journeys)

/** Service section / journey (spec §3; haircare added as 4). */
export const ServiceSection = { WeightLoss: 1, SexualWellness: 2, PharmacyPurchase: 3, Haircare: 4 } as const;
export type ServiceSection = ValueOf<typeof ServiceSection>;
export const SERVICE_SECTION_VALUES: readonly ServiceSection[] = valuesOf(ServiceSection);

export const SERVICE_SECTION_SLUGS: Record<ServiceSection, string> = {
  1: "weight-loss",
  2: "sexual-wellness",
  3: "pharmacy-purchase",
  4: "haircare",
};
/** The key of service_sections.key (same as the const member name). */
export const SERVICE_SECTION_KEYS: Record<ServiceSection, keyof typeof ServiceSection> = {
  1: "WeightLoss",
  2: "SexualWellness",
  3: "PharmacyPurchase",
  4: "Haircare",
};
export const SERVICE_SECTION_LABELS: Record<ServiceSection, string> = {
  1: "Weight loss",
  2: "Sexual wellness",
  3: "Pharmacy purchase",
  4: "Haircare",
};
/** Journeys a new task may be created in (spec §5: weight loss, sexual wellness, pharmacy purchase). */
export const TASK_JOURNEY_VALUES: readonly ServiceSection[] = [1, 2, 3];

export function isServiceSection(x: unknown): x is ServiceSection {
  return typeof x === "number" && (SERVICE_SECTION_VALUES as readonly number[]).includes(x);
}
const sectionBySlug = invertNumeric(SERVICE_SECTION_SLUGS);
export function serviceSectionFromSlug(slug: string): ServiceSection | undefined {
  return sectionBySlug.get(slug);
}
export function serviceSectionToSlug(section: ServiceSection): string {
  return SERVICE_SECTION_SLUGS[section];
}

// ---------------------------------------------------------------------------------------------------
// Tasks

/** Task status (spec §4). New tasks start as ToDo. */
export const TaskStatus = {
  ToDo: 1,
  InProgress: 2,
  Done: 3,
  WaitingOnClient: 4,
  ToVerifyByTeam: 5,
  ToBeDiscussed: 6,
} as const;
export type TaskStatus = ValueOf<typeof TaskStatus>;
export const TASK_STATUS_VALUES: readonly TaskStatus[] = valuesOf(TaskStatus);

export const TASK_STATUS_STRINGS = {
  1: "todo",
  2: "in_progress",
  3: "done",
  4: "waiting_for_client",
  5: "to_verify_by_team",
  6: "to_be_discussed",
} as const satisfies Record<TaskStatus, string>;
export type TaskStatusString = ValueOf<typeof TASK_STATUS_STRINGS>;
export const TASK_STATUS_STRING_VALUES: readonly TaskStatusString[] = valuesOf(TASK_STATUS_STRINGS);

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  1: "To do",
  2: "In progress",
  3: "Done",
  4: "Waiting for client",
  5: "To verify by team",
  6: "To be discussed",
};
/** Badge colour names of the design system (spec §4). */
export type BadgeColor = "warning" | "lightBlue" | "success" | "primary" | "purple" | "pink" | "error" | "gray";
export const TASK_STATUS_COLORS: Record<TaskStatus, BadgeColor> = {
  1: "warning",
  2: "lightBlue",
  3: "success",
  4: "primary",
  5: "purple",
  6: "pink",
};
/** Tabs of the header task list (spec §9): every status except done. */
export const ACTIVE_TASK_STATUS_STRINGS: readonly TaskStatusString[] = [
  "todo",
  "in_progress",
  "waiting_for_client",
  "to_verify_by_team",
  "to_be_discussed",
];

export function isTaskStatus(x: unknown): x is TaskStatus {
  return typeof x === "number" && (TASK_STATUS_VALUES as readonly number[]).includes(x);
}
const taskStatusByString = invertNumeric(TASK_STATUS_STRINGS);
export function taskStatusFromString(s: string): TaskStatus | undefined {
  return taskStatusByString.get(s as TaskStatusString);
}
export function taskStatusToString(status: TaskStatus): TaskStatusString {
  return TASK_STATUS_STRINGS[status];
}

/** Task category (spec §3). */
export const TaskCategory = {
  MedicalQuestion: 1,
  Refund: 2,
  Cancellation: 3,
  Account: 4,
  IncompleteQuiz: 5,
  PriorAuthorization: 6,
  PharmacyTracking: 7,
  PrescriptionChange: 8,
  LabResult: 9,
  Other: 10,
  TreatmentAssigned: 11,
} as const;
export type TaskCategory = ValueOf<typeof TaskCategory>;
export const TASK_CATEGORY_VALUES: readonly TaskCategory[] = valuesOf(TaskCategory);
export const TASK_CATEGORY_LABELS: Record<TaskCategory, string> = {
  1: "Medical Question",
  2: "Refund",
  3: "Cancellation",
  4: "Account",
  5: "Incomplete Quiz",
  6: "Prior Authorization",
  7: "Pharmacy Tracking",
  8: "Prescription Change",
  9: "Lab results",
  10: "Other",
  11: "Treatment assigned",
};
/** Display order of the category select (spec §4 lists Other last). */
export const TASK_CATEGORY_DISPLAY_ORDER: readonly TaskCategory[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 10];
export function isTaskCategory(x: unknown): x is TaskCategory {
  return typeof x === "number" && (TASK_CATEGORY_VALUES as readonly number[]).includes(x);
}

/** Task source (spec §4), stored as its string. */
export const TASK_SOURCES = ["provider", "email", "chat", "phone"] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];
export const TASK_SOURCE_LABELS: Record<TaskSource, string> = {
  provider: "Provider",
  email: "Email",
  chat: "Chat",
  phone: "Phone",
};
export function isTaskSource(x: unknown): x is TaskSource {
  return typeof x === "string" && (TASK_SOURCES as readonly string[]).includes(x);
}

/** Communication channel (spec §3): the numeric form of a task source. */
export const CommunicationChannel = { Email: 1, Chat: 2, Phone: 3, Provider: 4 } as const;
export type CommunicationChannel = ValueOf<typeof CommunicationChannel>;
export const COMMUNICATION_CHANNEL_VALUES: readonly CommunicationChannel[] = valuesOf(CommunicationChannel);
export const COMMUNICATION_CHANNEL_LABELS: Record<CommunicationChannel, string> = {
  1: "Email",
  2: "Chat",
  3: "Phone",
  4: "Provider",
};
const CHANNEL_SOURCES: Record<CommunicationChannel, TaskSource> = { 1: "email", 2: "chat", 3: "phone", 4: "provider" };
const channelBySource = invertNumeric(CHANNEL_SOURCES);
export function communicationChannelToSource(c: CommunicationChannel): TaskSource {
  return CHANNEL_SOURCES[c];
}
export function communicationChannelFromSource(s: string): CommunicationChannel | undefined {
  return channelBySource.get(s as TaskSource);
}

// ---------------------------------------------------------------------------------------------------
// Patients

/** Patient numeric status (spec §4). 10 and 21 are not used. */
export const PatientStatus = {
  Inactive: 0,
  Active: 1,
  PaidPatient: 2,
  MissingInformation: 3,
  ReadyToReviewNewPatient: 4,
  PriorAuthorization: 5,
  AwaitingCoverage: 6,
  CompoundingPatient: 7,
  ActivePatientPrescriptionRenews: 8,
  Declined: 9,
  RequiresTwoWay: 11,
  HealthHistory: 12,
  IntakeCompleted: 13,
  Unresponsive: 14,
  TwoWayBeforeApproval: 15,
  PendingCancellation: 16,
  ReadyToReviewRefill: 17,
  WaitingOnClientForPriorAuth: 18,
  OnPause: 19,
  WaitingOnClientCompound: 20,
  Subscribed: 22,
} as const;
export type PatientStatus = ValueOf<typeof PatientStatus>;
export const PATIENT_STATUS_VALUES: readonly PatientStatus[] = valuesOf(PatientStatus);
export const PATIENT_STATUS_LABELS: Record<PatientStatus, string> = {
  0: "Inactive",
  1: "Active",
  2: "Paid patient",
  3: "Missing information",
  4: "Ready to review (new patient)",
  5: "Prior authorization",
  6: "Awaiting coverage",
  7: "Compounding patient",
  8: "Active patient, prescription renews",
  9: "Declined",
  11: "Requires two-way",
  12: "Health history",
  13: "Intake completed",
  14: "Unresponsive",
  15: "Two-way before approval",
  16: "Pending cancellation",
  17: "Ready to review (refill)",
  18: "Waiting on client for prior authorization",
  19: "On pause",
  20: "Waiting on client (compound)",
  22: "Subscribed",
};
export function isPatientStatus(x: unknown): x is PatientStatus {
  return typeof x === "number" && (PATIENT_STATUS_VALUES as readonly number[]).includes(x);
}

/** Patient string status (spec §4), stored in patients.status_key. */
export const PATIENT_STATUS_KEYS = [
  "active",
  "paid_patient",
  "missing_information",
  "ready_to_review_new_patient",
  "prior_authorization",
  "awaiting_coverage",
  "compounding_patient",
  "active_patient_prescription_renews",
  "registered",
  "requires_two_way",
  "health_history",
  "intake_completed",
  "unresponsive",
  "two_way_before_approval",
  "pending_cancellation",
  "ready_to_review_refill",
  "waiting_on_client_for_prior_auth",
  "waiting_on_client_compound",
  "on_pause",
  "declined_authorization",
  "subscribed",
  "declined",
  "canceled",
  "nc_decline",
  "no_payment_method",
  "no_show",
] as const;
export type PatientStatusKey = (typeof PATIENT_STATUS_KEYS)[number];
export const PATIENT_STATUS_KEY_LABELS: Record<PatientStatusKey, string> = {
  active: "Active",
  paid_patient: "Paid patient",
  missing_information: "Missing information",
  ready_to_review_new_patient: "Ready to review (new patient)",
  prior_authorization: "Prior authorization",
  awaiting_coverage: "Awaiting coverage",
  compounding_patient: "Compounding patient",
  active_patient_prescription_renews: "Active patient, prescription renews",
  registered: "Registered",
  requires_two_way: "Requires two-way",
  health_history: "Health history",
  intake_completed: "Intake completed",
  unresponsive: "Unresponsive",
  two_way_before_approval: "Two-way before approval",
  pending_cancellation: "Pending cancellation",
  ready_to_review_refill: "Ready to review (refill)",
  waiting_on_client_for_prior_auth: "Waiting on client for prior authorization",
  waiting_on_client_compound: "Waiting on client (compound)",
  on_pause: "On pause",
  declined_authorization: "Declined authorization",
  subscribed: "Subscribed",
  declined: "Declined",
  canceled: "Canceled",
  nc_decline: "NC decline",
  no_payment_method: "No payment method",
  no_show: "No show",
};
/** Patient-facing labels additionally include Card Decline (spec §4). */
export const PATIENT_FACING_STATUS_LABELS: Record<PatientStatusKey | "card_decline", string> = {
  ...PATIENT_STATUS_KEY_LABELS,
  card_decline: "Card Decline",
};
export function isPatientStatusKey(x: unknown): x is PatientStatusKey {
  return typeof x === "string" && (PATIENT_STATUS_KEYS as readonly string[]).includes(x);
}

/** Patient status filter (spec §4). */
export const PATIENT_STATUS_FILTERS = ["inactive", "active"] as const;
export type PatientStatusFilter = (typeof PATIENT_STATUS_FILTERS)[number];
export const PATIENT_STATUS_FILTER_LABELS: Record<PatientStatusFilter, string> = { inactive: "Inactive", active: "Active" };

/** Ready-to-review kinds (spec §4), stored in treatments.review_kind. */
export const READY_TO_REVIEW_KINDS = ["new_patient", "refill"] as const;
export type ReadyToReviewKind = (typeof READY_TO_REVIEW_KINDS)[number];
export const READY_TO_REVIEW_KIND_LABELS: Record<ReadyToReviewKind, string> = { new_patient: "New patient", refill: "Refill" };

/** Patient list tabs (spec §4). */
export const PATIENT_LIST_TABS = [
  "all",
  "new_intake",
  "review_ready",
  "missing_information",
  "nc_decline",
  "awaiting_coverage",
  "active",
  "renewals",
  "unresponsive",
  "inactive",
] as const;
export type PatientListTab = (typeof PATIENT_LIST_TABS)[number];
export const PATIENT_LIST_TAB_LABELS: Record<PatientListTab, string> = {
  all: "All",
  new_intake: "New intake",
  review_ready: "Review ready",
  missing_information: "Missing information",
  nc_decline: "NC decline",
  awaiting_coverage: "Awaiting coverage",
  active: "Active",
  renewals: "Renewals",
  unresponsive: "Unresponsive",
  inactive: "Inactive",
};

export const GENDERS = ["female", "male", "other"] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { female: "Female", male: "Male", other: "Other" };

// ---------------------------------------------------------------------------------------------------
// Orders and shipments

/** Shipment / order status (spec §4). All (-100) is a filter value only, never stored. */
export const ShipmentStatus = {
  All: -100,
  Queued: 1,
  AwaitingShipment: 2,
  OnHold: 3,
  Delivered: 4,
  Shipped: 5,
  PartiallyDelivered: 6,
  Returned: 7,
  Cancelled: 8,
  SentToPharmacy: 9,
} as const;
export type ShipmentStatusFilter = ValueOf<typeof ShipmentStatus>;
/** A stored order status (everything but All). */
export type OrderStatus = Exclude<ShipmentStatusFilter, -100>;
export const ORDER_STATUS_VALUES: readonly OrderStatus[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  1: "Queued",
  2: "Awaiting shipment",
  3: "On hold",
  4: "Delivered",
  5: "Shipped",
  6: "Partially delivered",
  7: "Returned",
  8: "Cancelled",
  9: "Sent to pharmacy",
};
export const SHIPMENT_FILTER_LABELS: Record<ShipmentStatusFilter, string> = { [-100]: "All", ...ORDER_STATUS_LABELS };
/** Statuses in which the parcel has left the fulfiller (tracking number known). */
export const SHIPPED_ORDER_STATUSES: readonly OrderStatus[] = [4, 5, 6, 7];
/**
 * The patient view also shows Packing (spec §4): an order that is paid but has not left the fulfiller
 * (queued, awaiting shipment, sent to pharmacy) reads "Packing" to the patient.
 */
export const PATIENT_ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABELS,
  1: "Packing",
  2: "Packing",
  9: "Packing",
};
export function isOrderStatus(x: unknown): x is OrderStatus {
  return typeof x === "number" && (ORDER_STATUS_VALUES as readonly number[]).includes(x);
}
export function isShipmentStatusFilter(x: unknown): x is ShipmentStatusFilter {
  return x === ShipmentStatus.All || isOrderStatus(x);
}

// ---------------------------------------------------------------------------------------------------
// Subscriptions

/** Subscription / renewal status (spec §4). */
export const SubscriptionStatus = {
  Future: 0,
  Active: 1,
  Paused: 2,
  Cancelled: 3,
  NotRenewed: 4,
  Unknown: 100,
  Deleted: 101,
} as const;
export type SubscriptionStatus = ValueOf<typeof SubscriptionStatus>;
export const SUBSCRIPTION_STATUS_VALUES: readonly SubscriptionStatus[] = valuesOf(SubscriptionStatus);
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  0: "Future",
  1: "Active",
  2: "Paused",
  3: "Cancelled",
  4: "Not renewed",
  100: "Unknown",
  101: "Deleted",
};
export function isSubscriptionStatus(x: unknown): x is SubscriptionStatus {
  return typeof x === "number" && (SUBSCRIPTION_STATUS_VALUES as readonly number[]).includes(x);
}

/** Patient-facing subscription labels (spec §4): Active, Paused, Not renewed, Pending cancellation, Expired. */
export const PATIENT_SUBSCRIPTION_LABELS = {
  active: "Active",
  paused: "Paused",
  not_renewed: "Not renewed",
  pending_cancellation: "Pending cancellation",
  expired: "Expired",
} as const;
export type PatientSubscriptionLabel = keyof typeof PATIENT_SUBSCRIPTION_LABELS;
/** Which patient-facing label a subscription shows. Future counts as active; anything ended is expired. */
export function patientSubscriptionLabel(status: SubscriptionStatus, pendingCancellation: boolean): PatientSubscriptionLabel {
  if (pendingCancellation && (status === 0 || status === 1 || status === 2)) return "pending_cancellation";
  switch (status) {
    case 0:
    case 1:
      return "active";
    case 2:
      return "paused";
    case 4:
      return "not_renewed";
    default:
      return "expired";
  }
}

// ---------------------------------------------------------------------------------------------------
// Treatments and reviews

/** Treatment review status (spec §4), stored as its string. */
export const TREATMENT_REVIEW_STATUSES = ["pending", "approved", "cancelled", "declined"] as const;
export type TreatmentReviewStatus = (typeof TREATMENT_REVIEW_STATUSES)[number];
export const TREATMENT_REVIEW_STATUS_LABELS: Record<TreatmentReviewStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  cancelled: "Cancelled",
  declined: "Declined",
};
export function isTreatmentReviewStatus(x: unknown): x is TreatmentReviewStatus {
  return typeof x === "string" && (TREATMENT_REVIEW_STATUSES as readonly string[]).includes(x);
}
/**
 * The displayed state of a treatment (spec §4): cancelled if the review status is pending, approved or
 * cancelled and the subscription is cancelled or not renewed; otherwise declined if declined; pending if
 * pending; else approved.
 */
export function treatmentDisplayedState(
  reviewStatus: TreatmentReviewStatus,
  subscriptionStatus: SubscriptionStatus | null | undefined,
): TreatmentReviewStatus {
  const ended = subscriptionStatus === SubscriptionStatus.Cancelled || subscriptionStatus === SubscriptionStatus.NotRenewed;
  if (reviewStatus !== "declined" && ended) return "cancelled";
  if (reviewStatus === "declined") return "declined";
  if (reviewStatus === "pending") return "pending";
  return "approved";
}

/** Review state (spec §3): ForReview 0, Completed 1. */
export const ReviewState = { ForReview: 0, Completed: 1 } as const;
export type ReviewState = ValueOf<typeof ReviewState>;
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = { 0: "For review", 1: "Completed" };

/** Review-step state (spec §4). */
export const REVIEW_STEP_STATES = ["approved", "active", "not-active", "disabled"] as const;
export type ReviewStepState = (typeof REVIEW_STEP_STATES)[number];

/**
 * The review-step state of spec §4: the intake step is "approved" once the treatment is no longer pending (even
 * while it is the page shown); otherwise the current step is "active"; the other steps are "not-active" (reachable)
 * when the treatment is approved, else "disabled". Used by the API's review read and by the web's step pages.
 */
export function reviewStepState(step: string, current: string, reviewStatus: TreatmentReviewStatus): ReviewStepState {
  if (step === "review" && reviewStatus !== "pending") return "approved";
  if (step === current) return "active";
  return reviewStatus === "approved" ? "not-active" : "disabled";
}

/** Approval of check-ins (spec §4). */
export const APPROVAL_STATUSES = ["approved", "pending", "declined"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = { approved: "Approved", pending: "Pending", declined: "Declined" };

/** Request status (spec §4): Pending 0, Approved 1, Declined 2, Cancelled 3. */
export const RequestStatus = { Pending: 0, Approved: 1, Declined: 2, Cancelled: 3 } as const;
export type RequestStatus = ValueOf<typeof RequestStatus>;
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = { 0: "Pending", 1: "Approved", 2: "Declined", 3: "Cancelled" };

/** Chart status (spec §4). */
export const CHART_STATUSES = ["to_review", "reviewed"] as const;
export type ChartStatus = (typeof CHART_STATUSES)[number];
export const CHART_STATUS_LABELS: Record<ChartStatus, string> = { to_review: "To review", reviewed: "Reviewed" };

// ---------------------------------------------------------------------------------------------------
// Documents, uploads, visibility

/** Document category (spec §3). */
export const DocumentCategory = { LabResults: 1, Bloodwork: 2, Id: 3, Insurance: 4, Other: 5 } as const;
export type DocumentCategory = ValueOf<typeof DocumentCategory>;
export const DOCUMENT_CATEGORY_VALUES: readonly DocumentCategory[] = valuesOf(DocumentCategory);
export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  1: "Lab results",
  2: "Bloodwork",
  3: "ID",
  4: "Insurance",
  5: "Other",
};
export function isDocumentCategory(x: unknown): x is DocumentCategory {
  return typeof x === "number" && (DOCUMENT_CATEGORY_VALUES as readonly number[]).includes(x);
}

/** Upload status (spec §4), stored as its string. */
export const UPLOAD_STATUSES = ["for_review", "completed"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = { for_review: "For review", completed: "Completed" };

/** Visibility (spec §3). */
export const Visibility = { InvisibleToPatient: 0, VisibleToPatient: 1 } as const;
export type Visibility = ValueOf<typeof Visibility>;
export const VISIBILITY_LABELS: Record<Visibility, string> = { 0: "Invisible to patient", 1: "Visible to patient" };

/** Tab origin (spec §3). */
export const TabOrigin = { PatientTab: 0, ProviderTab: 1 } as const;
export type TabOrigin = ValueOf<typeof TabOrigin>;

// ---------------------------------------------------------------------------------------------------
// Chats

/** Chat categories used for chat rooms (one room per patient and category). */
export const CHAT_CATEGORIES = ["medical", "support", "pharmacy"] as const;
export type ChatCategory = (typeof CHAT_CATEGORIES)[number];
export const CHAT_CATEGORY_LABELS: Record<ChatCategory, string> = {
  medical: "Medical team",
  support: "Customer support",
  pharmacy: "Pharmacy",
};
export function isChatCategory(x: unknown): x is ChatCategory {
  return typeof x === "string" && (CHAT_CATEGORIES as readonly string[]).includes(x);
}

// ---------------------------------------------------------------------------------------------------
// Billing

/** Invoice statuses (spec §4). */
export const INVOICE_STATUSES = ["draft", "open", "paid", "payment_due", "not_paid", "voided", "posted", "past_due"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  open: "Open",
  paid: "Paid",
  payment_due: "Payment due",
  not_paid: "Not paid",
  voided: "Voided",
  posted: "Posted",
  past_due: "Past due",
};

// ---------------------------------------------------------------------------------------------------
// Staff

/** Staff availability (spec §2, §4). */
export const AVAILABILITIES = ["available", "unavailable", "unknown"] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  available: "Available",
  unavailable: "Not available",
  unknown: "Unknown",
};
export function isAvailability(x: unknown): x is Availability {
  return typeof x === "string" && (AVAILABILITIES as readonly string[]).includes(x);
}

/** Account status of a user; only active users are listed in pickers (spec §2). */
export const USER_STATUSES = ["active", "pending", "suspended", "inactive"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: "Active",
  pending: "Pending",
  suspended: "Suspended",
  inactive: "Inactive",
};
