/**
 * The patient record's plain rules (no zod: the browser's checks import them): the limits of the staff profile
 * edit (heights and weights) and the pairing of the string patient statuses of spec §4 with their numeric code,
 * which `POST /api/v1/patient/update-status` sets together. Contract: ./patients.ts.
 */
import { PatientStatus, type PatientStatusKey } from "./enums.ts";

/** Height in inches and weights in pounds a profile edit accepts (a person, not a typo). */
export const HEIGHT_INCHES = { min: 36, max: 96 } as const;
export const WEIGHT_LB = { min: 50, max: 1000 } as const;

/** Message keys of the record's own field rules (locales/<lng>/validation.json). */
export const PV = {
  height: "validation.patient.height",
  weight: "validation.patient.weight",
  statusKey: "validation.patient.status",
} as const;

/** The numeric status stored with each string status (spec §4 lists both; the pairs are ours). */
export const PATIENT_STATUS_OF_KEY: Record<PatientStatusKey, PatientStatus> = {
  active: PatientStatus.Active,
  paid_patient: PatientStatus.PaidPatient,
  missing_information: PatientStatus.MissingInformation,
  ready_to_review_new_patient: PatientStatus.ReadyToReviewNewPatient,
  prior_authorization: PatientStatus.PriorAuthorization,
  awaiting_coverage: PatientStatus.AwaitingCoverage,
  compounding_patient: PatientStatus.CompoundingPatient,
  active_patient_prescription_renews: PatientStatus.ActivePatientPrescriptionRenews,
  registered: PatientStatus.Active,
  requires_two_way: PatientStatus.RequiresTwoWay,
  health_history: PatientStatus.HealthHistory,
  intake_completed: PatientStatus.IntakeCompleted,
  unresponsive: PatientStatus.Unresponsive,
  two_way_before_approval: PatientStatus.TwoWayBeforeApproval,
  pending_cancellation: PatientStatus.PendingCancellation,
  ready_to_review_refill: PatientStatus.ReadyToReviewRefill,
  waiting_on_client_for_prior_auth: PatientStatus.WaitingOnClientForPriorAuth,
  waiting_on_client_compound: PatientStatus.WaitingOnClientCompound,
  on_pause: PatientStatus.OnPause,
  declined_authorization: PatientStatus.Declined,
  subscribed: PatientStatus.Subscribed,
  declined: PatientStatus.Declined,
  canceled: PatientStatus.Inactive,
  nc_decline: PatientStatus.Declined,
  no_payment_method: PatientStatus.MissingInformation,
  no_show: PatientStatus.Unresponsive,
};

/** A number in [min, max] written as digits with at most one decimal point (the browser check and the schema agree). */
export function measureProblem(raw: string, limits: { min: number; max: number }, key: string): string | null {
  const s = raw.trim();
  if (s === "") return null;
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(s)) return key;
  const n = Number(s);
  return n < limits.min || n > limits.max ? key : null;
}

/** Staff roles that may assign a treatment's provider and change its review status (see api/domain/permissions.ts). */
export const TREATMENT_EDITOR_ROLES = ["providers", "providerUsers", "medicalSupport", "medicalSupportManagers"] as const;
