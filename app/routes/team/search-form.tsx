import { redirect } from "react-router";
import { areaOf } from "~/lib/area";
import type { Route } from "./+types/search-form";

/**
 * Target of the header's search form (GET ?search=…, works without JavaScript): the global search
 * results route is /staff/search/{search} or /manager/search/{search} (spec §2 globalSearch). Search runs only on non-empty text (§5).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const area = areaOf(url.pathname);
  const search = (url.searchParams.get("search") ?? "").trim();
  return redirect(search ? `/${area}/search/${encodeURIComponent(search)}` : `/${area}`);
}

/**
 * Never shown (the loader always redirects); it makes this a page route, so a role that may not open it gets
 * the not-found page like on every other page, not an empty 404.
 */
export default function SearchForm() {
  return null;
}
