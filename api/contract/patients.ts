/**
 * The patient record of staff and managers (spec §2 patient tabs, §3 Patient text catalogue, §7 patients calls).
 * Every call names one patient; who may see which patient is decided by api/domain/patient-access.ts, and a
 * patient the caller may not see answers 404 exactly like an unknown id (never the record). Every read is an
 * audit event (`patient.read`, `patient.records.read`, `patient.orders.read`, `patient.uploads.read`,
 * `patient.weights.read`, `patient.upload.file`), every change too (`patient.update`, `patient.status.update`).
 *
 * Decisions where the spec says "not shown":
 * - `GET /api/v1/patient/{patientId}` answers the §3 text catalogue in `data.patient`: the images (ID photo, selfie,
 *   insurance card front and back) are URLs of `GET /api/v1/patient/{patientId}/uploads/{uploadId}/file`, which
 *   the web answers at the same path for the staff allowed on this patient (never cached: `private, no-store`).
 *   `treatmentStatus` is the displayed state (§4) of the newest treatment, `planStatus` the patient-facing label
 *   key of the current plan (the newest live subscription: future, active or paused; else the newest one) (§4 Active, Paused, Not renewed, Pending cancellation, Expired).
 * - `GET /api/v1/patient/{patientId}/records`: the visit records and visit notes, newest first, paged by number
 *   (a patient has tens, not thousands; `type` narrows to one kind).
 * - The tabs' reads no call of §7 lists are ours: `GET /api/v1/patient/{patientId}/orders` (with items, status,
 *   tracking link), `/uploads` (category, status, visibility), `/weights` (weight history).
 * - `POST /api/v1/patient/update-status { patientId, statusKey }` sets the string status of §4 and the numeric
 *   status paired with it (api/contract/patient-record-rules.ts).
 * - `POST /api/v2/patients/{id}/update` edits names, date of birth (§5 rules), gender, height, start / current /
 *   goal weight, phone and email: all or nothing (400 with every field's errors, nothing saved), BMI recomputed.
 */
import { z } from "zod";
import { GENDERS, PATIENT_STATUS_KEYS, TREATMENT_REVIEW_STATUSES, type PatientStatus } from "./enums.ts";
import { addressSchema } from "./users.ts";
import { NAME_PATTERN, dateOfBirth, email, personName, phone, V } from "./validation.ts";
import { HEIGHT_INCHES, PV, WEIGHT_LB, measureProblem } from "./patient-record-rules.ts";
import { idField } from "./tasks.ts";

export * from "./patient-record-rules.ts";

const person = z.object({ id: z.number().int(), fullName: z.string() });

/** An image of the record: the upload's id and the URL that serves it (staff allowed on this patient only). */
export const recordImageSchema = z.object({ uploadId: z.number().int(), url: z.string(), title: z.string() }).nullable();

export const patientOverviewSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  userStatus: z.string(),
  dateOfBirth: z.string().nullable().meta({ description: "yyyy-MM-dd" }),
  age: z.number().int().nullable(),
  gender: z.enum(GENDERS).nullable(),
  heightInches: z.number().nullable(),
  bmiStart: z.number().nullable(),
  bmiCurrent: z.number().nullable(),
  weightStart: z.number().nullable(),
  weightCurrent: z.number().nullable(),
  weightGoal: z.number().nullable(),
  shippingAddress: addressSchema.nullable(),
  billingAddress: addressSchema.nullable(),
  insuranceCardFront: recordImageSchema,
  insuranceCardBack: recordImageSchema,
  idPhoto: recordImageSchema,
  selfie: recordImageSchema,
  treatmentStatus: z.enum(TREATMENT_REVIEW_STATUSES).nullable(),
  planStatus: z.enum(["active", "paused", "not_renewed", "pending_cancellation", "expired"]).nullable(),
  status: z.number().int().meta({ description: "Numeric patient status (spec §4)" }),
  statusKey: z.enum(PATIENT_STATUS_KEYS),
  statusLabel: z.string().meta({ description: "English label of statusKey (spec §4)" }),
  doseSpotUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PatientOverview = z.infer<typeof patientOverviewSchema>;
export const patientAnswerSchema = z.object({ patient: patientOverviewSchema });

/** POST /api/v1/patient/update-status. */
export const patientStatusUpdateSchema = z
  .object({
    patientId: idField(),
    statusKey: z.enum(PATIENT_STATUS_KEYS, { error: PV.statusKey }),
  })
  .strict();
export const patientStatusAnswerSchema = z.object({ patientId: z.number().int(), status: z.number().int(), statusKey: z.enum(PATIENT_STATUS_KEYS) });
export type PatientStatusAnswer = { patientId: number; status: PatientStatus; statusKey: (typeof PATIENT_STATUS_KEYS)[number] };

const measure = (limits: { min: number; max: number }, key: string) =>
  z
    .union([z.number(), z.string()], { error: key })
    .transform((v, ctx): number | null => {
      const s = typeof v === "number" ? String(v) : v;
      if (s.trim() === "") return null;
      const problem = measureProblem(s, limits, key);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem, input: v });
        return z.NEVER;
      }
      return Number(s.trim());
    });

/**
 * POST /api/v2/patients/{id}/update: every field optional (an absent field is left as it is); "" clears the
 * optional ones (middle name, date of birth, gender, height, weights, phone). First and last name stay required.
 */
export const patientUpdateSchema = z
  .object({
    firstName: personName(true).optional(),
    middleName: z.string().trim().max(100, V.maxLength).regex(NAME_PATTERN, V.name).optional(),
    lastName: personName(true).optional(),
    dateOfBirth: dateOfBirth().optional(),
    gender: z.union([z.literal(""), z.enum(GENDERS, { error: V.invalid })]).optional(),
    heightInches: measure(HEIGHT_INCHES, PV.height).optional(),
    weightStart: measure(WEIGHT_LB, PV.weight).optional(),
    weightCurrent: measure(WEIGHT_LB, PV.weight).optional(),
    weightGoal: measure(WEIGHT_LB, PV.weight).optional(),
    phone: z.union([z.literal(""), phone()]).optional(),
    email: email().optional(),
  })
  .strict();
export type PatientUpdate = z.output<typeof patientUpdateSchema>;

/** GET /api/v1/patient/{patientId}/records */
export const RECORDS_MAX_PAGE = 100;
export const patientRecordsQuerySchema = z.object({
  type: z.enum(["visit", "note"]).optional(),
  page: z.coerce.number().int().min(1).max(RECORDS_MAX_PAGE).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});
export const recordFormValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export const patientRecordSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("visit"),
    id: z.number().int(),
    createdAt: z.string(),
    treatmentId: z.number().int().nullable(),
    sectionType: z.number().int().nullable(),
    visitType: z.enum(["async", "video", "phone", "follow_up"]),
    provider: person.nullable(),
    recordForm: z.record(z.string(), recordFormValueSchema),
    /** The names of the record form's allergies (ids of GET /api/v1/allergies) in both languages. */
    allergyNames: z.record(z.string(), z.object({ en: z.string(), es: z.string() })),
  }),
  z.object({
    type: z.literal("note"),
    id: z.number().int(),
    createdAt: z.string(),
    treatmentId: z.number().int().nullable(),
    sectionType: z.number().int().nullable(),
    kind: z.enum(["provider", "nurse"]),
    author: person.nullable(),
    body: z.string(),
  }),
]);
export type PatientRecord = z.infer<typeof patientRecordSchema>;

/** GET /api/v1/patient/{patientId}/orders: newest first, paged by number. */
export const patientOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(RECORDS_MAX_PAGE).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});
export const patientOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  status: z.number().int().meta({ description: "Order status (spec §4: Queued 1 … SentToPharmacy 9)" }),
  totalCents: z.number().int(),
  currency: z.string(),
  dateOrdered: z.string(),
  dateShipped: z.string().nullable(),
  fulfiller: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), dosage: z.string(), quantity: z.number().int(), priceCents: z.number().int() })),
});
export type PatientOrder = z.infer<typeof patientOrderSchema>;

/** GET /api/v1/patient/{patientId}/uploads: newest first, optionally one category. */
export const patientUploadsQuerySchema = z.object({
  category: z.coerce.number().int().min(1).max(5).optional(),
  page: z.coerce.number().int().min(1).max(RECORDS_MAX_PAGE).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(50),
});
export const patientUploadSchema = z.object({
  id: z.number().int(),
  category: z.number().int().meta({ description: "Document category (spec §3: Lab results 1, Bloodwork 2, ID 3, Insurance 4, Other 5)" }),
  title: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(["for_review", "completed"]),
  visibility: z.number().int().meta({ description: "InvisibleToPatient 0, VisibleToPatient 1" }),
  imageKind: z.enum(["front", "back", "selfie"]).nullable(),
  uploadedBy: person.nullable(),
  createdAt: z.string(),
  url: z.string(),
});
export type PatientUpload = z.infer<typeof patientUploadSchema>;

/** GET /api/v1/patient/{patientId}/weights: the weight history, oldest first (at most the last 500 entries). */
export const weightEntrySchema = z.object({
  id: z.number().int(),
  weightLb: z.number(),
  measuredOn: z.string().meta({ description: "yyyy-MM-dd" }),
  source: z.enum(["intake", "patient", "staff"]),
});
export const patientWeightsSchema = z.object({
  weights: z.array(weightEntrySchema),
  weightStart: z.number().nullable(),
  weightGoal: z.number().nullable(),
});
export type WeightEntry = z.infer<typeof weightEntrySchema>;

/** The path of an upload's file (the API's, answered at the same path by the web). */
export const uploadFilePath = (patientId: number, uploadId: number) => `/api/v1/patient/${patientId}/uploads/${uploadId}/file`;
