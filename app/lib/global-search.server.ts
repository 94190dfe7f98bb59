/**
 * Global search (spec §2 header search box, §5, §7 `GET /api/v1/global-search`): the only caller of the search call.
 * The header dropdown asks through /resources/global-search (5 rows per group); the results pages
 * /staff/search/{search} and /manager/search/{search} ask for 20 (api/contract/global-search.ts).
 */
import type { RouterContextProvider } from "react-router";
import type { GlobalSearch } from "../../api/contract/global-search.ts";
import { GLOBAL_SEARCH_DROPDOWN, GLOBAL_SEARCH_MAX_LENGTH, GLOBAL_SEARCH_PAGE } from "../../api/contract/global-search-rules.ts";
import { getT } from "./i18n.server.ts";
import { notifyUpstreamError } from "./toast.server.ts";
import { getUpstream, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;

export const EMPTY_SEARCH: GlobalSearch = { treatments: [], tasks: [], users: [] };

/** The text as the search runs it (§5: trimmed; empty runs nothing), or null. */
export function searchText(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim().slice(0, GLOBAL_SEARCH_MAX_LENGTH);
  return text ? text : null;
}

/** The dropdown's groups; a failure is an empty answer (the box stays quiet, the results page shows the error). */
export async function searchDropdown(context: Context, text: string): Promise<GlobalSearch> {
  try {
    return (await getUpstream(context).call("GET /api/v1/global-search", { query: { search: text, perGroup: GLOBAL_SEARCH_DROPDOWN } })).data;
  } catch (error) {
    if (error instanceof UpstreamError) return EMPTY_SEARCH;
    throw error;
  }
}

/** The results page's groups, or null after a failure (with the §8 toast). */
export async function searchResults(context: Context, text: string): Promise<GlobalSearch | null> {
  try {
    return (await getUpstream(context).call("GET /api/v1/global-search", { query: { search: text, perGroup: GLOBAL_SEARCH_PAGE } })).data;
  } catch (error) {
    notifyUpstreamError(context, error, getT(context));
    return null;
  }
}
