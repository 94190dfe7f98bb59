import type { Route } from "./+types/document-file";
import { documentFile } from "~/lib/documents.server";

/**
 * One of the patient's documents (issue 18, /patient/uploads): the API's file (a PNG re-encoded without metadata, or a
 * rebuilt PDF) as an attachment, `private, no-store`. Another patient's, a hidden or an unknown document: 404.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return documentFile(context, params.id);
}
