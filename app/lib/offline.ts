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
const NETWORK_TEXT = /failed to fetch|networkerror|load failed|network (?:error|connection)|fetch failed/i;

/** React Router wraps an action's thrown error in `data()` (DataWithResponseInit); the error is its `data`. */
function unwrap(value: unknown): unknown {
  const wrapped = value as { type?: unknown; data?: unknown } | null;
  return wrapped && typeof wrapped === "object" && wrapped.type === "DataWithResponseInit" ? wrapped.data : value;
}

export function isConnectionFailure(error: unknown): boolean {
  const e = unwrap(error);
  return e instanceof TypeError && NETWORK_TEXT.test(e.message);
}

/** The event the Toaster listens to (app/components/toaster.tsx): a toast raised in the browser, by its text key. */
export const CLIENT_TOAST_EVENT = "th:toast";
export type ClientToastDetail = { type: "error"; key: string };

/** One toast per lost request: a post and the shell's revalidation after it fail together. */
let announcedAt = Number.NEGATIVE_INFINITY;
function announce() {
  if (performance.now() - announcedAt < 2_000) return;
  announcedAt = performance.now();
  window.dispatchEvent(new CustomEvent<ClientToastDetail>(CLIENT_TOAST_EVENT, { detail: { type: "error", key: "common:errors.network" } }));
}

/**
 * The router's state: the loader data on screen and whether a navigation to another page is under way. Framework
 * mode keeps the router on `window.__reactRouterDataRouter` (react-router/dom's HydratedRouter sets it and its own
 * code reads it back); typed here as far as this module reads it.
 */
type RouterState = {
  location: { pathname: string; search: string };
  loaderData: Record<string, unknown>;
  navigation: { state: string; location?: { pathname: string; search: string } };
};
function routerState(): RouterState | undefined {
  return (window as unknown as { __reactRouterDataRouter?: { state: RouterState } }).__reactRouterDataRouter?.state;
}

function toOtherPage(state: RouterState | undefined): boolean {
  const target = state?.navigation.state === "loading" ? state.navigation.location : undefined;
  return !!target && (target.pathname !== state!.location.pathname || target.search !== state!.location.search);
}

export const connectionLostMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const results = await next();
  const lost = Object.keys(results).filter((id) => results[id]!.type === "error" && isConnectionFailure(results[id]!.result));
  if (lost.length === 0) return results;
  const state = routerState();
  if (request.method === "GET" && toOtherPage(state)) {
    for (const id of lost) results[id] = { type: "error", result: data<UnavailablePayload>({ reason: UNAVAILABLE }, { status: 503 }) };
    return results;
  }
  announce();
  for (const id of lost) {
    const onScreen = request.method === "GET" && state && id in state.loaderData ? state.loaderData[id] : undefined;
    results[id] = { type: "data", result: data(onScreen, { status: 503 }) };
  }
  return results;
};
