/**
 * The patient record's forms (app/lib/patients.server.ts parses them with parse-form.server): the staff profile
 * edit is the contract's `POST /api/v2/patients/{id}/update` body with the form's intent; the status and treatment
 * forms name one value each. Server only (zod); the browser checks the same rules with
 * app/lib/patient-form-checks.ts.
 */
import { z } from "zod";
import { PATIENT_STATUS_KEYS, TREATMENT_REVIEW_STATUSES } from "../../../api/contract/enums.ts";
import { patientUpdateSchema } from "../../../api/contract/patients.ts";
import { PV } from "../../../api/contract/patient-record-rules.ts";
import { V } from "../../../api/contract/rules.ts";

const blank = (v: unknown) => (v === undefined ? "" : v);

/** Profile tab: every field is on the form, so each is sent ("" clears the optional ones). */
export const patientProfileFormSchema = z.object({
  intent: z.literal("profile"),
  firstName: z.preprocess(blank, patientUpdateSchema.shape.firstName.unwrap()),
  middleName: z.preprocess(blank, patientUpdateSchema.shape.middleName.unwrap()),
  lastName: z.preprocess(blank, patientUpdateSchema.shape.lastName.unwrap()),
  email: z.preprocess(blank, patientUpdateSchema.shape.email.unwrap()),
  phone: z.preprocess(blank, patientUpdateSchema.shape.phone.unwrap()),
  dateOfBirth: z.preprocess(blank, patientUpdateSchema.shape.dateOfBirth.unwrap()),
  gender: z.preprocess(blank, patientUpdateSchema.shape.gender.unwrap()),
  heightInches: z.preprocess(blank, patientUpdateSchema.shape.heightInches.unwrap()),
  weightStart: z.preprocess(blank, patientUpdateSchema.shape.weightStart.unwrap()),
  weightCurrent: z.preprocess(blank, patientUpdateSchema.shape.weightCurrent.unwrap()),
  weightGoal: z.preprocess(blank, patientUpdateSchema.shape.weightGoal.unwrap()),
});

export const patientStatusFormSchema = z.object({
  intent: z.literal("status"),
  statusKey: z.enum(PATIENT_STATUS_KEYS, { error: PV.statusKey }),
});

const treatmentId = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid);

export const assignProviderFormSchema = z.object({
  intent: z.literal("assign"),
  treatmentId,
  providerId: z.preprocess(blank, z.union([z.literal(""), z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid)])),
});

export const treatmentStatusFormSchema = z.object({
  intent: z.literal("treatmentStatus"),
  treatmentId,
  reviewStatus: z.enum(TREATMENT_REVIEW_STATUSES, { error: V.required }),
});
