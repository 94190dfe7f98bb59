/** The web's addresses of the record downloads (issue 18; app/lib/record-export.server.ts answers them). */
export const MY_RECORD_PATH = "/patient/account/security/record";
export const patientRecordFhirPath = (patientId: number | string) => `/api/v1/patient/${patientId}/record/fhir`;
/** `?log=<cursor>` on account security: an earlier page of the access log (no JavaScript needed). */
export const ACCESS_LOG_PARAM = "log";
