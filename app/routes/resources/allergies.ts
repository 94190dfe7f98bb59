import { data } from "react-router";
import type { Route } from "./+types/allergies";
import { searchAllergies } from "~/lib/clinical-review.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * GET /resources/allergies?q= — the allergies combobox's matches (app/components/clinical/allergy-picker.tsx) as JSON.
 * The clinicians of the record-visit step (app/lib/access.ts). An upstream failure answers no matches: the next
 * keystroke tries again, and the search button still works.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 60);
  try {
    return data({ q, allergies: await searchAllergies(context, q) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data({ q, allergies: [] }, { headers: { "Cache-Control": "no-store" } });
  }
}
