import { redirect } from "react-router";
import type { Route } from "./+types/search-form";

/**
 * Target of the header's search form (GET ?search=…, works without JavaScript): the global search
 * results route is /manager/search/{search} (spec §2 globalSearch). Search runs only on non-empty text (§5).
 */
export function loader({ request }: Route.LoaderArgs) {
  const search = (new URL(request.url).searchParams.get("search") ?? "").trim();
  return redirect(search ? `/manager/search/${encodeURIComponent(search)}` : "/manager");
}
