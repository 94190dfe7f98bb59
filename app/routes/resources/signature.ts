import type { Route } from "./+types/signature";
import { signatureImageResponse } from "~/lib/signature.server";
import { signatureKeyParam } from "../../../api/contract/signatures.ts";

/**
 * Signature pictures (issue 19): the API hands out "/api/v1/signatures/{key}" (a chart's signer, a prescription's
 * prescriber, the clinician's own profile); the web answers that same path with the viewer's session, as the avatars.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = signatureKeyParam.safeParse(params.key);
  if (!key.success) return new Response(null, { status: 404 });
  return signatureImageResponse(context, key.data);
}
