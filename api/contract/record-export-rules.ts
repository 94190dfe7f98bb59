/** The plain constants of the record export and the patient's own access log (no zod: the web imports them). */

/** The export's media type (FHIR R4 JSON) and the file name the patient's browser saves. */
export const FHIR_MEDIA_TYPE = "application/fhir+json";
export const fhirFileName = (patientId: number, date: string) => `record-${patientId}-${date}.json`;

/** The patient's access log: page size. */
export const MY_ACCESS_LOG_PAGE = 20;
export const MY_ACCESS_LOG_MAX_PAGE = 50;

/**
 * The staff reads of a patient's record that the patient's access log lists (audit_events.action, written by
 * api/routes/patients.ts, patient-access.ts, check-ins, and the staff export). List reads (the patients list,
 * global search) are left out: they show a name in a list, they do not open the record.
 */
export const RECORD_READ_ACTIONS = [
  "patient.read",
  "patient.records.read",
  "patient.orders.read",
  "patient.uploads.read",
  "patient.upload.file",
  "patient.weights.read",
  "patient.access.read",
  "patient.record.export",
] as const;
export type RecordReadAction = (typeof RECORD_READ_ACTIONS)[number];
