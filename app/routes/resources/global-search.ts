import { data } from "react-router";
import type { Route } from "./+types/global-search";
import { EMPTY_SEARCH, searchDropdown, searchText } from "~/lib/global-search.server";

/**
 * GET /resources/global-search?search=&key= — the header search dropdown's groups (5 rows each) as JSON for its
 * fetcher (app/components/global-search-box.tsx). `key` is echoed so the box can tell which request an answer
 * belongs to. Staff only (app/lib/access.ts). Empty text answers empty groups without asking the upstream (§5).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const key = (params.get("key") ?? "").slice(0, 200);
  const text = searchText(params.get("search"));
  const result = text ? await searchDropdown(context, text) : EMPTY_SEARCH;
  return data({ ...result, key }, { headers: { "Cache-Control": "no-store" } });
}
