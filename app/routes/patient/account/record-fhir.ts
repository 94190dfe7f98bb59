import type { Route } from "./+types/record-fhir";
import { ACCOUNT_PATHS } from "~/components/account/paths";
import { getT } from "~/lib/i18n.server";
import { myRecordFile } from "~/lib/record-export.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * GET /patient/account/security/record — the patient's own record as a FHIR R4 Bundle (JSON attachment), streamed from
 * the API. When it cannot be had (the API down, something that is not the file) the patient goes back to account
 * security with an error toast, never a broken download.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const file = await myRecordFile(context);
  if (file) return file;
  return redirectWithToast(context, `${ACCOUNT_PATHS.security}#my-record`, "error", getT(context)("security:record.download.failed"));
}
