import { data, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { UNAVAILABLE, type UnavailablePayload } from "./upstream-unavailable.ts";

/**
 * The browser's own connection to the web server failed (defect 4; spec §8 "no response"): React Router's fetch
 * of an action or a loader rejected. Without this, the rejection is an error for the nearest error boundary, and
 * the page — with what the user typed — is replaced by "500 Something went wrong". One client middleware on the
 * root route (clientMiddleware in app/root.tsx) turns it, for every route, into:
 *  - a form post (action, or a fetcher's post): the page and its form stay as they are, typed input included
 *    (the route's action data becomes empty, with status 503, so the loaders are not asked again — the shell's,
 *    which always revalidates, keeps its data as below), and the toast "Please check your internet connection
 *    and try again.";
 *  - a revalidation of the page on screen (after a post, the 30-second unread-count poll) or a fetcher's load:
 *    the data already on screen stays (a fetcher gets none), with the same toast;
 *  - a navigation to another page: that page cannot be shown, so the same 503 "Service unavailable" page as for
 *    a down upstream (app/lib/upstream-unavailable.ts: the §8 text and a link to try again), not a 500.
 * Without JavaScript there is nothing to do: the browser shows its own offline page and keeps the form's input
 * when the user goes back.
 */

/** A fetch that got no response is a TypeError (Fetch standard); its text differs by browser. */
const NETWORK_TEXT = /fetch|network|load failed/i;

/** A loader's failure is the error itself; an action's comes wrapped in `data()` (DataWithResponseInit), as its `data`. */
export function isConnectionFailure(error: unknown): boolean {
  const e = error instanceof TypeError ? error : (error as { data?: unknown } | null)?.data;
  return e instanceof TypeError && NETWORK_TEXT.test(e.message);
}

/** The event that makes the Toaster show the §8 toast (app/components/toaster.tsx), one at a time: a post and the
 * shell's revalidation after it fail together. */
export const CONNECTION_LOST_EVENT = "th:connection-lost";

/**
 * The router's state: the loader data on screen and the navigation under way, if any. Framework mode keeps the
 * router on `window.__reactRouterDataRouter` (react-router/dom's HydratedRouter sets it and its own code reads it
 * back); typed here as far as this module reads it.
 */
type RouterState = { loaderData: Record<string, unknown>; navigation: { location?: { pathname: string; search: string } } };

export const connectionLostMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const results = await next();
  const state = (window as unknown as { __reactRouterDataRouter?: { state: RouterState } }).__reactRouterDataRouter?.state;
  const get = request.method === "GET";
  // A navigation under way to another address (a revalidation has none; a post's is its own page).
  const to = get ? state?.navigation.location : undefined;
  const elsewhere = !!to && to.pathname + to.search !== location.pathname + location.search;
  let lost = false;
  for (const id in results) {
    if (results[id]!.type !== "error" || !isConnectionFailure(results[id]!.result)) continue;
    lost = true;
    results[id] = elsewhere
      ? { type: "error", result: data<UnavailablePayload>({ reason: UNAVAILABLE }, { status: 503 }) }
      : { type: "data", result: data(get ? state?.loaderData[id] : undefined, { status: 503 }) };
  }
  if (lost && !elsewhere) window.dispatchEvent(new Event(CONNECTION_LOST_EVENT));
  return results;
};
