import { data } from "react-router";
import { trackRequestSchema } from "../../../api/contract/users";
import type { Route } from "./+types/track";
import { isSameOriginRequest } from "~/lib/csrf.server";
import { trackApi } from "~/lib/track.server";

/** What the browser may send: the upstream contract itself (sizes bounded; the upstream validates again). */
const trackSchema = trackRequestSchema;

/**
 * Analytics from the browser (app/lib/analytics.ts) → POST /api/v1/track with the user's upstream session.
 * Only our own pages may post here (fetch metadata / Origin, plus the X-Requested-With header that a
 * cross-site form cannot send). Answers 204 and never shows a toast: analytics failures are silent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isSameOriginRequest(request) !== true || request.headers.get("x-requested-with") !== "XMLHttpRequest") {
    return data(null, { status: 403 });
  }
  const parsed = trackSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data(null, { status: 400 });
  try {
    await trackApi(context).record(parsed.data);
  } catch {
    // Silent: analytics never bothers the user.
  }
  return new Response(null, { status: 204 });
}
