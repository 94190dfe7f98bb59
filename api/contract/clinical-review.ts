/**
 * The clinical review's calls (issue 14, H2; rules and the record form's design in ./clinical-review-rules.ts):
 *
 *   POST /api/v1/patient/{patientId}/treatment/{treatmentId}/record   record a visit (spec §7: recordForm, providerId, visitType)
 *   GET  /api/v1/allergies?q=                                         the allergies picker (spec §7)
 *   POST /api/v1/patient/{patientId}/treatment/{treatmentId}/notes    record a note (ours: nurse for nursing roles, provider for clinicians)
 *   GET  /api/v1/treatments/{id}/prescription                         ours: what the prescription step shows (current
 *                                                                     prescription and its history, the medications, the
 *                                                                     license check, the e-prescribing adapter and its SSO URL)
 *   PUT  /api/v2/treatments/{id}/update-dosage-instruction            spec §7: write the prescription (a new row each time)
 *   GET  /api/v1/prescriptions/{id}                                   ours: one prescription, for the printable page
 *   GET  /api/v1/message-templates?treatmentId=                       ours: the templates for this treatment, filled in
 *   POST /api/v1/patient/{patientId}/treatment/{treatmentId}/inform   ours: send the (edited) message to the patient's chat
 *   GET  /api/v1/chats/messages?chatId=                               spec §7: a chat's messages, newest first (keyset)
 *
 * Decisions:
 * - A prescription is written only for an approved treatment (409 `prescriptions.notApproved`) by a clinician
 *   licensed in the patient's shipping state (409 `licenses.outOfState` / `licenses.noShippingState`,
 *   api/domain/licenses.ts). Each change is a new row; the previous one is marked superseded (history kept).
 * - The patient's chat for the message: the treatment's journey chat category (weight loss → "weight-loss"…) is
 *   not ours to invent, so the message goes to the patient's "medical" chat (created when missing) with the
 *   treatment id on it; the messaging issue may move it.
 * - Object level everywhere: a patient the caller may not see, a treatment of another patient and an unknown id
 *   answer 404 alike.
 */
import { z } from "zod";
import { signatureViewSchema } from "./signatures.ts";
import { V } from "./rules.ts";
import { BLOOD_PRESSURE_PATTERN, CLINICAL_LIMITS as L, CV, ICD10_CODE_VALUES, NOTE_KINDS, VISIT_TYPES, EPRESCRIBE_PROVIDERS } from "./clinical-review-rules.ts";

const text = (max: number) => z.string({ error: V.required }).trim().max(max, V.maxLength);
const requiredText = (max: number) => text(max).min(1, V.required);
/** An optional number from a form or JSON: "" or missing is null. */
const optionalNumber = (min: number, max: number, int = false) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z.union([z.null(), (int ? z.coerce.number({ error: V.invalid }).int(V.invalid) : z.coerce.number({ error: V.invalid })).min(min, V.invalid).max(max, V.invalid)]),
  );
const flag = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());
const id = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid);

/** The record form (see clinical-review-rules.ts for what each field means). */
export const recordFormSchema = z
  .object({
    chiefComplaint: requiredText(L.shortText),
    history: text(L.longText).default(""),
    assessment: requiredText(L.longText),
    plan: requiredText(L.longText),
    notes: text(L.longText).default(""),
    allergies: z.array(z.string().trim().min(1).max(60), { error: CV.allergy }).max(L.allergies, V.maxLength).default([]),
    noKnownAllergies: flag.default(false),
    currentMedications: text(L.longText).default(""),
    weightLb: optionalNumber(50, 1500).default(null),
    bloodPressure: z
      .string()
      .trim()
      .max(7, CV.bloodPressure)
      .refine((v) => v === "" || BLOOD_PRESSURE_PATTERN.test(v), CV.bloodPressure)
      .default(""),
    heartRate: optionalNumber(20, 250, true).default(null),
    followUpWeeks: optionalNumber(0, 52, true).default(null),
    labsOrdered: flag.default(false),
  })
  .strict();
export type RecordForm = z.infer<typeof recordFormSchema>;

export const recordVisitRequestSchema = z
  .object({
    visitType: z.enum(VISIT_TYPES, { error: CV.visitType }),
    /** The clinician of the visit; the caller when missing. Must be an active provider (providers or providerUsers). */
    providerId: id.optional(),
    recordForm: recordFormSchema,
  })
  .strict();

export const visitRecordAnswerSchema = z.object({
  record: z.object({
    id: z.number().int(),
    patientId: z.number().int(),
    treatmentId: z.number().int(),
    providerId: z.number().int().nullable(),
    visitType: z.enum(VISIT_TYPES),
    recordForm: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()])),
    createdAt: z.string(),
  }),
});

export const allergiesQuerySchema = z.object({ q: z.string().max(200, V.maxLength).default("") });
export const allergySchema = z.object({ id: z.string(), kind: z.enum(["drug", "food", "other"]), name: z.string(), en: z.string(), es: z.string() });
export const allergiesAnswerSchema = z.object({ allergies: z.array(allergySchema) });

export const noteRequestSchema = z.object({ body: requiredText(L.noteBody) }).strict();
export const noteAnswerSchema = z.object({
  note: z.object({ id: z.number().int(), patientId: z.number().int(), treatmentId: z.number().int(), kind: z.enum(NOTE_KINDS), body: z.string(), createdAt: z.string() }),
});

export const prescriptionSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  treatmentId: z.number().int(),
  prescriber: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  diagnosisCode: z.string(),
  variantId: z.number().int().nullable(),
  medication: z.string(),
  instructions: z.string(),
  unitsDose: z.string(),
  dosageCycle: z.array(z.string()).nullable(),
  provider: z.enum(EPRESCRIBE_PROVIDERS),
  current: z.boolean(),
  createdAt: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const medicationOptionSchema = z.object({
  variantId: z.number().int(),
  name: z.string().meta({ description: "Product and variant, e.g. Semaglutide · 3 months" }),
  dosage: z.string(),
  dosageCycleEnabled: z.boolean(),
  dosageCycle: z.array(z.string()).nullable(),
});

export const prescriptionContextSchema = z.object({
  treatment: z.object({
    id: z.number().int(),
    patientId: z.number().int(),
    sectionType: z.number().int(),
    reviewStatus: z.enum(["pending", "approved", "cancelled", "declined"]),
    productName: z.string().nullable(),
  }),
  patient: z.object({ id: z.number().int(), fullName: z.string(), dateOfBirth: z.string().nullable(), state: z.string().nullable() }),
  /** The variants of the treatment's product (the subscription's variant first). */
  medications: z.array(medicationOptionSchema),
  current: prescriptionSchema.nullable(),
  history: z.array(prescriptionSchema),
  /** Whether the caller may prescribe now, and why not (a code of api/contract/codes.ts with its params). */
  canPrescribe: z.object({ ok: z.boolean(), code: z.string().nullable(), params: z.record(z.string(), z.string()).nullable() }),
  eprescribe: z.object({ provider: z.enum(EPRESCRIBE_PROVIDERS), configured: z.boolean(), ssoUrl: z.string().nullable() }),
});
export type PrescriptionContext = z.infer<typeof prescriptionContextSchema>;

export const dosageInstructionRequestSchema = z
  .object({
    diagnosisCode: z.enum(ICD10_CODE_VALUES, { error: CV.diagnosisCode }),
    variantId: id,
    instructions: z.string({ error: CV.instructionsRequired }).trim().min(1, CV.instructionsRequired).max(L.instructions, V.maxLength),
    unitsDose: requiredText(L.unitsDose),
    /** The doses per cycle month in order; empty or missing for none. */
    dosageCycle: z.array(z.string().trim().min(1, V.required).max(40, V.maxLength)).max(L.dosageCycle, V.maxLength).default([]),
  })
  .strict();
export const prescriptionAnswerSchema = z.object({ prescription: prescriptionSchema });
export const printablePrescriptionSchema = z.object({
  prescription: prescriptionSchema,
  patient: z.object({ id: z.number().int(), fullName: z.string(), dateOfBirth: z.string().nullable(), address: z.string().nullable() }),
  prescriberLicense: z.object({ state: z.string(), type: z.string(), number: z.string() }).nullable(),
  /** The prescriber's signature (issue 19) as it was when the prescription was written (a copy kept then), or null when there was none. */
  prescriberSignature: signatureViewSchema.nullable(),
});

export const templatesQuerySchema = z.object({ treatmentId: id });
export const messageTemplateSchema = z.object({
  id: z.number().int(),
  group: z.string(),
  category: z.string(),
  name: z.string(),
  locale: z.enum(["en-US", "es-US"]),
  variables: z.array(z.string()),
  /** The template's text with this treatment's values filled in (plain text, editable). */
  text: z.string(),
});
export const templatesAnswerSchema = z.object({ templates: z.array(messageTemplateSchema), locale: z.enum(["en-US", "es-US"]) });

export const informRequestSchema = z
  .object({
    templateId: id.optional(),
    message: z.string({ error: CV.messageEmpty }).trim().min(1, CV.messageEmpty).max(L.message, V.maxLength),
  })
  .strict();
export const informAnswerSchema = z.object({ chatId: z.number().int(), messageId: z.number().int() });

