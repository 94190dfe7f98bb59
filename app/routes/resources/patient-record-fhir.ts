import type { Route } from "./+types/patient-record-fhir";
import { patientRecordFile } from "~/lib/record-export.server";

/**
 * A patient's record as a FHIR R4 Bundle for staff (issue 18): the API's path answered by the web with the viewer's
 * session, as an attachment, never cached; 404 for a patient the viewer may not see (the API decides).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return patientRecordFile(context, params.patientId);
}
