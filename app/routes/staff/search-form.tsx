import { redirect } from "react-router";
import type { Route } from "./+types/search-form";

/**
 * Target of the header's search form (GET ?search=…, works without JavaScript): the global search
 * results route is /staff/search/{search} (spec §2 globalSearch). Search runs only on non-empty text (§5).
 */
export function loader({ request }: Route.LoaderArgs) {
  const search = (new URL(request.url).searchParams.get("search") ?? "").trim();
  return redirect(search ? `/staff/search/${encodeURIComponent(search)}` : "/staff");
}
