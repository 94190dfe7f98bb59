import type { Route } from "./+types/intake-image";
import { intakeImage } from "~/lib/intake.server";

/**
 * An identification picture of the medical intake (ID photo, selfie, insurance card), for the patient who uploaded
 * it: the API's PNG (re-encoded without metadata), `private, no-store`. Another patient's journey or picture: 404.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return intakeImage(context, params.id, params.uploadId);
}
