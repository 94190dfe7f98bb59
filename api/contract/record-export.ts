/**
 * The patient's record as FHIR R4 and the patient's own access log (issue 18, "My record"). The spec shows no
 * call: these are ours.
 *
 *   GET /api/v1/patient/record/fhir               the caller's own record (patients), application/fhir+json, attachment
 *   GET /api/v1/patient/{patientId}/record/fhir  a patient's record (staff allowed on the patient; 404 otherwise)
 *   GET /api/v1/patient/record/access-log         who on the staff opened the caller's record, newest first (patients)
 *
 * Decisions:
 * - Every export is audited (`patient.record.export`, the patient's own with the patient as actor); the staff ones
 *   appear in the patient's access log.
 * - The access log lists staff rows only (actor_role not patients) whose action is one of RECORD_READ_ACTIONS and
 *   whose patient_id is the caller: keyset paged by id (`cursor` = the last id seen) on audit_events_patient_idx.
 *   The staff member's name and role title are shown; never the IP or the record's internal ids.
 */
import { z } from "zod";
import { MY_ACCESS_LOG_MAX_PAGE, MY_ACCESS_LOG_PAGE } from "./record-export-rules.ts";
export * from "./record-export-rules.ts";

export const myAccessLogQuerySchema = z.object({
  cursor: z.coerce.number().int().positive().max(2147483647).optional(),
  perPage: z.coerce.number().int().min(1).max(MY_ACCESS_LOG_MAX_PAGE).default(MY_ACCESS_LOG_PAGE),
});

export const myAccessLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: z.object({ fullName: z.string(), role: z.string(), roleTitle: z.string() }),
  action: z.string(),
});
export type MyAccessLogEntry = z.infer<typeof myAccessLogEntrySchema>;

export const myAccessLogPagesSchema = z.object({
  totalCount: z.number().int().meta({ description: "Rows on this page (keyset paging: the log is not counted)" }),
  page: z.number().int(),
  perPage: z.number().int(),
  hasMore: z.boolean(),
  nextCursor: z.number().int().nullable(),
});
export type MyAccessLogPages = z.infer<typeof myAccessLogPagesSchema>;
