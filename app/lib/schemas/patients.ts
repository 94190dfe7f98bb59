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

/**
 * Profile tab: every field is on the form. conform hands an emptied field over as missing, so the optional ones are
 * optional here and the action sends "" for them (which clears them); names and email stay required.
 */
const u = patientUpdateSchema.shape;
export const patientProfileFormSchema = z.object({
  intent: z.literal("profile"),
  firstName: u.firstName.unwrap(),
  middleName: u.middleName,
  lastName: u.lastName.unwrap(),
  email: u.email.unwrap(),
  phone: u.phone,
  dateOfBirth: u.dateOfBirth,
  gender: u.gender,
  heightInches: u.heightInches,
  weightStart: u.weightStart,
  weightCurrent: u.weightCurrent,
  weightGoal: u.weightGoal,
});

export const patientStatusFormSchema = z.object({
  intent: z.literal("status"),
  statusKey: z.enum(PATIENT_STATUS_KEYS, { error: PV.statusKey }),
});

const treatmentId = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid);

export const assignProviderFormSchema = z.object({
  intent: z.literal("assign"),
  treatmentId,
  /** Missing (the "Not assigned" option) unassigns. */
  providerId: z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid).optional(),
});

export const treatmentStatusFormSchema = z.object({
  intent: z.literal("treatmentStatus"),
  treatmentId,
  reviewStatus: z.enum(TREATMENT_REVIEW_STATUSES, { error: V.required }),
});
