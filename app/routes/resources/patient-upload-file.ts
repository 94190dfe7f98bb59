import type { Route } from "./+types/patient-upload-file";
import { uploadFile } from "~/lib/patients.server";

/**
 * The record's images (ID photo, selfie, insurance card, uploads): the API hands out
 * "/api/v1/patient/{patientId}/uploads/{uploadId}/file", readable by the staff allowed on that patient only; the
 * web answers that same path with the viewer's session (as the avatars are answered), `private, no-store`.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return uploadFile(context, params.patientId, params.uploadId);
}
